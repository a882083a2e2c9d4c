// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/scenarioio.h"

#include <optional>
#include <string>
#include <utility>
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
 *                                                      #   (once: true: on the scenario)
 *     paper: "KaiS Fig. 11: the best throughput at 1"  # optional: printed beside ours
 *     source: KaiS Fig. 11                             # a paper reproduction (reproduce):
 *     time: 1 min                                      #   what a full run takes
 *     claims:                                          #   the paper's results, judged
 *       - {text: "...", metric: throughput_rate, policy: cmmac, than: [fifo], at: "1",
 *          paper: 0.9, expect: same}
 *       - {metric: training_frames, policy: cmmac, at: P4, over: [P1], times: 1.2}
 *       - {metric: training_phi, policy: cmmac, spread: 0.045}
 *     quick: {values: [0, 1], seeds: 1, duration: 60s, episodes: 40} # reproduce --quick
 *
 * Options given on the command line take the place of the preset's.
 */
/**
 * A result of the paper a preset reproduces, set beside SchedLab's by `reproduce`:
 * `policy` (a variant's label, e.g. "cmmac" or "greedy+hpa") does better on `metric`
 * than each of `than` (by the metric's direction), at the sweep value `at` or at
 * every value; or better at `at` than at each value of `over`; and/or the paper's
 * number for `policy` at `at`.
 */
struct PaperClaim
{
    std::string text; ///< the claim in the paper's words
    std::string metric;
    std::string policy;
    std::vector<std::string> than;
    std::string at; ///< empty: every value
    /** With `at` empty: the share of the values the ordering must hold at ("in almost
     *  all cases": 0.9); 1: every value. */
    double share = 1.0;
    /** Sweep values `policy` does worse at than at `at` (a claim about the parameter). */
    std::vector<std::string> over;
    std::optional<double> paper; ///< the paper's value, when it gives one
    /** A goal the policy must meet at `at` (at most, or at least, by the metric's
     *  direction), e.g. a latency "within one second": 1000 ms. */
    std::optional<double> within;
    /** The paper's relative change of `policy` against the first of `than` (-0.39:
     *  39% less), averaged over the values judged. */
    std::optional<double> change;
    /** With `at` and `over`: `policy`'s value at `at` is at least this many times its
     *  value at each of `over`, whichever way the metric improves ("at least 1.2 times
     *  the frames to converge"). */
    std::optional<double> times;
    /** With `at` empty: `policy`'s values at every value lie within this share of the
     *  largest ("within 4.5% of each other": 0.045). */
    std::optional<double> spread;
    /** With `than` and no `at`: the ordering is judged on each policy's mean over
     *  every value ("a higher average throughput rate"), not value by value. */
    bool average = false;
    /** With one rival in `than`, `at` and `over`: the policy's lead over the rival is
     *  smallest at `at` ("close to DRS under the CPU workload"). */
    bool narrowest = false;
    /** Set: the claim holds by how the scenario or the model is built, whatever the
     *  policies do (the reason); its verdict is "by construction", never evidence. */
    std::string construction;
    /** The paper's number is defined otherwise than SchedLab's metric: the two are
     *  compared by direction only, without a ratio. */
    bool directionOnly = false;
    /** Why SchedLab shows the other direction, when it does: our model, our
     *  implementation or an honest disagreement, with the evidence (the report's
     *  summary prints it). */
    std::string ifDifferent;
    /** "same", "different", "noise" (within noise) or "construction": the verdict SchedLab's quick
     *  run shows, which the test suite keeps (empty: not checked). */
    std::string expect;
};

/** The smaller sweep of `reproduce --quick`, for the test suite. */
struct QuickSweep
{
    std::vector<std::string> values; ///< empty: the preset's
    int seeds = 0;                   ///< 0: the preset's
    std::string duration;            ///< empty: the preset's
    int episodes = 0;                ///< of a trained policy; 0: the agent's default budget
};

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
    std::string paper;  ///< what the paper reports, printed beside the results
    std::string source; ///< the paper and its figure or table, e.g. "KaiS Fig. 12"
    std::string time;   ///< what a full run takes, as the preset says
    /** The paper's setting and every way the preset differs from it (scenario,
     *  patterns, baselines, budget, seeds), "our reading" where the paper is silent. */
    std::string setting;
    std::vector<PaperClaim> claims;
    QuickSweep quick;
    std::string train;           ///< an agent trained for each value; empty: none
    std::uint64_t trainSeed = 0; ///< 0: the scenario's seed
    bool trainOnce = false;      ///< train once on the scenario file as given (before `set`)
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
