// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clisupport.h"

#include "experiment/sweep.h"

#include <optional>
#include <string>

namespace schedlab::cli {

/** The options of `sweep` (and of `compare --param`, its alias). */
struct SweepArgs
{
    std::string scenario;
    std::string param; ///< PATH=v1,v2,...
    PlaneOptions planes;
    std::string global; ///< architectures, for a global scenario
    std::optional<int> seeds; ///< unset: the preset's, else 5
    int jobs = 0;
    std::string duration;
    std::string out; ///< file prefix; a directory (or a trailing '/') gets sweep.*
    std::string db;
    std::string checkpoint;
    std::string metric; ///< comma-separated; the first is charted
    std::vector<std::string> set; ///< PATH=VALUE, set in the scenario before the sweep
    std::string paper;            ///< a preset's note of what the paper reports
    std::string train;            ///< an agent trained on each value's scenario
    bool trainOnce = false;       ///< ... or once, on the scenario file as given
    bool trainFromPreset = false; ///< skipped when no policy of the sweep runs it
    std::optional<std::uint64_t> trainSeed;
    std::string preset = "ieee-single";
    bool json = false;
    bool resume = false; ///< runs the store (--db) holds complete are not run again
};

/** Runs the sweep and prints or writes its results; returns the exit code. `result`,
 *  when given, receives the sweep's results. */
int sweepCommand(const SweepArgs &args, SweepResult *result = nullptr);

} // namespace schedlab::cli
