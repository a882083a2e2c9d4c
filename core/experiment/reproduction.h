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
    /** "same direction", "different direction", "within noise" (the 95% intervals
     *  hold both orders), "by construction" (PaperClaim::construction) or "not
     *  comparable". */
    std::string verdict;
    std::string why; ///< one sentence
};

/** Every preset in the folder `dir` that names a paper's result (`source:`), by file
 *  stem; the loader's located messages of the presets it refuses go to `errors`. */
std::map<std::string, SweepPreset> paperPresets(const std::string &dir,
                                                std::vector<ScenarioError> &errors);

/**
 * Judges each claim of `preset` on `sweeps`, one per training seed (acrossTrainingSeeds
 * gives the means shown): an ordering claim holds when `policy`'s mean is better than
 * each of `than`'s (by the metric's direction) at `at`, or at every value when `at` is
 * empty; it is "within noise" when it does not hold but the 95% interval of the
 * difference holds both orders (ClaimEvidence: paired over the evaluation seeds, over
 * the training seeds when there are several; without runs, the two intervals in
 * quadrature), and "not comparable" when the policy, a rival, the value or the metric
 * is missing from the results. A claim with only a paper value gets its ratio and "not
 * comparable" (a number alone has no direction).
 */
std::vector<ClaimOutcome> judgeClaims(const SweepPreset &preset,
                                      const std::vector<SweepResult> &sweeps);
/** One sweep, nothing trained from several seeds. */
std::vector<ClaimOutcome> judgeClaims(const SweepPreset &preset, const SweepResult &sweep);

/** "same" / "different" / "noise" / "construction" / "" for a verdict, as
 *  PaperClaim::expect writes them. */
std::string verdictWord(const std::string &verdict);

/** A preset as `reproduce` ran it: its name (file stem), the preset and its verdicts. */
struct ReproducedPreset
{
    std::string name;
    SweepPreset preset;
    std::vector<ClaimOutcome> outcomes;
};

/**
 * What a reviewer reads first: per paper (the first words of each preset's `source`)
 * and over all, the claims by verdict, then every "different direction" with its
 * preset, claim, SchedLab's evidence and the preset's reason (`if_different`).
 */
std::string reproductionSummary(const std::vector<ReproducedPreset> &presets);

/**
 * One preset's sweeps, alike but for the seed their agent was trained from, as one
 * result: a metric that differs between them (a learned policy's) becomes the mean
 * of their means with the 95% t-interval over them, n the training seeds; one the
 * training does not touch (a heuristic's, on the same evaluation seeds) keeps its
 * interval over the evaluation seeds.
 */
SweepResult acrossTrainingSeeds(const std::vector<SweepResult> &sweeps);

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
