// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/schedulingnetwork.h"

#include "state/topology.h"

#include <lemon/network_simplex.h>
#include <lemon/smart_graph.h>

#include <algorithm>
#include <tuple>

namespace schedlab {

std::optional<SchedulingPlan> solveSchedulingNetwork(const SchedulingNetwork &net)
{
    using Graph = lemon::SmartDigraph;
    Graph g;
    Graph::ArcMap<int> capacity(g);
    Graph::ArcMap<std::int64_t> cost(g);
    const int all = std::max(1, net.requestCount); // "infinite": no arc needs more
    auto arc = [&](Graph::Node from, Graph::Node to, int cap, std::int64_t c) {
        const Graph::Arc a = g.addArc(from, to);
        capacity[a] = cap;
        cost[a] = c;
        return a;
    };

    const Graph::Node source = g.addNode(), sink = g.addNode(), cloud = g.addNode();
    arc(cloud, sink, all, 0);
    std::vector<Graph::Node> nodes(net.nodeMarginal.size(), lemon::INVALID);
    for (std::size_t n = 0; n < net.nodeMarginal.size(); ++n) {
        if (net.nodeMarginal[n].empty())
            continue;
        nodes[n] = g.addNode();
        for (std::int64_t c : net.nodeMarginal[n])
            arc(nodes[n], sink, 1, c);
    }

    struct Out
    {
        Graph::Arc arc;
        int target;
        std::int64_t cost;
    };
    std::vector<std::vector<Out>> outs(net.classes.size());
    for (std::size_t k = 0; k < net.classes.size(); ++k) {
        const SchedulingNetwork::Class &c = net.classes[k];
        const Graph::Node cls = g.addNode();
        for (int r : c.requests) {
            if (r < 0 || r >= net.requestCount)
                return std::nullopt;
            const Graph::Node request = g.addNode();
            arc(source, request, 1, 0);
            arc(request, cls, 1, 0);
        }
        for (const SchedulingNetwork::NodeArc &na : c.nodes) {
            if (na.node < 0 || std::size_t(na.node) >= nodes.size() ||
                nodes[na.node] == lemon::INVALID)
                return std::nullopt; // a node with no sink arcs could take no flow
            outs[k].push_back({arc(cls, nodes[na.node], all, na.cost), na.node, na.cost});
        }
        outs[k].push_back({arc(cls, cloud, all, c.cloudCost), kCloud, c.cloudCost});
    }

    lemon::NetworkSimplex<Graph, int, std::int64_t> solver(g);
    solver.upperMap(capacity).costMap(cost).stSupply(source, sink, net.requestCount);
    if (solver.run() != decltype(solver)::OPTIMAL)
        return std::nullopt;

    SchedulingPlan plan;
    plan.target.assign(std::size_t(net.requestCount), kCloud);
    plan.cost = solver.totalCost();
    for (std::size_t k = 0; k < net.classes.size(); ++k) {
        // Cheapest destination first, then lower node id (the cloud, -1, before nodes).
        std::stable_sort(outs[k].begin(), outs[k].end(), [](const Out &a, const Out &b) {
            return std::tie(a.cost, a.target) < std::tie(b.cost, b.target);
        });
        std::size_t next = 0;
        const std::vector<int> &requests = net.classes[k].requests;
        for (const Out &o : outs[k])
            for (int f = solver.flow(o.arc); f > 0 && next < requests.size(); --f)
                plan.target[std::size_t(requests[next++])] = o.target;
        if (next != requests.size())
            return std::nullopt;
    }
    return plan;
}

} // namespace schedlab
