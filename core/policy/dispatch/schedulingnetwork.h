// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace schedlab {

/**
 * One slot's scheduling problem as a flow network, in the shape of Firmament
 * (Gog et al., OSDI'16, Sec. 3): every pending request is a unit of flow from
 * the source; it passes its equivalence class (here: the eAP it waits at and its
 * service), then an edge node or the cloud, then the sink.
 *
 *   source -> request          capacity 1, cost 0
 *   request -> class           capacity 1, cost 0
 *   class -> edge node n       capacity inf, cost Class::nodes[n].cost (only the
 *                              nodes the resource context marks available)
 *   class -> cloud             capacity inf, cost Class::cloudCost
 *   edge node n -> sink        one unit arc per request it may take, the k-th
 *                              costing nodeMarginal[n][k] (non-decreasing: a
 *                              convex cost of load, as Firmament models it)
 *   cloud -> sink              capacity inf, cost 0
 *
 * The cloud always has room, so the maximum flow places every request; the
 * solution is the cheapest such placement. Costs are integers (microseconds).
 */
struct SchedulingNetwork
{
    struct NodeArc
    {
        int node;          ///< edge node id
        std::int64_t cost; ///< of sending one request of the class there
    };
    struct Class
    {
        std::vector<int> requests; ///< indices into the slot's requests, in dispatch order
        std::vector<NodeArc> nodes;
        std::int64_t cloudCost = 0;
    };

    int requestCount = 0;
    std::vector<Class> classes;
    /** [node][k]: the marginal cost of the node's (k+1)-th request this slot. */
    std::vector<std::vector<std::int64_t>> nodeMarginal;
};

struct SchedulingPlan
{
    std::vector<int> target; ///< per request: an edge node id, or kCloud
    std::int64_t cost = 0;   ///< of the optimal flow
};

/**
 * Min-cost max-flow with LEMON's NetworkSimplex. Inside a class the cheapest
 * destinations go to the requests first in dispatch order (the Ψ order).
 * Empty when the solver does not report an optimum.
 */
std::optional<SchedulingPlan> solveSchedulingNetwork(const SchedulingNetwork &network);

} // namespace schedlab
