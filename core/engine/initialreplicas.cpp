// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/initialreplicas.h"

namespace schedlab {

bool replicaFits(const Scenario &scenario, const NodeInfo &node, int service, double cpuAlloc,
                 double memAlloc)
{
    const ServiceSpec &s = scenario.services[service];
    const ImageSpec *image = scenario.image(s.image);
    if (!image || !image->variantFor(node.arch))
        return false;
    return cpuAlloc + s.replicaCpu <= node.cpu + 1e-9 &&
           memAlloc + s.replicaMemory <= node.memory + 1e-9;
}

InitialReplicaPlan planInitialReplicas(const Scenario &scenario, const Topology &topology)
{
    InitialReplicaPlan plan;
    const int services = int(scenario.services.size());
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
        for (int n = 0; n < topology.edgeCount; ++n) {
            if (topology.nodes[n].site != site)
                continue;
            for (const auto &[name, pinned] : topology.nodes[n].hosts)
                for (int s = 0; s < services; ++s)
                    if (scenario.services[s].name == name)
                        for (int k = 0; k < pinned; ++k) {
                            add(n, s);
                            --remaining[s];
                            ++placed[s];
                        }
        }
        // Round robin over services so that no service takes all the room.
        for (bool progress = true; progress;) {
            progress = false;
            for (int s = 0; s < services; ++s) {
                if (remaining[s] <= 0)
                    continue;
                const int node = chooseReplicaNode(
                    scenario, topology, s, site,
                    [&](int n) {
                        return std::pair{plan.cpuAlloc[n], plan.memAlloc[n]};
                    },
                    [&](int n) { return count[std::size_t(n) * services + s]; });
                if (node < 0) {
                    plan.shortfalls.push_back(
                        {site, s, scenario.services[s].replicas.edge, placed[s]});
                    remaining[s] = 0;
                    continue;
                }
                add(node, s);
                --remaining[s];
                ++placed[s];
                progress = true;
            }
        }
    }
    return plan;
}

} // namespace schedlab
