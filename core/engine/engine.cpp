// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/engine.h"

#include "engine/dispatchindex.h"
#include "engine/ontimeceiling.h"
#include "engine/serving.h"
#include "state/layercache.h"
#include "state/pullqueue.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace schedlab {

namespace {
double wallNow()
{
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

/** The scenario, checked to fit a run before anything is built for it. */
const Scenario &sized(const Scenario &scenario, double duration)
{
    if (const auto problem = runSizeProblem(scenario, duration))
        throw std::invalid_argument(problem->key + ": " + problem->message);
    return scenario;
}
} // namespace

Engine::Engine(const Scenario &scenario, PolicySet policies, const RunConfig &config)
    : mScenario(sized(scenario, config.duration)), mConfig(config),
      mTopology(Topology::build(scenario)), mPolicies(std::move(policies)),
      mDispatch(mPolicies.dispatch.get()), mDequeue(mPolicies.dequeue.get()),
      mOrchestration(mPolicies.orchestration.get()), mPlacement(mPolicies.placement.get()),
      mDispatchRng(Rng::stream(config.seed, "policy.dispatch")),
      mPlacementRng(Rng::stream(config.seed, "policy.placement"))
{
    if (!mDispatch || !mDequeue || !mOrchestration || !mPlacement)
        throw std::invalid_argument("the engine needs a policy on every plane");
    mFifo = mDequeue->isFifo();
    mCentralised = mDispatch->centralised();

    std::string error;
    mArrivals = makeArrivalSource(scenario, mTopology, config.seed, &error);
    if (!mArrivals)
        throw std::invalid_argument(error);

    const int nodes = int(mTopology.nodes.size());
    const int services = int(scenario.services.size());
    mState.topology = &mTopology;
    mState.scenario = &mScenario;
    mState.seed = config.seed;
    mState.serviceCount = services;
    mState.nodes.resize(nodes);
    mEvents.setKeys(nodes);
    mState.eapQueues.resize(mTopology.eaps.size());
    mToEaps.resize(mTopology.eaps.size());
    mState.readyCount.assign(std::size_t(nodes) * services, 0);
    mState.freeCount.assign(std::size_t(nodes) * services, 0);
    mState.pendingCount.assign(std::size_t(nodes) * services, 0);
    mHosting.resize(scenario.sites.size() * std::size_t(services));
    const Distribution none = Distribution::constant(0.0);
    mRequestDemands =
        scenario.workload.requests.readsTrace() ||
        std::any_of(scenario.services.begin(), scenario.services.end(), [&](const ServiceSpec &s) {
            return !(s.requestCpu == none) || !(s.requestMemory == none);
        });
    if (mDispatch->ranksNodes() && !mCentralised && !mRequestDemands)
        mIndex = std::make_unique<DispatchIndex>(*mDispatch, mState, config.indexSitesFrom);
    mPullFreeAt.assign(nodes, 0.0);
    mFrameBusy.assign(scenario.sites.size() * std::size_t(services), 0.0);
    mCaches = std::make_unique<LayerCache[]>(mTopology.nodes.size());
    mReturnLatency.assign(nodes, 0.0);
    mCpuLoads.assign(nodes, 0.0);
    mMemAllocated.assign(nodes, 0.0);
    mAdvancedAt.assign(nodes, -1.0);
    mMayStart.assign(nodes, kSettled);
    mQueueServices.resize(nodes);
    mQueuedOf.assign(std::size_t(nodes) * services, 0);
    mBusyOn.resize(nodes);
    for (const ServiceSpec &service : scenario.services)
        mProfiles.push_back(service.profile);
    for (int n = 0; n < nodes; ++n) {
        mState.nodes[n].usageRate[int(Metric::Cpu)] = mTopology.nodes[n].systemCpu;
        mCaches[n].setCapacity(mTopology.nodes[n].disk);
        mReturnLatency[n] = scenario.network.lan.latency + scenario.network.access.latency;
    }

    const double duration = config.duration > 0 ? config.duration : scenario.time.duration;
    mTotalSlots = long(std::ceil(duration / scenario.time.slot - 1e-9));

    mDispatch->reset(mState);
    if (mCentralised)
        mMetrics.enableSchedulingDelay();
    mDequeue->reset(mState, int(mTopology.eaps.size()) + nodes + 1);
    mOrchestration->reset(mState);
    placeInitialReplicas();
    mCeiling = std::make_unique<OnTimeCeiling>(mScenario, mTopology, mImageRuns, mRequestDemands);
    initPods();
    mHasPending = mArrivals->next(mPending);
}

Engine::~Engine() = default;

const LayerCache &Engine::layerCache(int node) const
{
    return mCaches[node];
}

RunResult Engine::run()
{
    while (stepSlot()) {
    }
    return finish();
}

bool Engine::stepSlot()
{
    if (!mSlotOpen && !openSlot())
        return false;
    for (Leaving next; nextLeaving(next);)
        dispatchRequest(next.eap, next.request);
    return closeSlot();
}

bool Engine::openSlot()
{
    if (mFinished || mState.slot >= mTotalSlots)
        return false;
    if (mWallStart == 0.0)
        mWallStart = wallNow();
    if (mObservers.any(&SimObserver::stopRequested)) {
        mCancelled = true;
        return false;
    }
    mState.now = double(mState.slot) * mScenario.time.slot;
    dropExpired();
    mLeaving = {};
    mSlotOpen = true;
    if (mCentralised)
        dispatchSlotCentrally();
    return true;
}

bool Engine::closeSlot()
{
    mSlotOpen = false;
    mDequeue->endSlot();
    const double slotEnd = double(mState.slot + 1) * mScenario.time.slot;
    processUntil(slotEnd);
    mState.now = slotEnd;
    for (int n = 0; n < mTopology.edgeCount; ++n)
        integrateUsage(n);
    mMetrics.sampleSlot(mState);
    ++mState.slot;
    mSimSeconds = slotEnd;
    if (mState.slot % mScenario.time.frame == 0 || mState.slot == mTotalSlots)
        endFrame();
    mObservers.notify(&SimObserver::onSlot, mState);
    return mState.slot < mTotalSlots;
}

RunResult Engine::finish()
{
    mFinished = true;
    const double wall = mWallStart > 0 ? wallNow() - mWallStart : 0.0;
    finishPods();
    return mMetrics.finish(mSimSeconds, wall, mInFlight);
}

void Engine::integrateUsage(int node)
{
    NodeState &ns = mState.nodes[node];
    const double dt = mState.now - ns.integratedUntil;
    for (int c = 0; c < kMetricCount; ++c)
        ns.usageIntegral[c] += ns.usageRate[c] * dt;
    ns.integratedUntil = mState.now;
}

void Engine::admitArrivals(double until)
{
    const LinkSpec &access = mScenario.network.access;
    while (mHasPending && mPending.time < until) {
        const std::int32_t id = newRequest();
        Request &r = mState.requests[id];
        r.created = mPending.time;
        r.deadline = mPending.time + mPending.delay;
        r.work = mPending.work;
        r.size = mPending.size;
        r.cpu = mPending.cpu;
        r.memory = mPending.memory;
        r.service = std::uint32_t(mPending.service);
        r.eap = mPending.eap;
        r.target = kCloud;
        r.frame = mMetrics.openFrame();
        mMetrics.arrived();
        if (mCeiling->possible(r))
            mMetrics.possible();
        ++mInFlight;
        toEap(r.eap, {r.created + transferSeconds(access, r.size), id});
        mHasPending = mArrivals->next(mPending);
    }
}

void Engine::processUntil(double until)
{
    admitArrivals(until);
    reachEaps(until);
    const int eaps = int(mTopology.eaps.size());
    Event e;
    while (mEvents.popBefore(until, e)) {
        ++mEventCount;
        mState.now = e.time;
        switch (e.kind()) {
        case AtNode: {
            mState.requests[e.a].enqueued = e.time;
            joinNodeQueue(e.b, e.a);
            break;
        }
        case AtCloud:
            mState.requests[e.a].enqueued = e.time;
            mState.cloudQueue.push_back(e.a);
            tryStartCloud();
            break;
        case NodeDone: {
            Replica &rep = mState.replicas[e.b];
            const int node = rep.node;
            const int s = int(rep.service);
            advanceBusy(node);
            NodeState &ns = mState.nodes[node];
            --ns.busy;
            leaveNode(node, mState.requests[e.a]);
            rep.busyWith = -1;
            rep.cores = 0.0;
            auto &busy = mBusyOn[std::size_t(node)];
            busy.erase(std::find(busy.begin(), busy.end(), e.b));
            mDequeue->observe(eaps + node, s, e.time - mState.requests[e.a].started);
            completeRequest(e.a, false, e.time + mReturnLatency[node]);
            if (rep.draining)
                removeReplica(e.b);
            else
                setFree(rep, +1);
            if (!tryStartNode(node)) // else it has reshared
                reshare(node);
            break;
        }
        case CloudDone: {
            const Request &r = mState.requests[e.a];
            mState.cloudBusyCores -= 1.0;
            mDequeue->observe(eaps + int(mTopology.nodes.size()), int(r.service),
                              e.time - r.started);
            const double back =
                mTopology.eaps[r.eap].toCloud.latency + mScenario.network.access.latency;
            completeRequest(e.a, true, e.time + back);
            tryStartCloud();
            break;
        }
        case PullDone:
            replicaReady(e.a);
            break;
        default:
            handlePodEvent(e);
        }
    }
}

/**
 * The requests that reach their eAP before `until` join its queue, in the order
 * they get there (ties: in order of creation), as calendar events would put them.
 * Nothing reads an eAP queue until the slot ends, so they need no event of their
 * own: the calendar holds one event less per request.
 */
void Engine::reachEaps(double until)
{
    for (std::size_t b = 0; b < mToEaps.size(); ++b) {
        ToEapList &to = mToEaps[b];
        if (to.unsorted) {
            std::stable_sort(to.list.begin(), to.list.end(),
                             [](const ToEap &x, const ToEap &y) { return x.at < y.at; });
            to.unsorted = false;
        }
        const auto later = std::lower_bound(to.list.begin(), to.list.end(), until,
                                            [](const ToEap &t, double at) { return t.at < at; });
        for (auto t = to.list.begin(); t != later; ++t) {
            mState.requests[t->request].enqueued = t->at;
            mState.eapQueues[b].push_back(t->request);
        }
        mEventCount += std::uint64_t(later - to.list.begin());
        to.list.erase(to.list.begin(), later);
    }
}

/** Requests are created in time order and their transfers differ little, so the
 *  new one's place is mostly a step or two from the back of its eAP's list.
 *  Further back, the list is sorted once before it is read. Equal times keep the
 *  order of creation. */
void Engine::toEap(int eap, const ToEap &request)
{
    constexpr int kSteps = 64;
    ToEapList &to = mToEaps[std::size_t(eap)];
    to.list.push_back(request);
    if (to.unsorted)
        return;
    auto at = to.list.end() - 1;
    int steps = 0;
    for (; at != to.list.begin() && (at - 1)->at > request.at && steps < kSteps; --at, ++steps)
        *at = *(at - 1);
    *at = request;
    if (at != to.list.begin() && (at - 1)->at > request.at)
        to.unsorted = true;
}

void Engine::dropExpired()
{
    const double now = mState.now;
    auto sweep = [&](std::vector<std::int32_t> &queue, DropSite site, int where) {
        const std::size_t before = queue.size();
        auto keep = queue.begin();
        for (auto it = queue.begin(); it != queue.end(); ++it) {
            const Request &r = mState.requests[*it];
            if (r.deadline >= now) {
                *keep++ = *it;
                continue;
            }
            if (site == DropSite::Node) {
                --mQueuedOf[std::size_t(where) * mState.serviceCount + r.service];
                leaveNode(where, r);
            }
            mMetrics.dropped(site, r.frame);
            mObservers.notify(&SimObserver::onDrop, mState, *it, site, where);
            --mInFlight;
            freeRequest(*it);
        }
        queue.erase(keep, queue.end());
        return queue.size() != before;
    };
    for (int b = 0; b < int(mState.eapQueues.size()); ++b)
        sweep(mState.eapQueues[b], DropSite::Eap, b);
    for (int n = 0; n < mTopology.edgeCount; ++n) {
        if (!sweep(mState.nodes[n].queue, DropSite::Node, n))
            continue;
        auto &services = mQueueServices[std::size_t(n)];
        services.clear();
        for (const std::int32_t id : mState.nodes[n].queue)
            services.push_back(mState.requests[id].service);
    }
    sweep(mState.cloudQueue, DropSite::Cloud, kCloud);
}

void Engine::touchIndex(int node)
{
    mIndex->touch(node);
}

void Engine::allocationChanged(int node)
{
    mMemAllocated[std::size_t(node)] = mState.memAllocated(node);
    nodeChanged(node);
}

void Engine::leaveNode(int node, const Request &r)
{
    NodeState &ns = mState.nodes[std::size_t(node)];
    ns.demand -= 1.0;
    ns.requestCpu -= r.cpu;
    ns.requestMemory -= r.memory;
    demandChanged(node);
}

void Engine::tryStartCloud()
{
    const int queueIndex = int(mTopology.eaps.size() + mTopology.nodes.size());
    while (!mState.cloudQueue.empty() &&
           mState.cloudBusyCores + 1.0 <= mTopology.cloudCores + 1e-9) {
        const int i = pickFromQueue(mState.cloudQueue, queueIndex, false, -1);
        const std::int32_t id = mState.cloudQueue[i];
        mState.cloudQueue.erase(mState.cloudQueue.begin() + i);
        Request &r = mState.requests[id];
        r.started = mState.now;
        mState.cloudBusyCores += 1.0;
        mEvents.push(mState.now + r.work / mTopology.cloudPerf, CloudDone, id);
    }
}

void Engine::completeRequest(std::int32_t id, bool atCloud, double delivered)
{
    const Request &r = mState.requests[id];
    mMetrics.completed(delivered - r.created, delivered <= r.deadline, atCloud, r.frame);
    // Ψ's experience runs from leaving the eAP queue to completion (eq. 8).
    mDequeue->observe(r.eap, int(r.service), delivered - r.dequeued);
    mObservers.notify(&SimObserver::onComplete, mState, id, delivered <= r.deadline);
    --mInFlight;
    freeRequest(id);
}

std::int32_t Engine::newRequest()
{
    if (!mFreeRequests.empty()) {
        const std::int32_t id = mFreeRequests.back();
        mFreeRequests.pop_back();
        return id;
    }
    if (mState.requests.size() >= mConfig.maxRequestsInFlight) {
        std::ostringstream why;
        why << "more than " << mConfig.maxRequestsInFlight << " requests in flight at once at "
            << mState.now << " s: the arrivals (workload.requests) far exceed what the nodes "
            << "and the cloud serve before the requests' deadlines; give a lower rate or "
               "more capacity";
        throw std::runtime_error(why.str());
    }
    mState.requests.emplace_back();
    return std::int32_t(mState.requests.size() - 1);
}

void Engine::freeRequest(std::int32_t id)
{
    mFreeRequests.push_back(id);
}

} // namespace schedlab
