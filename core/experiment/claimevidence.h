// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/sweep.h"
#include "metrics/confidence.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

/**
 * The runs a paper's claim is judged on: a preset's sweeps, one per training seed
 * (one when nothing is trained), alike but for the seed, their values in the same
 * order. Two results are compared on the runs they share, so that the noise of the
 * workload (which both see on a seed) is not counted twice.
 */
class ClaimEvidence
{
public:
    explicit ClaimEvidence(const std::vector<SweepResult> &sweeps) : mSweeps(sweeps) {}

    /**
     * `a` at value `pointA` minus `b` at value `pointB` on `metric`: per sweep the mean
     * of the differences on each evaluation seed both ran; with one sweep, or when the
     * training changes neither (every sweep's difference the same), the interval over
     * those seeds; else the mean of the sweeps' differences and the 95% interval over
     * them (n the training seeds). nullopt when the sweeps hold no runs both share.
     * `scale` multiplies `b`'s values first (a − 1.2·b: "at least 1.2 times").
     */
    std::optional<MeanCi> difference(std::size_t pointA, const std::string &a, std::size_t pointB,
                                     const std::string &b, const std::string &metric,
                                     double scale = 1.0) const;

    /** `a` minus `b` on `metric` averaged over every value, per evaluation seed both
     *  ran at every value; its interval as difference() takes it. nullopt as there. */
    std::optional<MeanCi> averageDifference(const std::string &a, const std::string &b,
                                            const std::string &metric) const;

private:
    /** Per sweep, the differences on the seeds they share, as `one` gives them. */
    std::optional<MeanCi>
    overSweeps(const std::function<std::vector<double>(const SweepResult &)> &one) const;

    const std::vector<SweepResult> &mSweeps;
};

} // namespace schedlab
