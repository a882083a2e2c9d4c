// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "state/topology.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

namespace schedlab {

/** Whether a replica of `service` fits edge node `node` (an image variant for its
 *  arch, and its cpu and memory request besides `cpuAlloc` and `memAlloc`). */
bool replicaFits(const Scenario &scenario, const NodeInfo &node, int service, double cpuAlloc,
                 double memAlloc);

/**
 * The node of `site` a new replica of `service` goes to: spread first (fewest
 * replicas of the service), then least allocated, then lowest id; -1 when none
 * fits. `alloc(n)` gives node n's reserved {cpu, memory}, `count(n)` its replicas
 * of the service (ready or pulling).
 */
template <typename Alloc, typename Count>
int chooseReplicaNode(const Scenario &scenario, const Topology &topology, int service, int site,
                      Alloc alloc, Count count)
{
    int best = -1;
    std::tuple<int, double, int> bestKey{};
    const ServiceSpec &s = scenario.services[service];
    for (int n = 0; n < topology.edgeCount; ++n) {
        const NodeInfo &info = topology.nodes[n];
        if (info.site != site)
            continue;
        const auto [cpu, memory] = alloc(n);
        if (!replicaFits(scenario, info, service, cpu, memory))
            continue;
        const double fill =
            std::max((cpu + s.replicaCpu) / info.cpu, (memory + s.replicaMemory) / info.memory);
        const auto key = std::make_tuple(count(n), fill, n);
        if (best < 0 || key < bestKey) {
            best = n;
            bestKey = key;
        }
    }
    return best;
}

/** Initial edge replicas of one service at one site that found no room. */
struct InitialShortfall
{
    int site = 0;
    int service = 0;
    int wanted = 0; ///< replicas.edge
    int placed = 0; ///< what the run starts with (pinned ones included)
};

/** Where a scenario's initial edge replicas go: the engine adds them in this order. */
struct InitialReplicaPlan
{
    std::vector<std::pair<int, int>> replicas; ///< {node, service}
    std::vector<InitialShortfall> shortfalls;
    std::vector<double> cpuAlloc, memAlloc; ///< per edge node, once all are placed
};

/**
 * Per edge site: the replicas pinned with `hosts` (placed whether they fit or not),
 * then the rest of each service's `replicas.edge`, round robin over the services
 * through chooseReplicaNode(). A service none of the site's nodes has room for any
 * more stops there: its shortfall is recorded.
 */
InitialReplicaPlan planInitialReplicas(const Scenario &scenario, const Topology &topology);

} // namespace schedlab
