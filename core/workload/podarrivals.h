// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <cstdint>
#include <vector>

namespace schedlab {

/** One pod of a deployment stream, with its random values drawn. */
struct PodArrival
{
    double time = 0.0;
    int stream = 0;   ///< index into Workload::deployments
    int pod = 0;      ///< index into the stream's pod templates
    double cpu = 0.0; ///< requested cores
    double memory = 0.0;
    double duration = 0.0;
    double startJitter = 0.0;
};

/**
 * Draws every pod of the scenario's deployment streams, sorted by arrival time
 * (ties: stream order, then pod order). Each stream draws from its own stream
 * "deployments.<name>" under the run seed, so adding a stream or requests
 * changes no other draw.
 */
std::vector<PodArrival> drawPodArrivals(const Scenario &scenario, std::uint64_t seed);

} // namespace schedlab
