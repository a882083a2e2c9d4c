// SPDX-License-Identifier: GPL-3.0-or-later
// The edge nodes' side of the engine: a node's queue (Q'_n, in Ψ' order), its
// replicas taking requests from it, and its cores shared by the requests in service.
#include "engine/engine.h"

#include <algorithm>
#include <array>
#include <utility>

namespace schedlab {

int Engine::pickFromQueue(const std::vector<std::int32_t> &queue, int queueIndex,
                          bool needIdleReplica, int node) const
{
    int best = -1;
    double bestPriority = 0.0;
    for (int i = 0; i < int(queue.size()); ++i) {
        const Request &r = mState.requests[queue[i]];
        if (needIdleReplica && mState.idle(node, int(r.service)) == 0)
            continue;
        if (mFifo)
            return i;
        const double p = mDequeue->priority(queueIndex, r, mState.now);
        if (best < 0 || p > bestPriority) {
            best = i;
            bestPriority = p;
        }
    }
    return best;
}

bool Engine::tryStartNode(int node)
{
    const int mayStart = std::exchange(mMayStart[std::size_t(node)], kSettled);
    if (mayStart == kSettled)
        return false;
    NodeState &ns = mState.nodes[node];
    bool started = false;
    if (mayStart != kAnyService && mFifo) {
        // Only this service's requests can start: its first ones, in queue order.
        const auto s = std::uint32_t(mayStart);
        const auto &services = mQueueServices[std::size_t(node)];
        const std::size_t at = std::size_t(node) * mState.serviceCount + s;
        while (mState.freeCount[at] > 0 && mQueuedOf[at] > 0) {
            const auto i = std::find(services.begin(), services.end(), s) - services.begin();
            started |= startQueued(node, int(i));
        }
    } else {
        const int queueIndex = int(mTopology.eaps.size()) + node;
        while (ns.idle > 0 && !ns.queue.empty()) {
            const int i = pickFromQueue(ns.queue, queueIndex, true, node);
            if (i < 0)
                break;
            started |= startQueued(node, i);
        }
    }
    if (started)
        reshare(node);
    return started;
}

bool Engine::startQueued(int node, int i)
{
    NodeState &ns = mState.nodes[node];
    const std::int32_t id = ns.queue[i];
    ns.queue.erase(ns.queue.begin() + i);
    auto &services = mQueueServices[std::size_t(node)];
    const int s = int(services[std::size_t(i)]); // without waiting for the request's record
    services.erase(services.begin() + i);
    --mQueuedOf[std::size_t(node) * mState.serviceCount + s];
    for (std::int32_t rep : ns.replicas) {
        const Replica &candidate = mState.replicas[rep];
        if (int(candidate.service) == s && candidate.ready && candidate.busyWith < 0 &&
            !candidate.draining) {
            startOnReplica(rep, id);
            return true;
        }
    }
    return false;
}

/** A request joining a node's queue can start only if its service has an idle
 *  replica there; when nothing else queued could (the queue is settled), FIFO
 *  starts it without a scan. */
void Engine::joinNodeQueue(int node, std::int32_t id)
{
    NodeState &ns = mState.nodes[node];
    const auto s = mState.requests[id].service;
    ns.queue.push_back(id);
    mQueueServices[std::size_t(node)].push_back(s);
    ++mQueuedOf[std::size_t(node) * mState.serviceCount + s];
    if (mState.idle(node, int(s)) > 0) {
        if (mMayStart[std::size_t(node)] == kSettled && mFifo) {
            if (startQueued(node, int(ns.queue.size()) - 1))
                reshare(node);
            return;
        }
        mayStartToo(node, int(s));
    }
    tryStartNode(node);
}

void Engine::mayStartToo(int node, int service)
{
    int &mayStart = mMayStart[std::size_t(node)];
    mayStart = mayStart == kSettled || mayStart == service ? service : kAnyService;
}

/** An idle replica more lets only its own service's queued requests start: with
 *  none queued there, the node's queue stays settled. */
void Engine::setFree(const Replica &r, int delta)
{
    const std::size_t at = std::size_t(r.node) * mState.serviceCount + r.service;
    mState.freeCount[at] += delta;
    mState.nodes[r.node].idle += delta;
    if (delta > 0 && mQueuedOf[at] > 0)
        mayStartToo(r.node, int(r.service));
}

void Engine::startOnReplica(std::int32_t replica, std::int32_t id)
{
    Replica &rep = mState.replicas[replica];
    Request &r = mState.requests[id];
    r.started = mState.now; // the node's busy work is brought up to date when it is reshared
    rep.busyWith = id;
    rep.remaining = r.work;
    rep.cores = 0.0; // reshare() gives it its share and schedules its completion
    rep.finishAt = -1.0;
    rep.since = mState.now;
    setFree(rep, -1);
    ++mState.nodes[rep.node].busy;
    auto &busy = mBusyOn[std::size_t(rep.node)];
    busy.push_back(replica);
    auto at = busy.end() - 1;
    for (; at != busy.begin() && mAddedAt[std::size_t(*(at - 1))] > mAddedAt[std::size_t(replica)];
         --at)
        *at = *(at - 1);
    *at = replica;
}

void Engine::advanceBusy(int node)
{
    if (!startAdvance(node))
        return;
    const NodeInfo &info = mTopology.nodes[node];
    const std::size_t siteBase = std::size_t(info.site) * std::size_t(mState.serviceCount);
    for (std::int32_t id : mBusyOn[std::size_t(node)])
        advance(mState.replicas[id], info.perf, siteBase);
}

/** A second pass at the same time would add nothing: a node's busy work is
 *  brought up to date once per simulated instant. */
bool Engine::startAdvance(int node)
{
    double &advanced = mAdvancedAt[std::size_t(node)];
    if (advanced == mState.now)
        return false;
    advanced = mState.now;
    return true;
}

void Engine::advance(Replica &rep, double perf, std::size_t siteBase)
{
    const double dt = mState.now - rep.since;
    rep.remaining -= rep.cores * perf * dt;
    mFrameBusy[siteBase + rep.service] += rep.cores * dt;
    rep.since = mState.now;
}

/**
 * Requests in service share the node's cores equally, each at most one core: a
 * request is one thread (CFS with equal weights and a one-core limit). Whenever
 * the number in service changes, every completion is rescheduled. The calendar
 * holds only the node's first one: each replica keeps its own time and the
 * insertion order its event would have had, so completions come out in the
 * order of one event per replica.
 */
void Engine::reshare(int node)
{
    NodeState &ns = mState.nodes[node];
    const NodeInfo &info = mTopology.nodes[node];
    const double cores = ns.busy ? std::min(1.0, info.cpu / ns.busy) : 0.0;
    Event first{};
    bool busy = false;
    // Requests that were started since the last event bring their node up to
    // date here, in the same pass over its replicas.
    const bool advancing = startAdvance(node);
    const std::size_t siteBase = std::size_t(info.site) * std::size_t(mState.serviceCount);
    integrateUsage(node);
    ns.busyCpu = cores * ns.busy;
    std::array<double, kMetricCount> usage{}; // summed here, not through memory
    for (std::int32_t id : mBusyOn[std::size_t(node)]) {
        Replica &rep = mState.replicas[id];
        if (advancing)
            advance(rep, info.perf, siteBase);
        const UsageProfile &profile = mProfiles[rep.service];
        for (int c = int(Metric::NetRx); c < kMetricCount; ++c)
            usage[c] += cores * profile[c];
        if (rep.cores != cores) {
            rep.cores = cores;
            const double at = mState.now + std::max(0.0, rep.remaining) / (cores * info.perf);
            const std::uint64_t order = mEvents.reserve(NodeDone);
            if (at != rep.finishAt) // else its first event still stands, and comes first
                rep.finishOrder = order;
            rep.finishAt = at;
        }
        const Event done{rep.finishAt, rep.finishOrder, rep.busyWith, id};
        if (!busy || EventQueue::Later{}(first, done))
            first = done;
        busy = true;
    }
    usage[int(Metric::Cpu)] = ns.busyCpu + info.systemCpu;
    ns.usageRate = usage;
    if (busy)
        mEvents.setKeyed(node, first);
    else
        mEvents.clearKeyed(node);
    if (ns.runningPods)
        for (int c = 0; c < kMetricCount; ++c)
            ns.usageRate[c] += ns.podRate[c];
}

} // namespace schedlab
