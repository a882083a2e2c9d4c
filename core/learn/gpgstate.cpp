// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/gpgstate.h"

#include "learn/nodefeatures.h"
#include "state/simstate.h"
#include "state/topology.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace schedlab {

GpgSiteGraph::GpgSiteGraph(const Topology &topology, int services, int site)
    : mLayout{services}, mSite(site)
{
    std::map<int, int> groupOfEap;
    for (int n = 0; n < topology.edgeCount; ++n) {
        const NodeInfo &info = topology.nodes[n];
        if (info.site != site)
            continue;
        auto [it, added] = groupOfEap.emplace(info.eap, int(groupOfEap.size()));
        mNodes.push_back(n);
        mGroupOf.push_back(it->second);
        const bool hasEap = info.eap >= 0 && info.eap < int(topology.eaps.size());
        mWanLatency.push_back(hasEap ? float(topology.eaps[info.eap].toCloud.latency) : 0.0f);
    }
    mGroups = int(groupOfEap.size());
}

void GpgSiteGraph::write(const SimState &state, std::span<float> out) const
{
    const int f = mLayout.size();
    if (out.size() != std::size_t(f) * mNodes.size())
        throw std::invalid_argument("gpg node states: buffer of " + std::to_string(out.size()) +
                                    " entries, the site needs " +
                                    std::to_string(std::size_t(f) * mNodes.size()));
    const Topology &topology = *state.topology;
    const float lan = float(state.scenario->network.lan.latency);
    const int w = mLayout.services;
    for (std::size_t j = 0; j < mNodes.size(); ++j) {
        const int n = mNodes[j];
        const NodeInfo &info = topology.nodes[n];
        const NodeState &ns = state.nodes[n];
        float *v = out.data() + j * f;
        std::fill(v, v + f, 0.0f);
        v[0] = leftFraction(ns.cpuAlloc, info.cpu); // (i)
        v[1] = leftFraction(ns.busyCpu, info.cpu);
        v[2] = leftFraction(ns.memAlloc, info.memory);
        v[3] = leftFraction(ns.diskUsed, info.disk);
        v[4] = lan; // (ii)
        v[5] = mWanLatency[j];
        const float perCore = info.cpu > 0.0 ? float(1.0 / info.cpu) : 0.0f; // (iii)
        v[GpgLayout::kQueueOffset] = float(ns.queue.size()) * perCore;
        for (std::int32_t id : ns.queue) {
            const int s = int(state.requests[id].service);
            if (s < w)
                v[mLayout.serviceQueueOffset() + s] += perCore;
        }
        for (int s = 0; s < w; ++s) // (iv)
            v[mLayout.replicaOffset() + s] = float(state.ready(n, s) + state.pending(n, s));
    }
}

int GpgSiteGraph::queuedRequests(const SimState &state) const
{
    int total = 0;
    for (int n : mNodes)
        total += int(state.nodes[n].queue.size());
    return total;
}

int gpgStackedNodes(const Scenario &scenario, const Topology &topology)
{
    if (scenario.policies.kais.encoder != "stacking")
        return 0;
    int nodes = -1;
    for (int site : topology.edgeSites) {
        const int here = GpgSiteGraph(topology, int(scenario.services.size()), site).nodeCount();
        if (nodes >= 0 && here != nodes)
            throw std::invalid_argument("gpg: state stacking needs edge sites of one size; site '" +
                                        scenario.sites[std::size_t(site)].name + "' has " +
                                        std::to_string(here) + " nodes, another " +
                                        std::to_string(nodes));
        nodes = here;
    }
    return std::max(nodes, 0);
}

} // namespace schedlab
