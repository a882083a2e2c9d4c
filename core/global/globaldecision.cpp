// SPDX-License-Identifier: GPL-3.0-or-later
// The global scheduler's algorithm inside the simulation: which clusters it looks at,
// what that costs in modelled time, and what it does with the ranking.
#include "global/globalsimulation.h"

#include <algorithm>
#include <cmath>

namespace schedlab::global {

std::vector<ClusterSummary> &GlobalSimulation::viewOf(std::int32_t s)
{
    return mArch.view == ViewKind::Replicated ? mSchedulers[std::size_t(s)].replica : mSharedView;
}

std::int32_t GlobalSimulation::homeOf(std::int32_t cluster) const
{
    return mMapper.home(mWorld.clusters[std::size_t(cluster)].zone);
}

double GlobalSimulation::costOf(std::int64_t clusters, std::int64_t nodes) const
{
    const DecisionCost &c = mScenario.cost;
    switch (mArch.cost) {
    case CostModel::PerCluster:
        return c.base + c.perCluster * double(clusters);
    case CostModel::PerNode:
        return c.base + c.perNode * double(nodes);
    case CostModel::ParallelPartitions: {
        // Every silo scores its share at once; the arbitrator waits for the slowest,
        // then reserves and commits in two phases (1.3.5).
        const double share = std::ceil(double(clusters) / std::max(1, mScenario.schedulers));
        return c.base + c.perCluster * share + c.clusterRtt;
    }
    }
    return c.base;
}

double GlobalSimulation::decide(std::int32_t s, std::int32_t request, Decision &out)
{
    RequestState &r = mRequests[std::size_t(request)];
    const std::vector<ClusterSummary> &view = viewOf(s);
    // Affinity to a peer in zone Z confines the request to Z as a named zone does.
    const std::int32_t zone = r.spec.zone != kNone ? r.spec.zone : r.spec.affinityZone;

    if (r.finalCheck) {
        // 2.5.5: the home's final resource check of the one cluster it was sent.
        const std::int32_t c = r.cluster;
        GlobalRequest anywhere = r.spec;
        anywhere.zone = kNone; // the sender already chose; the zone was a preference
        const bool ok =
            passesFilter(mWorld.clusters[std::size_t(c)], view[std::size_t(c)], anywhere);
        out = {ok ? Decision::Commit : Decision::Reschedule, c, kNone};
        const double cost = costOf(1, mWorld.nodes.end(c) - mWorld.nodes.begin(c));
        mZoneWork[std::size_t(mWorld.clusters[std::size_t(c)].zone)] += cost;
        return cost;
    }
    if (r.attempts >= mScenario.maxAttempts) {
        out = {Decision::Fail, kNone, kNone};
        return costOf(0, 0);
    }

    // 2.5.4 case 1: a named geolocation/AZ is searched first; only when it has no
    // candidate does the scheduler look at every other cluster it can see.
    const std::vector<std::int32_t> &wide =
        mArch.siloed ? mPartitionClusters[std::size_t(s)] : mWorld.allClusters;
    std::int64_t clusters = 0, nodes = 0;
    const std::vector<Candidate> *candidates = nullptr;
    const bool zoneVisible =
        zone != kNone && (!mArch.siloed || mSiloOfZone[std::size_t(zone)] == s);
    if (zoneVisible) {
        const auto &inZone = mWorld.zoneClusters[std::size_t(zone)];
        candidates = &mScorer.rank(r.spec, inZone, mWorld.clusters, view, r.excluded);
        clusters += std::int64_t(inZone.size());
        nodes += mZoneNodes[std::size_t(zone)];
    }
    // The 2.5.5 alternative ranks every cluster each time to compare home and others.
    const bool rankAll =
        mArch.avoidsConflicts && mScenario.avoidance == ConflictAvoidance::Threshold;
    if (!candidates || candidates->empty() || rankAll) {
        if (!candidates || candidates->empty()) {
            GlobalRequest anywhere = r.spec;
            anywhere.zone = kNone;
            candidates = &mScorer.rank(anywhere, wide, mWorld.clusters, view, r.excluded);
        }
        clusters = std::int64_t(wide.size());
        nodes = mArch.siloed ? 0 : std::int64_t(mWorld.nodes.nodeCount());
    }
    const double cost = costOf(clusters, nodes);
    if (zone != kNone)
        mZoneWork[std::size_t(zone)] += cost;
    out = choose(s, *candidates);
    return cost;
}

GlobalSimulation::Decision GlobalSimulation::choose(std::int32_t s,
                                                    const std::vector<Candidate> &candidates) const
{
    const Candidate *top = best(candidates);
    if (!top)
        return {Decision::Park, kNone, kNone};
    if (!mArch.avoidsConflicts || mScenario.avoidance == ConflictAvoidance::None)
        return {Decision::Commit, top->cluster, kNone};
    if (mScenario.avoidance == ConflictAvoidance::Forward) {
        const std::int32_t home = homeOf(top->cluster);
        return home == s ? Decision{Decision::Commit, top->cluster, kNone}
                         : Decision{Decision::Forward, top->cluster, home};
    }
    // 2.5.5 alternative: the best home cluster wins unless the best other cluster beats
    // it by more than the threshold; only then is the request forwarded.
    const Candidate *bestHome = nullptr;
    for (const Candidate &c : candidates)
        if (homeOf(c.cluster) == s && (!bestHome || c.score > bestHome->score))
            bestHome = &c;
    if (bestHome && top->score - bestHome->score <= mScenario.forwardThreshold)
        return {Decision::Commit, bestHome->cluster, kNone};
    const std::int32_t home = homeOf(top->cluster);
    return home == s ? Decision{Decision::Commit, top->cluster, kNone}
                     : Decision{Decision::Forward, top->cluster, home};
}

} // namespace schedlab::global
