// SPDX-License-Identifier: GPL-3.0-or-later
#include "snapshotrecorder.h"

#include "state/layercache.h"

#include <algorithm>

namespace schedlab::ui {

SnapshotRecorder::SnapshotRecorder(const Engine &engine, const Scenario &scenario)
    : mEngine(engine), mScenario(scenario), mLayout(makeLayout(engine, scenario)),
      mPlacements(int(mLayout->nodes.size()))
{
    const int nodes = int(mLayout->nodes.size());
    mDrops.assign(nodes, 0);
    mEapWanBytes.assign(mLayout->eaps.size(), 0.0);
    mEapWanLoad.assign(mLayout->eaps.size(), 0.0f);
    mLoadRing.assign(std::size_t(nodes) * kHistory, 0.0f);
    mQueueRing.assign(std::size_t(nodes) * kHistory, 0.0f);
    mMoves.reserve(kMaxMoves);
}

std::shared_ptr<const LiveLayout> SnapshotRecorder::makeLayout(const Engine &engine,
                                                               const Scenario &scenario)
{
    auto layout = std::make_shared<LiveLayout>();
    const Topology &topology = engine.topology();
    for (int n = 0; n < topology.edgeCount; ++n) {
        layout->nodes.push_back(topology.nodes[n].name);
        layout->nodeCpu.push_back(topology.nodes[n].cpu);
        layout->nodeEap.push_back(topology.nodes[n].eap);
    }
    for (const EapInfo &e : topology.eaps)
        layout->eaps.push_back(e.name);
    for (const ServiceSpec &s : scenario.services)
        layout->services.push_back(s.name);
    for (const SiteSpec &s : scenario.sites)
        if (s.kind == SiteKind::Cloud && layout->cloud.empty())
            layout->cloud = s.name;
    layout->slotSeconds = scenario.time.slot;
    layout->frameSlots = scenario.time.frame;
    layout->totalSlots = engine.totalSlots();
    return layout;
}

bool SnapshotRecorder::stopRequested()
{
    return mStop && mStop->load(std::memory_order_relaxed);
}

void SnapshotRecorder::onDispatch(const SimState &state, std::int32_t request, int eap, int target)
{
    if (target == kCloud)
        mEapWanBytes[eap] += state.requests[request].size;
    ++mSeen;
    const LiveMove move{eap, target, state.requests[request].service};
    if (mMoves.size() < std::size_t(kMaxMoves)) {
        mMoves.push_back(move);
        return;
    }
    // Reservoir sampling (Algorithm R): every dispatch is kept with equal chance.
    mRandom ^= mRandom << 13, mRandom ^= mRandom >> 7, mRandom ^= mRandom << 17;
    const std::uint64_t k = mRandom % mSeen;
    if (k < std::uint64_t(kMaxMoves))
        mMoves[k] = move;
}

void SnapshotRecorder::onDrop(const SimState &, std::int32_t, DropSite site, int where)
{
    if (site == DropSite::Node)
        ++mDrops[where];
}

void SnapshotRecorder::onPlacement(const SimState &state, int pod, const PlacementRecord &record)
{
    mPlacements.record(state, pod, record);
}

void SnapshotRecorder::onSlot(const SimState &state)
{
    mPlacements.sweep(state);
    const double slot = mLayout->slotSeconds;
    for (std::size_t b = 0; b < mEapWanBytes.size(); ++b) {
        const double bw = mEngine.topology().eaps[b].toCloud.bandwidth;
        mEapWanLoad[b] = bw > 0 ? float(mEapWanBytes[b] * 8.0 / (bw * slot)) : 0.0f;
        mEapWanBytes[b] = 0.0;
    }
    const RunTotals t = mEngine.metrics().totals();
    const double wanBytes = t.wanRequestBytes + t.pulledBytes;
    const double wanBw = mScenario.network.wan.bandwidth;
    mWanLoad = wanBw > 0 ? float((wanBytes - mLastWanBytes) * 8.0 / (wanBw * slot)) : 0.0f;
    mLastWanBytes = wanBytes;

    const int at = int(mRecorded % kHistory);
    for (std::size_t n = 0; n < mDrops.size(); ++n) {
        mLoadRing[n * kHistory + at] = float(state.cpuLoad(int(n)));
        mQueueRing[n * kHistory + at] = float(state.nodes[n].queue.size());
    }
    ++mRecorded;
}

void SnapshotRecorder::fillFocus(LiveFocus &focus, int node) const
{
    const SimState &state = mEngine.state();
    focus.node = node;
    focus.ready.resize(state.serviceCount);
    focus.pending.resize(state.serviceCount);
    for (int s = 0; s < state.serviceCount; ++s) {
        focus.ready[s] = state.ready(node, s);
        focus.pending[s] = state.pending(node, s);
    }
    const LayerCache &cache = mEngine.layerCache(node);
    for (const LayerCache::Entry &e : cache.entries())
        focus.layers.push_back({e.digest, e.size, e.users > 0, !e.present});
    focus.diskUsed = cache.used();
    const long count = std::min<long>(mRecorded, kHistory);
    focus.loadHistory.reserve(count);
    focus.queueHistory.reserve(count);
    for (long i = mRecorded - count; i < mRecorded; ++i) {
        const std::size_t k = std::size_t(node) * kHistory + std::size_t(i % kHistory);
        focus.loadHistory.push_back(mLoadRing[k]);
        focus.queueHistory.push_back(mQueueRing[k]);
    }
}

SnapshotPtr SnapshotRecorder::take(double wallSeconds, bool running, bool finished)
{
    const SimState &state = mEngine.state();
    auto s = std::make_shared<Snapshot>();
    s->layout = mLayout;
    s->time = state.now;
    s->slot = state.slot;
    const int nodes = int(mLayout->nodes.size());
    s->nodes.resize(nodes);
    for (int n = 0; n < nodes; ++n) {
        const NodeState &ns = state.nodes[n];
        LiveNode &ln = s->nodes[n];
        ln.load = float(state.cpuLoad(n));
        ln.busy = float(ns.busyCpu / mLayout->nodeCpu[n]);
        ln.queue = int(ns.queue.size());
        for (std::int32_t id : ns.replicas) {
            const Replica &r = state.replicas[id];
            if (r.ready)
                ++ln.replicas;
            else
                ++ln.pulling;
        }
        ln.dropped = mDrops[n];
        mDrops[n] = 0;
    }
    s->eapQueues.reserve(state.eapQueues.size());
    for (const auto &q : state.eapQueues)
        s->eapQueues.push_back(int(q.size()));
    s->eapWanLoad = mEapWanLoad;
    s->cloudQueue = int(state.cloudQueue.size());
    const double cloudCores = mEngine.topology().cloudCores;
    s->cloudBusy = cloudCores > 0 ? float(state.cloudBusyCores / cloudCores) : 0.0f;
    s->wanLoad = mWanLoad;
    s->moves.swap(mMoves);
    mMoves.clear();
    mMoves.reserve(kMaxMoves);
    s->movesSeen = mSeen;
    mSeen = 0;
    s->totals = mEngine.metrics().totals();
    s->hasPods = mScenario.hasDeployments();
    if (s->hasPods) {
        mPlacements.fill(state, *s);
        const PodMetrics &pods = mEngine.metrics().pods();
        s->pods.placed = pods.placedCount();
        s->pods.imagePull = pods.failures(PodFailure::ImagePull);
        s->pods.containerCreate = pods.failures(PodFailure::ContainerCreate);
        s->pods.unschedulable = pods.failures(PodFailure::Unschedulable);
    }
    s->inFlight = mEngine.inFlight();
    s->events = mEngine.eventsProcessed();
    s->wallSeconds = wallSeconds;
    const int focus = mFocus.load(std::memory_order_relaxed);
    if (focus >= 0 && focus < nodes)
        fillFocus(s->focus, focus);
    s->running = running;
    s->finished = finished;
    if (!running && mExplainer)
        s->explanation = std::make_shared<const RunExplanation>(mExplainer->explain(mEngine));
    s->cancelled = mEngine.cancelled() || (stopRequested() && state.slot < mLayout->totalSlots);
    return s;
}

} // namespace schedlab::ui
