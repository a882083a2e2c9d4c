// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "preferences.h"

namespace schedlab::ui {

/** Where the workbench keeps its experiment store (a preference; the CLI takes --db). */
inline QString experimentsDbPath() { return experimentsDatabase().get(); }

} // namespace schedlab::ui
