// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "state/topology.h"

#include <optional>
#include <utility>
#include <vector>

namespace schedlab {

/** Whether a replica of `service` fits edge node `node` (an image variant for its
 *  arch, and its cpu and memory request besides `cpuAlloc` and `memAlloc`). */
bool replicaFits(const Scenario &scenario, const NodeInfo &node, int service, double cpuAlloc,
                 double memAlloc);

/** Per edge node and service ([node * services + service]): whether the service's
 *  image has a variant for the node's arch. Looked up once instead of per try. */
std::vector<char> imageRunsTable(const Scenario &scenario, const Topology &topology);

/** How a node ranks for a new replica of `service`: fewest replicas of the service
 *  first (spread), then least filled after adding it; nothing when it does not fit.
 *  `runs`: the node's arch has an image variant; `count`: its replicas of the
 *  service (ready or pulling). */
std::optional<std::pair<int, double>> replicaRank(const ServiceSpec &service, const NodeInfo &node,
                                                  bool runs, double cpuAlloc, double memAlloc,
                                                  int count);

/**
 * The node of `site` a new replica of `service` goes to: the least replicaRank(),
 * ties to the lowest id; -1 when none fits. `alloc(n)` gives node n's reserved
 * {cpu, memory}, `count(n)` its replicas of the service, `runs` is imageRunsTable().
 */
template <typename Alloc, typename Count>
int chooseReplicaNode(const Scenario &scenario, const Topology &topology,
                      const std::vector<char> &runs, int service, int site, Alloc alloc,
                      Count count)
{
    int best = -1;
    std::pair<int, double> bestRank{};
    const ServiceSpec &s = scenario.services[std::size_t(service)];
    const std::size_t services = scenario.services.size();
    for (int n = 0; n < topology.edgeCount; ++n) {
        const NodeInfo &info = topology.nodes[std::size_t(n)];
        if (info.site != site)
            continue;
        const auto [cpu, memory] = alloc(n);
        const auto rank =
            replicaRank(s, info, runs[std::size_t(n) * services + service], cpu, memory, count(n));
        if (rank && (best < 0 || *rank < bestRank)) {
            best = n;
            bestRank = *rank;
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
 * then the rest of each service's `replicas.edge`, round robin over the services,
 * each to the node chooseReplicaNode() would choose (found through an index per
 * service, so a site of thousands of nodes plans in well under a second). A service none of the
 * site's nodes has room for any more stops there: its shortfall is recorded.
 */
InitialReplicaPlan planInitialReplicas(const Scenario &scenario, const Topology &topology);

} // namespace schedlab
