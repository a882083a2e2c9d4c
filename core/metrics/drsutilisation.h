// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <span>
#include <vector>

namespace schedlab {

/** AvgUtil and ImBalance of a cluster at one moment (DRS eq. 11–13), on [0, 1] utilisations. */
struct ClusterUtilisation
{
    double avgUtil = 0.0;
    double imbalance = 0.0;
};

/**
 * DRS eq. 11–13 over the nodes' utilisations: AvgUtil is the mean over nodes and
 * the metrics in `metrics`; ImBalance sums the population standard deviation of
 * each metric over the nodes with weight 1/C. All six metrics unless told.
 */
ClusterUtilisation clusterUtilisation(std::span<const UsageProfile> nodes,
                                      std::span<const Metric> metrics = {});

/** The DRS reward factors: β/α = 200 (Sec. 5.3.1). */
constexpr double kDrsAlpha = 1.0;
constexpr double kDrsBeta = 200.0;

/**
 * DRS eq. 14, α·AvgUtil − β·ImBalance, with AvgUtil in percent (the [0, 100]
 * normalisation of Sec. 3.3) and ImBalance on [0, 1] utilisations: the scales of
 * Sec. 5.3.1 (AvgUtil ≈ 40 %, ImBalance ≈ 0.05) that β/α = 200 balances.
 */
double drsReward(const ClusterUtilisation &u, double alpha = kDrsAlpha, double beta = kDrsBeta);

} // namespace schedlab
