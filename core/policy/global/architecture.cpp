// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/global/architecture.h"

namespace schedlab::global {

const std::vector<GlobalArchitecture> &globalArchitectures()
{
    using enum ViewKind;
    using enum Routing;
    using enum CostModel;
    static const std::vector<GlobalArchitecture> all = {
        {"two-level",
         "G concurrent global schedulers over one shared cluster-level DB: distributor by "
         "tag and load, dynamic partitions, optimistic commits, forward-to-home, "
         "reschedule at queue head, tenant-fair queues",
         "Global Scheduler doc 2.3, 2.5.1-2.5.8", Shared, HomeByTag, PerCluster, true, false, true,
         true},
        {"monolithic", "one scheduler over every node, always current (Kubernetes, Nova)",
         "Global Scheduler doc 1.3.1", Exact, Single, PerNode, false},
        {"siloed", "G schedulers, each alone on a fixed partition of the clusters",
         "Global Scheduler doc 1.3.2", Shared, Silo, PerCluster, true, true},
        {"shared-state", "G schedulers with replicated views, round robin, conflicts on commit",
         "Global Scheduler doc 1.3.3", Replicated, RoundRobin, PerCluster, true},
        {"siloed-arbitrator",
         "every silo scores its partition, an arbitrator picks, two-phase commit; one "
         "request at a time",
         "Global Scheduler doc 1.3.5", Exact, Single, ParallelPartitions, false},
        {"two-level-single", "one first-level scheduler picks the cluster, clusters pick nodes",
         "Global Scheduler doc 1.3.6", Shared, Single, PerCluster, false},
    };
    return all;
}

const GlobalArchitecture *findGlobalArchitecture(const std::string &name)
{
    for (const GlobalArchitecture &a : globalArchitectures())
        if (a.name == name)
            return &a;
    return nullptr;
}

} // namespace schedlab::global
