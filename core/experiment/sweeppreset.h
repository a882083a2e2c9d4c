// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/scenarioio.h"

#include <optional>
#include <string>
#include <vector>

namespace schedlab {

/**
 * A sweep written down once, so that a figure can be made again with one command
 * (`schedlab-cli sweep PRESET.yaml --out DIR`):
 *
 *     sweep: 1
 *     description: p99 scheduling latency against the number of clusters
 *     scenario: global-multicluster.yaml   # relative to the preset's folder
 *     param: global.clusters
 *     values: [100, 1000, 3000, 10000]
 *     global: [two-level, monolithic, shared-state]   # or dispatch/dequeue/...
 *     seeds: 3
 *     metrics: [sched_latency_ms_p99, conflicts]       # the first is charted
 *     duration: 60s                                    # optional
 *     set: {workload.requests.clips: 50}               # optional: values set first
 *     train: {agent: kais, seed: 1000}                 # optional: trained for each value
 *     paper: "KaiS Fig. 11: the best throughput at 1"  # optional: printed beside ours
 *
 * Options given on the command line take the place of the preset's.
 */
struct SweepPreset
{
    std::string description;
    std::string scenario; ///< the scenario file, resolved against the preset's folder
    std::string param;    ///< the value's path
    std::vector<std::string> values;
    std::vector<std::string> dispatch, dequeue, orchestration, placement, global, metrics;
    int seeds = 0; ///< 0: not given
    std::string duration;
    /** Values set in the scenario before the sweep, path -> value (as `param`). */
    std::vector<std::pair<std::string, std::string>> set;
    std::string paper;          ///< what the paper reports, printed beside the results
    std::string train;          ///< an agent trained for each value; empty: none
    std::uint64_t trainSeed = 0; ///< 0: the scenario's seed
};

struct SweepPresetLoad
{
    std::optional<SweepPreset> preset; ///< set only when there are no errors
    std::vector<ScenarioError> errors;
    bool ok() const { return preset.has_value(); }
};

SweepPresetLoad loadSweepPresetText(const std::string &yaml, const std::string &fileName);
SweepPresetLoad loadSweepPresetFile(const std::string &path);

/** True when the file is a map with a top-level `sweep:` key (a preset, not a scenario). */
bool isSweepPresetFile(const std::string &path);
/** True when the file is a map with a top-level `schedlab:` key (a scenario of either plane). */
bool isScenarioDocumentFile(const std::string &path);

} // namespace schedlab
