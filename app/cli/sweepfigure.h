// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/sweep.h"

#include <string>
#include <vector>

namespace schedlab::cli {

/** True when this build can draw charts (built with the GUI's chart module). */
bool canWriteSweepFigures();

/** False with a message listing the presets when `preset` is not one (checked before
 *  a sweep runs, not after). */
bool checkSweepFigurePreset(const std::string &preset, std::string *error);

/**
 * Writes BASE.pdf, BASE.png and BASE.svg: `metric` against the swept value, one line
 * per policy with 95% CI error bars, in the chart preset `preset`. Without the chart
 * module it writes nothing and says so in `error`.
 */
bool writeSweepFigures(const SweepResult &sweep, const std::string &metric, const std::string &base,
                       const std::string &preset, std::vector<std::string> *written,
                       std::string *error);

} // namespace schedlab::cli
