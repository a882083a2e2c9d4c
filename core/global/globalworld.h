// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/globalmodel.h"
#include "global/globalscenario.h"

#include <cstdint>
#include <vector>

namespace schedlab::global {

/** The clusters and nodes a GlobalScenario generates, indexed for the schedulers. */
struct GlobalWorld
{
    std::vector<ClusterInfo> clusters;
    NodeTable nodes;
    std::vector<std::vector<std::int32_t>> zoneClusters; ///< clusters of each zone
    std::vector<std::int32_t> zoneRegion;
    std::vector<std::uint8_t> zoneStorage; ///< union of the zone's storage types
    std::vector<std::int32_t> allClusters;
    int zones() const { return int(zoneClusters.size()); }
};

/** Deterministic in the scenario's seed (stream "world"). */
GlobalWorld generateWorld(const GlobalScenario &scenario);

} // namespace schedlab::global
