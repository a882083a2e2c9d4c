// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/**
 * `run` and `compare` on a global (multi-cluster) scenario: the scenario file has a
 * top-level `global:` map, and `--global` names the architectures (core/global).
 */

#include "global/globalcomparison.h"
#include "global/globalscenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace schedlab::cli {

struct GlobalRunArgs
{
    std::string architectures; ///< comma-separated; empty: two-level
    std::optional<std::uint64_t> seed;
    std::string duration; ///< overrides the arrival window
    bool json = false;
};

struct GlobalCompareArgs
{
    std::string architectures; ///< comma-separated; empty: every architecture
    int seeds = 10;
    int jobs = 0;
    std::string duration;
    std::string out; ///< directory for summary.csv, runs.csv, summary.json
    bool json = false;
};

/**
 * The architectures named in `csv` (comma-separated), or `fallback` when it is empty,
 * each checked against the catalog; nullopt after printing what is wrong.
 */
std::optional<std::vector<std::string>> checkedArchitectures(const std::string &csv,
                                                             std::vector<std::string> fallback);
/** Every architecture of the catalog, in its order. */
std::vector<std::string> allArchitectures();

/** `run` and `compare` of a loaded global scenario (experiment/anyscenario.h tells it apart). */
int runGlobalScenario(global::GlobalScenario scenario, const GlobalRunArgs &args);
int compareGlobalScenario(global::GlobalScenario scenario, const GlobalCompareArgs &args);

/** `compare` of a global scenario checked, ready to run. */
struct PreparedGlobalCompare
{
    GlobalCompareArgs args;
    global::GlobalScenario scenario; ///< with --duration applied
    std::vector<std::string> architectures;
    std::vector<std::uint64_t> seeds;
    int jobs = 1;
};

/** compareGlobalScenario() in two: the options checked (an exit code, said on stderr),
 *  then, once the runs have ended, their table and files (--out, --json). */
int prepareGlobalCompare(global::GlobalScenario scenario, const GlobalCompareArgs &args,
                         PreparedGlobalCompare &out);
int reportGlobalCompare(const PreparedGlobalCompare &prepared,
                        const global::GlobalComparison &comparison);

} // namespace schedlab::cli
