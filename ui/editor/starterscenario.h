// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

namespace schedlab::ui {

/**
 * What File → New starts from: no topology yet, but one multi-arch image, one
 * service and a Poisson workload, so the first nodes drawn can already be run.
 */
Scenario starterScenario();

} // namespace schedlab::ui
