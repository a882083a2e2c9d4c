// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/initialreplicas.h"

#include "base/mintree.h"

namespace schedlab {

namespace {
bool imageRuns(const Scenario &scenario, const NodeInfo &node, int service)
{
    const ImageSpec *image = scenario.image(scenario.services[std::size_t(service)].image);
    return image && image->variantFor(node.arch);
}
} // namespace

bool replicaFits(const Scenario &scenario, const NodeInfo &node, int service, double cpuAlloc,
                 double memAlloc)
{
    return replicaRank(scenario.services[std::size_t(service)], node,
                       imageRuns(scenario, node, service), cpuAlloc, memAlloc, 0)
        .has_value();
}

std::vector<char> imageRunsTable(const Scenario &scenario, const Topology &topology)
{
    const std::size_t services = scenario.services.size();
    std::vector<char> runs(std::size_t(topology.edgeCount) * services, 0);
    for (int n = 0; n < topology.edgeCount; ++n)
        for (std::size_t s = 0; s < services; ++s)
            runs[std::size_t(n) * services + s] =
                imageRuns(scenario, topology.nodes[std::size_t(n)], int(s));
    return runs;
}

std::optional<std::pair<int, double>> replicaRank(const ServiceSpec &s, const NodeInfo &node,
                                                  bool runs, double cpu, double memory, int count)
{
    if (!runs || cpu + s.replicaCpu > node.cpu + 1e-9 ||
        memory + s.replicaMemory > node.memory + 1e-9)
        return std::nullopt;
    return std::pair{
        count, std::max((cpu + s.replicaCpu) / node.cpu, (memory + s.replicaMemory) / node.memory)};
}

InitialReplicaPlan planInitialReplicas(const Scenario &scenario, const Topology &topology)
{
    InitialReplicaPlan plan;
    const int services = int(scenario.services.size());
    const std::vector<char> runs = imageRunsTable(scenario, topology);
    plan.cpuAlloc.assign(topology.edgeCount, 0.0);
    plan.memAlloc.assign(topology.edgeCount, 0.0);
    std::vector<int> count(std::size_t(topology.edgeCount) * services, 0);
    const auto add = [&](int node, int s) {
        plan.replicas.emplace_back(node, s);
        plan.cpuAlloc[node] += scenario.services[s].replicaCpu;
        plan.memAlloc[node] += scenario.services[s].replicaMemory;
        ++count[std::size_t(node) * services + s];
    };
    for (int site : topology.edgeSites) {
        std::vector<int> remaining(services), placed(services, 0);
        for (int s = 0; s < services; ++s)
            remaining[s] = scenario.services[s].replicas.edge;
        std::vector<int> nodes; // the site's, by id: a tree slot's order is its node's
        for (int n = 0; n < topology.edgeCount; ++n) {
            if (topology.nodes[n].site != site)
                continue;
            nodes.push_back(n);
            for (const auto &[name, pinned] : topology.nodes[n].hosts)
                for (int s = 0; s < services; ++s)
                    if (scenario.services[s].name == name)
                        for (int k = 0; k < pinned; ++k) {
                            add(n, s);
                            --remaining[s];
                            ++placed[s];
                        }
        }
        // Per service, the site's nodes ranked as chooseReplicaNode() ranks them.
        using Rank = std::pair<int, double>;
        std::vector<MinTree<Rank, std::less<Rank>>> ranked(
            std::size_t(services), MinTree<Rank, std::less<Rank>>(int(nodes.size())));
        const auto rerank = [&](int s, int slot) {
            const int n = nodes[std::size_t(slot)];
            const std::size_t at = std::size_t(n) * services + s;
            if (const auto rank =
                    replicaRank(scenario.services[std::size_t(s)], topology.nodes[n], runs[at],
                                plan.cpuAlloc[n], plan.memAlloc[n], count[at]))
                ranked[std::size_t(s)].set(slot, *rank);
            else
                ranked[std::size_t(s)].clear(slot);
        };
        for (int s = 0; s < services; ++s)
            if (remaining[s] > 0)
                for (int slot = 0; slot < int(nodes.size()); ++slot)
                    rerank(s, slot);
        // Round robin over services so that no service takes all the room.
        for (bool progress = true; progress;) {
            progress = false;
            for (int s = 0; s < services; ++s) {
                if (remaining[s] <= 0)
                    continue;
                const int slot = ranked[std::size_t(s)].top();
                if (slot < 0) {
                    plan.shortfalls.push_back(
                        {site, s, scenario.services[s].replicas.edge, placed[s]});
                    remaining[s] = 0;
                    continue;
                }
                add(nodes[std::size_t(slot)], s);
                for (int other = 0; other < services; ++other)
                    if (remaining[other] > 0)
                        rerank(other, slot);
                --remaining[s];
                ++placed[s];
                progress = true;
            }
        }
    }
    return plan;
}

} // namespace schedlab
