// SPDX-License-Identifier: GPL-3.0-or-later
// Replicas: initial placement, scaling by the orchestration plane, image pulls.
#include "engine/engine.h"

#include "engine/dispatchindex.h"
#include "engine/initialreplicas.h"
#include "policy/orchestrationpolicy.h"
#include "state/layercache.h"

#include <algorithm>
#include <chrono>
#include <tuple>

namespace schedlab {

namespace {
const std::vector<LayerSpec> &layersFor(const Scenario &scenario, int service,
                                        const std::string &arch)
{
    static const std::vector<LayerSpec> none;
    const ImageSpec *image = scenario.image(scenario.services[service].image);
    const ImageVariant *v = image ? image->variantFor(arch) : nullptr;
    return v ? v->layers : none;
}
} // namespace

/** The orchestration plane's view of the engine at a frame boundary. */
class EngineOrchestration final : public OrchestrationContext
{
public:
    EngineOrchestration(Engine &engine, int site) : mEngine(engine), mSite(site) {}

    const SimState &state() const override { return mEngine.mState; }
    int site() const override { return mSite; }
    double frameSeconds() const override
    {
        return mEngine.mScenario.time.slot * mEngine.mScenario.time.frame;
    }
    double frameBusyCoreSeconds(int service) const override
    {
        return mEngine.mFrameBusy[std::size_t(mSite) * mEngine.mState.serviceCount + service];
    }
    int edgeReplicas(int service) const override
    {
        return mEngine.edgeReplicaCount(service, mSite);
    }
    bool scaleUp(int service) override
    {
        const int node = mEngine.chooseNodeFor(service, mSite);
        if (node < 0)
            return false;
        mEngine.addReplica(node, service, false);
        return true;
    }
    bool scaleDown(int service) override
    {
        // An idle replica on the node holding most of this service goes first;
        // otherwise a busy one drains (KaiS IV-B: delete only when idle).
        const SimState &st = mEngine.mState;
        std::int32_t best = -1;
        std::tuple<bool, int, int> bestKey{};
        for (int n = 0; n < mEngine.mTopology.edgeCount; ++n) {
            if (mEngine.mTopology.nodes[n].site != mSite)
                continue;
            for (std::int32_t id : st.nodes[n].replicas) {
                const Replica &r = st.replicas[id];
                if (int(r.service) != service || r.draining || !r.ready)
                    continue;
                const auto key = std::make_tuple(r.busyWith < 0, st.ready(n, service), -n);
                if (best < 0 || key > bestKey) {
                    best = id;
                    bestKey = key;
                }
            }
        }
        return removeOrDrain(best);
    }
    bool scaleUpOn(int service, int node) override
    {
        if (!inSite(node) || !mEngine.fits(node, service))
            return false;
        mEngine.addReplica(node, service, false);
        return true;
    }
    bool scaleDownOn(int service, int node) override
    {
        if (!inSite(node))
            return false;
        const SimState &st = mEngine.mState;
        std::int32_t best = -1;
        for (std::int32_t id : st.nodes[node].replicas) {
            const Replica &r = st.replicas[id];
            if (int(r.service) != service || r.draining || !r.ready)
                continue;
            if (best < 0 || (r.busyWith < 0 && st.replicas[best].busyWith >= 0))
                best = id;
        }
        return removeOrDrain(best);
    }

private:
    bool inSite(int node) const
    {
        return node >= 0 && node < mEngine.mTopology.edgeCount &&
               mEngine.mTopology.nodes[node].site == mSite;
    }
    /** Removes an idle replica at once; a busy one drains (KaiS IV-B: delete only when idle). */
    bool removeOrDrain(std::int32_t id)
    {
        if (id < 0)
            return false;
        Replica &r = mEngine.mState.replicas[id];
        if (r.busyWith >= 0) {
            r.draining = true;
            return true;
        }
        mEngine.removeReplica(id);
        return true;
    }

