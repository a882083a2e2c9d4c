// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/testscenarios.h"
#include "placement/placementtypes.h"
#include "state/layercache.h"
#include "state/simstate.h"
#include "state/topology.h"

#include <memory>
#include <string>
#include <vector>

namespace schedlab::test {

constexpr double MiB = 1024.0 * 1024.0;
constexpr double GiB = 1024.0 * MiB;

/** A node of `arch` with `cpu` cores and `memory` bytes; the rest NodeSpec's defaults. */
inline NodeSpec handNode(const std::string &name, const std::string &arch, double cpu,
                         double memory)
{
    NodeSpec n;
    n.name = name;
    n.arch = arch;
    n.cpu = cpu;
    n.memory = memory;
    return n;
}

/**
 * A cluster made by hand for placement: a scenario of one site of `specs`
 * (oneEapSite), its topology, and per node an idle NodeState and a LayerCache of
 * `cacheBytes` (0: LayerCache's default).
 */
struct HandCluster
{
    Scenario scenario;
    Topology topology;
    std::vector<NodeState> nodes;
    std::unique_ptr<LayerCache[]> caches;

    explicit HandCluster(std::vector<NodeSpec> specs, double cacheBytes = 0.0)
    {
        const std::size_t count = specs.size();
        scenario.sites = {oneEapSite(std::move(specs))};
        topology = Topology::build(scenario);
        nodes.resize(count);
        caches = std::make_unique<LayerCache[]>(count);
        if (cacheBytes > 0.0)
            for (std::size_t n = 0; n < count; ++n)
                caches[n].setCapacity(cacheBytes);
    }

    /** The cluster as placement sees it; `tieBreak` and `perf` as in ClusterView. */
    ClusterView view(Rng *tieBreak = nullptr, const double *perf = nullptr) const
    {
        return {&topology, nodes.data(), caches.get(), int(nodes.size()), tieBreak, perf};
    }
};

} // namespace schedlab::test
