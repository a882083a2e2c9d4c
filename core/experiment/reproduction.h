// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/sweep.h"
#include "experiment/sweeppreset.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

/** A paper's claim judged on SchedLab's results. */
struct ClaimOutcome
{
    PaperClaim claim;
    std::string value;            ///< the sweep value judged; "every value" for all
    std::optional<MeanCi> ours;   ///< the claim's policy at `value` (the first value if all)
    std::optional<double> ratio;  ///< ours / the paper's value (or change), when both exist
    std::optional<double> change; ///< our relative change against the first rival, when asked
    /** "same direction", "different direction" or "not comparable". */
    std::string verdict;
    std::string why; ///< one sentence
};

/** Every preset in the folder `dir` that names a paper's result (`source:`), by file
 *  stem; the loader's located messages of the presets it refuses go to `errors`. */
std::map<std::string, SweepPreset> paperPresets(const std::string &dir,
                                                std::vector<ScenarioError> &errors);

/**
 * Judges each claim of `preset` on `sweep`: an ordering claim holds when `policy`'s
 * mean is better than each of `than`'s (by the metric's direction) at `at`, or at
 * every value when `at` is empty; it is "not comparable" when the policy, a rival,
 * the value or the metric is missing from the results. A claim with only a paper
 * value gets its ratio and "not comparable" (a number alone has no direction).
 */
std::vector<ClaimOutcome> judgeClaims(const SweepPreset &preset, const SweepResult &sweep);

/** "same" / "different" / "" for a verdict, as PaperClaim::expect writes them. */
std::string verdictWord(const std::string &verdict);

/**
 * The Markdown section of one reproduced preset: what the paper measured, the
 * command that regenerates it, and a table of claims (paper, SchedLab mean ± 95% CI,
 * ratio, verdict, why), the chart at the relative path `chart` when given, then the
 * sweep's table of the claims' metrics. `seconds` < 0: the sweep ran on a cluster.
 */
std::string reproductionMarkdown(const std::string &name, const SweepPreset &preset,
                                 const SweepResult &sweep,
                                 const std::vector<ClaimOutcome> &outcomes,
                                 const std::string &command, double seconds,
                                 const std::string &chart = {}, const std::string &training = {});

} // namespace schedlab