    Engine &mEngine;
    int mSite;
};

bool Engine::fits(int node, int service) const
{
    const NodeState &ns = mState.nodes[node];
    return replicaRank(mScenario.services[std::size_t(service)], mTopology.nodes[node],
                       mImageRuns[std::size_t(node) * mState.serviceCount + service], ns.cpuAlloc,
                       ns.memAlloc, 0)
        .has_value();
}

int Engine::chooseNodeFor(int service, int site) const
{
    return chooseReplicaNode(
        mScenario, mTopology, mImageRuns, service, site,
        [&](int n) {
            return std::pair{mState.nodes[n].cpuAlloc, mState.nodes[n].memAlloc};
        },
        [&](int n) { return mState.ready(n, service) + mState.pending(n, service); });
}

void Engine::placeInitialReplicas()
{
    mImageRuns = imageRunsTable(mScenario, mTopology);
    // `replicas.edge` is per edge site (each edge cluster is orchestrated on its own);
    // replicas pinned with `hosts` count towards their site's number.
    for (const auto &[node, service] : planInitialReplicas(mScenario, mTopology).replicas)
        addReplica(node, service, true);
}

std::int32_t Engine::addReplica(int node, int service, bool initial)
{
    std::int32_t id;
    if (!mFreeReplicas.empty()) {
        id = mFreeReplicas.back();
        mFreeReplicas.pop_back();
    } else {
        id = std::int32_t(mState.replicas.size());
        mState.replicas.emplace_back();
    }
    if (mAddedAt.size() < mState.replicas.size())
        mAddedAt.resize(mState.replicas.size());
    mAddedAt[std::size_t(id)] = mAdded++;
    Replica &r = mState.replicas[id];
    r = Replica{};
    r.node = node;
    r.service = std::uint32_t(service);
    r.cpu = mScenario.services[service].replicaCpu;
    r.memory = mScenario.services[service].replicaMemory;
    NodeState &ns = mState.nodes[node];
    ns.cpuAlloc += mScenario.services[service].replicaCpu;
    ns.memAlloc += r.memory;
    ns.replicas.push_back(id);
    allocationChanged(node);

    const auto &layers = layersFor(mScenario, service, mTopology.nodes[node].arch);
    const double missing = mCaches[node].missingBytes(layers);
    mCaches[node].acquire(layers, mState.now);
    ns.diskUsed = mCaches[node].used();
    ++mState.pendingCount[std::size_t(node) * mState.serviceCount + service];
    if (initial || missing <= 0.0) {
        replicaReady(id);
        return id;
    }
    // Downloads to one node share its link: serialising them gives the same finish
    // time for the last one as fair sharing would.
    mMetrics.pulledBytes(missing);
    const LinkSpec &wan = mScenario.network.wan;
    const double bandwidth = std::min(mTopology.nodes[node].bandwidth, wan.bandwidth);
    const double start = std::max(mState.now, mPullFreeAt[node]);
    mPullFreeAt[node] = start + wan.latency + missing * 8.0 / bandwidth;
    mEvents.push(mPullFreeAt[node], PullDone, id);
    return id;
}

void Engine::replicaReady(std::int32_t id)
{
    Replica &r = mState.replicas[id];
    const std::size_t at = std::size_t(r.node) * mState.serviceCount + r.service;
    --mState.pendingCount[at];
    r.ready = true;
    if (mState.readyCount[at]++ == 0) {
        auto &hosts =
            mHosting[std::size_t(mTopology.nodes[r.node].site) * mState.serviceCount + r.service];
        hosts.insert(std::upper_bound(hosts.begin(), hosts.end(), r.node), r.node);
        if (mIndex)
            mIndex->host(r.node, int(r.service));
    }
    setFree(r, +1);
    tryStartNode(r.node);
}

void Engine::removeReplica(std::int32_t id)
{
    Replica &r = mState.replicas[id];
    const std::size_t at = std::size_t(r.node) * mState.serviceCount + r.service;
    if (r.busyWith < 0 && !r.draining)
        setFree(r, -1);
    if (r.ready && --mState.readyCount[at] == 0) {
        auto &hosts =
            mHosting[std::size_t(mTopology.nodes[r.node].site) * mState.serviceCount + r.service];
        hosts.erase(std::find(hosts.begin(), hosts.end(), r.node));
        if (mIndex)
            mIndex->unhost(r.node, int(r.service));
    }
    NodeState &ns = mState.nodes[r.node];
    ns.cpuAlloc -= mScenario.services[r.service].replicaCpu;
    ns.memAlloc -= r.memory;
    allocationChanged(r.node);
    ns.replicas.erase(std::find(ns.replicas.begin(), ns.replicas.end(), id));
    mCaches[r.node].release(layersFor(mScenario, int(r.service), mTopology.nodes[r.node].arch));
    r.alive = false;
    mFreeReplicas.push_back(id);
}

int Engine::edgeReplicaCount(int service, int site) const
{
    int count = 0;
    for (const Replica &r : mState.replicas)
        if (r.alive && int(r.service) == service && !r.draining &&
            mTopology.nodes[r.node].site == site)
            ++count;
    return count;
}

void Engine::endFrame()
{
    if (mState.slot < mTotalSlots) { // no decision after the last slot
        for (int n = 0; n < mTopology.edgeCount; ++n)
            advanceBusy(n); // count this frame's busy time up to its end
        const auto t0 = std::chrono::steady_clock::now();
        for (int site : mTopology.edgeSites) {
            EngineOrchestration ctx(*this, site);
            mOrchestration->onFrame(ctx);
        }
        mMetrics.orchestrationDecision(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                           std::chrono::steady_clock::now() - t0)
                                           .count());
    }
    int replicas = 0;
    for (const Replica &r : mState.replicas)
        replicas += r.alive ? 1 : 0;
    mMetrics.endFrame(mState.now, replicas);
    std::fill(mFrameBusy.begin(), mFrameBusy.end(), 0.0);
    mObservers.notify(&SimObserver::onFrame, mState, mMetrics.lastFrame());
}

} // namespace schedlab
