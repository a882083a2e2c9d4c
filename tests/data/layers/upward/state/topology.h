// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include "engine/engine.h"
