// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/globalsimulation.h"

#include "global/clusterscheduler.h"

#include <algorithm>
#include <cmath>

namespace schedlab::global {

namespace {
constexpr std::uint16_t kGpuTag = 0x100;

std::vector<int> clustersPerZone(const GlobalWorld &w)
{
    std::vector<int> n;
    for (const auto &z : w.zoneClusters)
        n.push_back(int(z.size()));
    return n;
}

std::vector<double> weightsOr(const std::vector<double> &given, int count)
{
    return given.empty() ? std::vector<double>(std::size_t(std::max(1, count)), 1.0) : given;
}

} // namespace

GlobalSimulation::GlobalSimulation(const GlobalScenario &scenario,
                                   const GlobalArchitecture &architecture, std::uint64_t seed)
    : mScenario(scenario), mArch(architecture), mSeed(seed), mWorld(generateWorld([&] {
          GlobalScenario s = scenario;
          s.seed = seed;
          return s;
      }())),
      mArrivalRng(Rng::stream(seed, "arrivals")), mRequestRng(Rng::stream(seed, "requests")),
      mLifetimeRng(Rng::stream(seed, "lifetimes")), mDirectRng(Rng::stream(seed, "direct")),
      mScorer(scenario.weights),
      mMapper(clustersPerZone(mWorld), architecture.concurrent ? scenario.schedulers : 1)
{
    const int g = mMapper.schedulers();
    mSiloOfZone = mMapper.homes();
    mPartitionClusters.resize(std::size_t(g));
    for (int z = 0; z < mWorld.zones(); ++z)
        for (std::int32_t c : mWorld.zoneClusters[std::size_t(z)])
            mPartitionClusters[std::size_t(mSiloOfZone[std::size_t(z)])].push_back(c);
    for (auto &p : mPartitionClusters)
        std::sort(p.begin(), p.end());
    mZoneNodes.assign(std::size_t(mWorld.zones()), 0);
    for (int z = 0; z < mWorld.zones(); ++z)
        for (std::int32_t c : mWorld.zoneClusters[std::size_t(z)])
            mZoneNodes[std::size_t(z)] += mWorld.nodes.end(c) - mWorld.nodes.begin(c);
    mZoneWork.assign(std::size_t(mWorld.zones()), 0.0);
    mSharedView.reserve(std::size_t(mWorld.nodes.clusterCount()));
    for (std::int32_t c = 0; c < mWorld.nodes.clusterCount(); ++c)
        mSharedView.push_back(global::summarise(mWorld.nodes, c));
    mTenantWeights = weightsOr(scenario.tenantWeights, scenario.tenants);
    mPriorityWeights = weightsOr(scenario.priorityWeights, scenario.priorities);
    for (const RequestFlavor &f : scenario.flavors)
        mFlavorWeights.push_back(f.weight);
    for (int s = 0; s < g; ++s) {
        mSchedulers.emplace_back(SchedulerQueue(scenario.discipline, int(mTenantWeights.size()),
                                                int(mPriorityWeights.size()),
                                                scenario.starvationAge, scenario.tenantQueueLimit));
        if (mArch.view == ViewKind::Replicated)
            mSchedulers.back().replica = mSharedView;
    }
    refreshSchedulerTags();
}

void GlobalSimulation::trace(GlobalTrace::Kind kind, std::int32_t request, std::int32_t s,
                             std::int32_t c)
{
    if (!mObservers.empty())
        mObservers.notify(&GlobalObserver::onTrace, GlobalTrace{kind, mNow, request, s, c});
}

GlobalResult GlobalSimulation::run()
{
    mEnd = mScenario.duration + mScenario.drain;
    if (mScenario.rate > 0.0 && !mScenario.flavors.empty())
        mEvents.push(mArrivalRng.exponential(1.0 / mScenario.rate), Arrival, 0);
    if (mScenario.directRate > 0.0 && !mScenario.flavors.empty())
        mEvents.push(mDirectRng.exponential(1.0 / mScenario.directRate), DirectArrival, 0);
    mEvents.push(mScenario.collectionPeriod, Collect, 0);
    if (mArch.remapsPartitions && mMapper.schedulers() > 1)
        mEvents.push(mScenario.mapperPeriod, Remap, 0);
    while (!mEvents.empty() && mEvents.top().time <= mEnd) {
        const Event e = mEvents.pop();
        mNow = e.time;
        switch (e.kind()) {
        case Arrival:
            onArrival();
            break;
        case DecisionDone:
            onDecisionDone(e.a);
            break;
        case ClusterArrive:
            onClusterArrive(e.a);
            break;
        case ClusterReply:
            onClusterReply(e.a);
            break;
        case Departure:
            onDeparture(e.a);
            break;
        case Collect:
            onCollect();
            break;
        case Remap:
            onRemap();
            break;
        case DirectArrival:
            onDirectArrival();
            break;
        case DirectDeparture:
            onDirectDeparture(e.a, e.b);
            break;
        }
    }
    mNow = mEnd;
    return summarise();
}

GlobalRequest GlobalSimulation::drawRequest(std::int32_t &tenantOut)
{
    Rng &rng = mRequestRng;
    const RequestFlavor &f = mScenario.flavors[std::size_t(pickWeighted(rng, mFlavorWeights))];
    GlobalRequest r;
    r.demand = f.demand;
    r.storage = f.storage;
    const int zones = mWorld.zones();
    // Every draw is made whatever its outcome, so requests match across architectures.
    const double geo = rng.uniform(), region = rng.uniform(), affinity = rng.uniform(),
                 anti = rng.uniform();
    const auto zone = std::int32_t(rng.below(std::uint32_t(zones)));
    const auto otherZone = std::int32_t(rng.below(std::uint32_t(zones)));
    if (geo < mScenario.geoFraction)
        r.zone = zone;
    else if (region < mScenario.regionFraction)
        r.region = mWorld.zoneRegion[std::size_t(zone)];
    if (affinity < mScenario.affinityFraction)
        r.affinityZone = r.zone != kNone ? r.zone : otherZone;
    else if (anti < mScenario.antiAffinityFraction && otherZone != r.zone)
        r.antiAffinityZone = otherZone;
    tenantOut = pickWeighted(rng, mTenantWeights);
    r.tenant = tenantOut;
    r.priority = pickWeighted(rng, mPriorityWeights);
    return r;
}

void GlobalSimulation::onArrival()
{
    if (mNow <= mScenario.duration)
        mEvents.push(mNow + mArrivalRng.exponential(1.0 / mScenario.rate), Arrival, 0);
    else
        return;
    RequestState st;
    std::int32_t tenant = 0;
    st.spec = drawRequest(tenant);
    st.arrival = mNow;
    st.lifetime = mLifetimeRng.exponential(mScenario.lifetime);
    const auto id = std::int32_t(mRequests.size());
    mRequests.push_back(std::move(st));
    enqueue(distribute(mRequests.back().spec), id);
}

std::int32_t GlobalSimulation::distribute(const GlobalRequest &r)
{
    const auto g = std::int32_t(mSchedulers.size());
    switch (mArch.routing) {
    case Routing::Single:
        return 0;
    case Routing::RoundRobin:
        return std::int32_t(mRoundRobin++ % std::uint32_t(g));
    case Routing::Silo:
        return r.zone != kNone ? mSiloOfZone[std::size_t(r.zone)]
                               : std::int32_t(mRoundRobin++ % std::uint32_t(g));
    case Routing::HomeByTag:
        break;
    }
    // 2.4 Request Distributor, 2.5.4: a geolocation tag names its home scheduler; else
    // the schedulers whose resource profile tags match, the least loaded of them.
    if (r.zone != kNone)
        return mMapper.home(r.zone);
    if (r.affinityZone != kNone) // it can only go where its peer is: that zone's home
        return mMapper.home(r.affinityZone);
    const std::uint16_t need = std::uint16_t(r.storage | (r.demand[Gpu] > 0 ? kGpuTag : 0));
    // Ties go round robin, so idle schedulers share the untagged requests.
    std::int32_t chosen = kNone;
    std::size_t chosenLoad = 0;
    const auto start = std::int32_t(mRoundRobin++ % std::uint32_t(g));
    for (std::int32_t i = 0; i < g; ++i) {
        const std::int32_t s = (start + i) % g;
        if ((mSchedulerTags[std::size_t(s)] & need) != need)
            continue;
        const std::size_t load =
            mSchedulers[std::size_t(s)].queue.size() + (mSchedulers[std::size_t(s)].busy ? 1 : 0);
        if (chosen == kNone || load < chosenLoad) {
            chosen = s;
            chosenLoad = load;
        }
    }
    return chosen == kNone ? 0 : chosen;
}

void GlobalSimulation::refreshSchedulerTags()
{
    mSchedulerTags.assign(mSchedulers.size(), 0);
    for (int z = 0; z < mWorld.zones(); ++z) {
        std::uint16_t tags = mWorld.zoneStorage[std::size_t(z)];
        for (std::int32_t c : mWorld.zoneClusters[std::size_t(z)])
            if (mWorld.nodes.capacity[std::size_t(mWorld.nodes.begin(c))][Gpu] > 0)
                tags |= kGpuTag;
        mSchedulerTags[std::size_t(mMapper.home(z))] |= tags;
    }
}

void GlobalSimulation::enqueue(std::int32_t s, std::int32_t request)
{
    RequestState &r = mRequests[std::size_t(request)];
    r.scheduler = s;
    r.queuedSince = mNow;
    r.inQueue = true;
    if (!mSchedulers[std::size_t(s)].queue.push(request, r.spec.tenant, r.spec.priority, mNow)) {
        r.inQueue = false;
        finish(request, Status::Throttled, mNow);
        return;
    }
    kick(s);
}

void GlobalSimulation::requeueAtHead(std::int32_t s, std::int32_t request)
{
    RequestState &r = mRequests[std::size_t(request)];
    r.scheduler = s;
    r.queuedSince = mNow;
    r.inQueue = true;
    mSchedulers[std::size_t(s)].queue.pushFront(request);
    kick(s);
}

void GlobalSimulation::kick(std::int32_t s)
{
    Scheduler &sch = mSchedulers[std::size_t(s)];
    if (sch.busy || sch.queue.empty())
        return;
    const std::int32_t request = sch.queue.pop(mNow);
    RequestState &r = mRequests[std::size_t(request)];
    r.queueWait += mNow - r.queuedSince;
    r.inQueue = false;
    sch.busy = true;
    sch.current = request;
    // The decision reads the view now and commits when its modelled time is up:
    // whatever other schedulers commit meanwhile, it does not see (2.5.1).
    const double cost = decide(s, request, sch.pending);
    mEvents.push(mNow + cost, DecisionDone, s);
}

void GlobalSimulation::onDecisionDone(std::int32_t s)
{
    Scheduler &sch = mSchedulers[std::size_t(s)];
    const std::int32_t request = sch.current;
    const Decision d = sch.pending;
    sch.busy = false;
    sch.current = kNone;
    RequestState &r = mRequests[std::size_t(request)];
    switch (d.kind) {
    case Decision::Commit:
        commit(s, request, d.cluster);
        break;
    case Decision::Forward:
        // 2.5.5: the selected cluster's home makes the final check, at its queue head.
        ++mForwards;
        r.finalCheck = true;
        r.cluster = d.cluster;
        trace(GlobalTrace::Forward, request, d.to, d.cluster);
        requeueAtHead(d.to, request);
        break;
    case Decision::Reschedule:
        // The home's final check failed: reschedule without that cluster (2.5.6).
        ++mReschedules;
        r.finalCheck = false;
        r.excluded.push_back(d.cluster);
        trace(GlobalTrace::Reschedule, request, s, d.cluster);
        requeueAtHead(s, request);
        break;
    case Decision::Park:
        // 2.5.2: no suitable cluster in the view; it stays unscheduled until a
        // scheduler can place it, i.e. until the collector shows freed capacity.
        if (mNow - r.arrival < mScenario.patience) {
            trace(GlobalTrace::Park, request, s, kNone);
            sch.parked.push_back(request);
            r.parked = true;
            r.queuedSince = mNow;
            break;
        }
        [[fallthrough]];
    case Decision::Fail:
        trace(GlobalTrace::Fail, request, s, kNone);
        finish(request, Status::Failed, mNow);
        break;
    }
    kick(s);
}

void GlobalSimulation::commit(std::int32_t s, std::int32_t request, std::int32_t cluster)
{
    RequestState &r = mRequests[std::size_t(request)];
    ++r.attempts;
    r.cluster = cluster;
    r.finalCheck = false;
    trace(GlobalTrace::Commit, request, s, cluster);
    if (mArch.view == ViewKind::Exact) {
        // Node-level state is the scheduler's own: it binds the node now.
        const std::int32_t node = placeOnNode(mWorld.nodes, cluster, r.spec);
        if (node == kNone) { // the few-largest-nodes check missed; not a conflict
            r.excluded.push_back(cluster);
            requeueAtHead(s, request);
            return;
        }
        mSharedView[std::size_t(cluster)] = global::summarise(mWorld.nodes, cluster);
        placed(request, node, mNow + mScenario.cost.clusterRtt / 2);
        return;
    }
    // 2.5.1: subtract the request from the cluster's allocable capacity in the DB,
    // atomically, right before the placement goes to the cluster.
    viewOf(s)[std::size_t(cluster)].subtract(r.spec.demand, r.spec.storage);
    const auto nodes = mWorld.nodes.end(cluster) - mWorld.nodes.begin(cluster);
    mEvents.push(mNow + mScenario.cost.clusterRtt / 2 + mScenario.cost.perNode * nodes,
                 ClusterArrive, request);
}

void GlobalSimulation::onClusterArrive(std::int32_t request)
{
    RequestState &r = mRequests[std::size_t(request)];
    const std::int32_t node = placeOnNode(mWorld.nodes, r.cluster, r.spec);
    if (node != kNone) {
        placed(request, node, mNow);
        return;
    }
    // The claim subtracted at commit stays in the view on purpose until the next
    // collection: the cluster has less room than the view thought.
    ++mConflicts;
    trace(GlobalTrace::Reject, request, r.scheduler, r.cluster);
    mEvents.push(mNow + mScenario.cost.clusterRtt / 2, ClusterReply, request);
}

void GlobalSimulation::onClusterReply(std::int32_t request)
{
    // 2.5.6: back to the head of the queue, the failed cluster off its candidate list.
    RequestState &r = mRequests[std::size_t(request)];
    ++mReschedules;
    r.excluded.push_back(r.cluster);
    trace(GlobalTrace::Reschedule, request, r.scheduler, r.cluster);
    requeueAtHead(r.scheduler, request);
}

void GlobalSimulation::placed(std::int32_t request, std::int32_t node, double at)
{
    RequestState &r = mRequests[std::size_t(request)];
    r.node = node;
    trace(GlobalTrace::Place, request, r.scheduler, r.cluster);
    finish(request, Status::Placed, at);
    if (at <= mScenario.duration)
        ++mPlacedInWindow;
    mEvents.push(at + r.lifetime, Departure, request);
}

void GlobalSimulation::finish(std::int32_t request, Status status, double at)
{
    RequestState &r = mRequests[std::size_t(request)];
    r.status = status;
    r.finished = at;
}

void GlobalSimulation::onDeparture(std::int32_t request)
{
    const RequestState &r = mRequests[std::size_t(request)];
    releaseFromNode(mWorld.nodes, r.node, r.spec.demand);
    if (mArch.view == ViewKind::Exact)
        mSharedView[std::size_t(r.cluster)] = global::summarise(mWorld.nodes, r.cluster);
    else
        viewOf(r.scheduler)[std::size_t(r.cluster)].credit(r.node, r.spec.demand);
}

void GlobalSimulation::onDirectArrival()
{
    if (mNow > mScenario.duration)
        return;
    mEvents.push(mNow + mDirectRng.exponential(1.0 / mScenario.directRate), DirectArrival, 0);
    // 2.5.6: a request that went to a cluster's own scheduler, not through the framework.
    // The cluster places it or turns it away; no global view hears of it before the next
    // collection, so until then the framework's commits may meet a cluster with less room.
    const auto cluster = std::int32_t(mDirectRng.below(std::uint32_t(mWorld.nodes.clusterCount())));
    const int flavor = pickWeighted(mDirectRng, mFlavorWeights);
    const double lifetime = mDirectRng.exponential(mScenario.lifetime);
    const RequestFlavor &f = mScenario.flavors[std::size_t(flavor)];
    GlobalRequest r;
    r.demand = f.demand;
    r.storage = f.storage;
    const std::int32_t node = placeOnNode(mWorld.nodes, cluster, r);
    if (node == kNone) {
        ++mDirectRejected;
        return;
    }
    ++mDirectPlaced;
    mEvents.push(mNow + lifetime, DirectDeparture, node, flavor);
    // A node-level scheduler (monolithic, the arbitrator) is the cluster's scheduler:
    // it sees what it places at once.
    if (mArch.view == ViewKind::Exact)
        mSharedView[std::size_t(cluster)] = global::summarise(mWorld.nodes, cluster);
}

void GlobalSimulation::onDirectDeparture(std::int32_t node, std::int32_t flavor)
{
    // Freed behind the framework's back too: the view gets the room at the next collection.
    releaseFromNode(mWorld.nodes, node, mScenario.flavors[std::size_t(flavor)].demand);
    if (mArch.view == ViewKind::Exact) {
        const auto &first = mWorld.nodes.first;
        const auto cluster =
            std::int32_t(std::upper_bound(first.begin(), first.end(), node) - first.begin() - 1);
        mSharedView[std::size_t(cluster)] = global::summarise(mWorld.nodes, cluster);
    }
}

void GlobalSimulation::onCollect()
{
    // 2.5.6 Cluster Resource Collector: every period the DB (or every replica) gets the
    // clusters' actual allocable capacity; in between it is stale by design.
    double sum = 0.0, sumSq = 0.0;
    const std::int32_t n = mWorld.nodes.clusterCount();
    for (std::int32_t c = 0; c < n; ++c) {
        const ClusterSummary fresh = global::summarise(mWorld.nodes, c);
        double used = 0.0;
        for (std::size_t k : {std::size_t(Cpu), std::size_t(Memory)})
            used += fresh.capacity[k] > 0 ? 1.0 - fresh.allocable[k] / fresh.capacity[k] : 0.0;
        used /= 2;
        sum += used;
        sumSq += used * used;
        if (mArch.view == ViewKind::Replicated)
            for (Scheduler &s : mSchedulers)
                s.replica[std::size_t(c)] = fresh;
        else
            mSharedView[std::size_t(c)] = fresh;
    }
    const double mean = n > 0 ? sum / n : 0.0;
    mUtilMeanSum += mean;
    mUtilStdSum += n > 0 ? std::sqrt(std::max(0.0, sumSq / n - mean * mean)) : 0.0;
    ++mUtilSamples;
    for (std::size_t s = 0; s < mSchedulers.size(); ++s) {
        std::vector<std::int32_t> parked;
        parked.swap(mSchedulers[s].parked);
        for (auto it = parked.rbegin(); it != parked.rend(); ++it) {
            RequestState &r = mRequests[std::size_t(*it)];
            r.parked = false;
            r.queueWait += mNow - r.queuedSince;
            requeueAtHead(std::int32_t(s), *it);
        }
    }
    mEvents.push(mNow + mScenario.collectionPeriod, Collect, 0);
}

void GlobalSimulation::onRemap()
{
    if (mMapper.rebalance(mZoneWork, mScenario.mapperTolerance)) {
        ++mPartitionMoves;
        refreshSchedulerTags();
    }
    std::fill(mZoneWork.begin(), mZoneWork.end(), 0.0);
    mEvents.push(mNow + mScenario.mapperPeriod, Remap, 0);
}

GlobalResult runGlobal(const GlobalScenario &scenario, const GlobalArchitecture &architecture,
                       std::uint64_t seed, GlobalObserver *observer)
{
    GlobalSimulation simulation(scenario, architecture, seed);
    simulation.addObserver(observer);
    return simulation.run();
}

} // namespace schedlab::global
