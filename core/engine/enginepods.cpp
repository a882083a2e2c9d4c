// SPDX-License-Identifier: GPL-3.0-or-later
// Pods of the deployment streams: arrival, placement through the placement
// plane, layer pulls sharing the node's bandwidth, start, run, end, failures
// (LRS Sec. III, KubeHICE Table II).
#include "engine/engine.h"

#include "engine/serving.h"
#include "placement/hiceplugins.h"
#include "placement/placementframework.h"
#include "state/layercache.h"
#include "state/podsharing.h"
#include "state/podusage.h"
#include "state/pullqueue.h"
#include "workload/podarrivals.h"

#include <chrono>

namespace schedlab {

/** Reserve and Bind of the placement framework, for one pod. */
class EnginePodBinder final : public PlacementBinder
{
public:
    EnginePodBinder(Engine &engine, std::int32_t pod, const PodRequest &request)
        : mEngine(engine), mPod(pod), mRequest(request)
    {
    }
    bool reserve(int node) override { return mEngine.reservePod(mPod, node, mRequest); }
    void bind(int node) override { mEngine.bindPod(mPod, node); }

private:
    Engine &mEngine;
    std::int32_t mPod;
    const PodRequest &mRequest;
};

void Engine::initPods()
{
    if (!mScenario.hasDeployments())
        return; // runs without pods keep their event order and cost
    mMetrics.enablePods();
    for (const DeploymentStream &d : mScenario.workload.deployments)
        for (const PodTemplate &t : d.pods)
            if (hasUsage(t))
                mMetrics.enableDrsReward();
    const int nodes = int(mTopology.nodes.size());
    mPulls = std::make_unique<PullQueue[]>(mTopology.nodes.size());
    mSharing.resize(nodes);
    for (int n = 0; n < nodes; ++n)
        mPulls[n].setBandwidth(mTopology.nodes[n].bandwidth);
    for (const PodArrival &a : drawPodArrivals(mScenario, mConfig.seed)) {
        Pod pod;
        pod.stream = a.stream;
        pod.templ = a.pod;
        pod.arrival = a.time;
        pod.scheduleAt = a.time;
        pod.cpu = a.cpu;
        pod.cpuLimit = mScenario.workload.deployments[a.stream].pods[a.pod].cpuLimit;
        pod.memory = a.memory;
        pod.duration = a.duration;
        pod.startJitter = a.startJitter;
        mState.pods.push_back(pod);
        mEvents.push(a.time, PodArrive, std::int32_t(mState.pods.size() - 1));
    }
    initServing();
}

const PlacementRecord *Engine::lastPlacement() const
{
    return mPodsPlaced ? &mPlacement->lastRecord() : nullptr;
}

ClusterView Engine::clusterView()
{
    return ClusterView{&mTopology,     mState.nodes.data(),
                       mCaches.get(),  mTopology.edgeCount,
                       &mPlacementRng, mServing ? mServing->analyzer.k() : nullptr};
}

void Engine::handlePodEvent(const Event &e)
{
    switch (e.kind()) {
    case PodArrive:
        podArrive(e.a);
        break;
    case PodPull:
        pullsDone(e.a, std::uint32_t(e.b));
        break;
    case PodStart:
        podStart(e.a);
        break;
    case PodEnd:
        podEnd(e.a, std::uint32_t(e.b));
        break;
    case PodMonitor:
        monitorServing();
        break;
    default:
        break;
    }
}

PodRequest Engine::podRequest(std::int32_t id) const
{
    const Pod &pod = mState.pods[id];
    const PodTemplate &t = mScenario.workload.deployments[pod.stream].pods[pod.templ];
    const auto [image, variant] = mScenario.podImage(t.image);
    PodRequest request;
    request.pod = id;
    request.cpu = pod.cpu;
    request.cpuLimit = pod.cpuLimit;
    request.memory = pod.memory;
    request.perfBase = t.perfBase;
    request.image = image;
    request.fixedVariant = variant;
    request.nodeSelector = &t.nodeSelector;
    request.tolerations = &t.tolerations;
    request.spec = &t;
    return request;
}

void Engine::podArrive(std::int32_t id)
{
    const Pod &pod = mState.pods[id];
    const PodTemplate &t = mScenario.workload.deployments[pod.stream].pods[pod.templ];
    PodRequest request = podRequest(id);
    const ClusterView view = clusterView();
    std::vector<double> scale;
    if (mPlacement->updatesContainers()) {
        // PAS sizes the pod's cpu per node: CPU·k_b/k_j (KubeHICE Sec. III-D).
        scale.resize(view.nodeCount);
        for (int n = 0; n < view.nodeCount; ++n)
            scale[n] = t.perfBase / (view.perf && view.perf[n] > 0 ? view.perf[n] : 1.0);
        request.cpuScale = scale.data();
    }
    EnginePodBinder binder(*this, id, request);
    mPodsPlaced = true;
    const auto t0 = std::chrono::steady_clock::now();
    const int node = mPlacement->schedule(request, view, &binder);
    mMetrics.pods().decision(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
            .count());
    if (node < 0) {
        Pod &waiting = mState.pods[id];
        const double backoff = mPlacement->retryDelay(waiting.attempts++, request, view);
        if (backoff > 0.0) {
            waiting.scheduleAt = mState.now + backoff;
            mEvents.push(waiting.scheduleAt, PodArrive, id);
        } else {
            failPod(id, int(PodFailure::Unschedulable));
        }
    }
    mObservers.notify(&SimObserver::onPlacement, mState, id, mPlacement->lastRecord());
}

bool Engine::reservePod(std::int32_t id, int node, const PodRequest &request)
{
    Pod &pod = mState.pods[id];
    if (mPlacement->updatesContainers()) {
        const ClusterView view = clusterView();
        const ContainerUpdate u =
            updateContainer(request, mTopology.nodes[node].arch, view.perf ? view.perf[node] : 1.0);
        if (!u.ok)
            return false; // rolled back: the pod keeps its reference and quota
        pod.variant = u.variant;
        pod.cpu = u.cpu;
        pod.cpuLimit = u.cpuLimit;
    }
    NodeState &ns = mState.nodes[node];
    ns.cpuAlloc += pod.cpu;
    ns.memAlloc += pod.memory;
    ++ns.pods;
    allocationChanged(node);
    if (node < mTopology.edgeCount)
        mMetrics.pods().nodeHolds(node, ns.pods);
    return true;
}

void Engine::bindPod(std::int32_t id, int node)
{
    Pod &pod = mState.pods[id];
    pod.node = node;
    pod.placedAt = mState.now;
    pod.phase = PodPhase::Pulling;
    const ClusterView view = clusterView();
    double std = 0.0;
    for (int n = 0; n < view.nodeCount; ++n)
        std += lrsStd(view, n);
    mMetrics.pods().placed(view.nodeCount ? std / view.nodeCount : 0.0);

    const PodTemplate &t = mScenario.workload.deployments[pod.stream].pods[pod.templ];
    const auto [image, fixed] = mScenario.podImage(t.image);
    const NodeInfo &info = mTopology.nodes[node];
    if (!pod.variant) // not rewritten for the node: the runtime pulls the name as written
        pod.variant = fixed ? fixed : image->index ? image->variantFor(info.arch) : nullptr;
    if (!pod.variant) {
        // The index has no manifest for this arch, or no image carries the name.
        failPod(id, int(PodFailure::ImagePull));
        return;
    }
    LayerCache &cache = mCaches[node];
    const long evictions = cache.evictions();
    for (const LayerSpec &layer : pod.variant->layers) {
        if (cache.use(layer, mState.now)) {
            mPulls[node].start(layer.digest, layer.size, id, mState.now);
            mMetrics.pods().downloaded(layer.size);
            mMetrics.pulledBytes(layer.size);
            ++pod.waiting;
        } else if (!cache.present(layer.digest) && mPulls[node].wait(layer.digest, id)) {
            ++pod.waiting; // another pod is pulling it: not downloaded twice
        }
    }
    mState.nodes[node].diskUsed = cache.used();
    if (cache.evictions() > evictions)
        mMetrics.pods().evicted();
    if (pod.waiting == 0)
        podPulled(id);
    else
        schedulePull(node);
}

void Engine::schedulePull(int node)
{
    const PullQueue &q = mPulls[node];
    if (!q.empty())
        mEvents.push(q.nextCompletion(), PodPull, node, std::int32_t(q.version()));
}

/** A PodPull event: the layers `node` finished downloading are present, and the pods
 *  that wait for nothing else go on. */
void Engine::pullsDone(int node, std::uint32_t version)
{
    PullQueue &q = mPulls[node];
    if (version != q.version())
        return; // the node's sharing changed since this completion was computed
    std::vector<PullQueue::Finished> done;
    q.complete(mState.now, done);
    for (PullQueue::Finished &f : done) {
        mCaches[node].markPresent(f.digest, mState.now);
        for (std::int32_t id : f.waiters) {
            Pod &pod = mState.pods[id];
            if (--pod.waiting == 0 && pod.phase == PodPhase::Pulling)
                podPulled(id);
        }
    }
    schedulePull(node);
}

void Engine::podPulled(std::int32_t id)
{
    Pod &pod = mState.pods[id];
    pod.pulledAt = mState.now;
    mMetrics.pods().pulled(mState.now - pod.placedAt);
    if (pod.variant->arch != mTopology.nodes[pod.node].arch) {
        failPod(id, int(PodFailure::ContainerCreate)); // exec format error
        return;
    }
    pod.phase = PodPhase::Starting;
    mEvents.push(mState.now + pod.startJitter, PodStart, id);
}

void Engine::podStart(std::int32_t id)
{
    Pod &pod = mState.pods[id];
    pod.phase = PodPhase::Running;
    const PodTemplate &t = mScenario.workload.deployments[pod.stream].pods[pod.templ];
    // A running pod uses up to its cpu limit (its request if unlimited).
    const double cores = pod.cpuLimit > 0 ? pod.cpuLimit : pod.cpu;
    const NodeInfo &info = mTopology.nodes[pod.node];
    ++mState.nodes[pod.node].runningPods;
    if (hasUsage(t)) {
        pod.demand = podUsageRate(t, t.usage[int(Metric::Cpu)], info);
        pod.work = pod.duration;
        pod.pacedAt = mState.now;
        pod.pace = 0.0;
        mSharing[pod.node].push_back(id);
        sharePodsOn(pod.node);
    } else {
        integrateUsage(pod.node);
        setPodRate(pod, podUsageRate(t, cores, info));
        mEvents.push(mState.now + pod.duration, PodEnd, id);
    }
    if (mServing && mScenario.workload.deployments[pod.stream].serve.enabled())
        servingStarted(id);
}

void Engine::setPodRate(Pod &pod, const UsageProfile &rate)
{
    NodeState &ns = mState.nodes[pod.node];
    for (int c = 0; c < kMetricCount; ++c) {
        ns.podRate[c] += rate[c] - pod.rate[c];
        ns.usageRate[c] += rate[c] - pod.rate[c];
    }
    pod.rate = rate;
}

void Engine::sharePodsOn(int node)
{
    const std::vector<std::int32_t> &running = mSharing[node];
    const NodeInfo &info = mTopology.nodes[node];
    std::vector<PodDemand> demands(running.size());
    std::vector<double> paces(running.size());
    for (std::size_t i = 0; i < running.size(); ++i) {
        Pod &pod = mState.pods[running[i]];
        pod.work = std::max(0.0, pod.work - pod.pace * (mState.now - pod.pacedAt));
        pod.pacedAt = mState.now;
        const PodTemplate &t = mScenario.workload.deployments[pod.stream].pods[pod.templ];
        const double cores = pod.cpuLimit > 0 ? pod.cpuLimit : pod.cpu;
        const double cpu = t.usage[int(Metric::Cpu)];
        demands[i] = {pod.demand, cpu > cores ? cores / cpu : 1.0};
    }
    UsageProfile available;
    available.fill(info.cpu); // usageRate units: every resource's capacity is the node's cores
    available[int(Metric::Cpu)] = info.cpu - info.systemCpu;
    sharePaces(demands, available, paces);
    integrateUsage(node);
    for (std::size_t i = 0; i < running.size(); ++i) {
        Pod &pod = mState.pods[running[i]];
        UsageProfile rate{};
        for (int c = 0; c < kMetricCount; ++c)
            rate[c] = pod.demand[c] * paces[i];
        setPodRate(pod, rate);
        if (paces[i] == pod.pace && pod.endVersion > 0)
            continue; // its end stands
        pod.pace = paces[i];
        ++pod.endVersion;
        if (pod.pace > 0.0)
            mEvents.push(mState.now + pod.work / pod.pace, PodEnd, running[i],
                         std::int32_t(pod.endVersion));
    }
}

void Engine::podEnd(std::int32_t id, std::uint32_t version)
{
    Pod &pod = mState.pods[id];
    if (pod.phase != PodPhase::Running || (pod.endVersion > 0 && version != pod.endVersion))
        return; // its pace changed since this end was computed
    if (mServing)
        servingEnded(id);
    NodeState &ns = mState.nodes[pod.node];
    integrateUsage(pod.node);
    setPodRate(pod, UsageProfile{});
    if (--ns.runningPods == 0)
        ns.podRate.fill(0.0);
    pod.phase = PodPhase::Succeeded;
    mMetrics.pods().ended(pod.arrival, mState.now);
    releasePod(pod, true);
    if (pod.endVersion > 0) {
        std::erase(mSharing[pod.node], id);
        sharePodsOn(pod.node);
    }
}

void Engine::failPod(std::int32_t id, int kind)
{
    Pod &pod = mState.pods[id];
    if (pod.node >= 0)
        releasePod(pod, kind == int(PodFailure::ContainerCreate));
    pod.phase = PodPhase::Failed;
    pod.failure = PodFailure(kind);
    mMetrics.pods().failed(pod.failure);
}

/** Frees the pod's cpu and memory; its layers stay cached and become evictable. */
void Engine::releasePod(Pod &pod, bool layers)
{
    NodeState &ns = mState.nodes[pod.node];
    ns.cpuAlloc -= pod.cpu;
    ns.memAlloc -= pod.memory;
    --ns.pods;
    allocationChanged(pod.node);
    if (layers)
        mCaches[pod.node].release(pod.variant->layers);
}

void Engine::finishPods()
{
    if (!mPulls || mTopology.edgeCount == 0)
        return;
    double used = 0.0;
    for (int n = 0; n < mTopology.edgeCount; ++n)
        used += mCaches[n].used();
    mMetrics.pods().setDiskUsed(used / mTopology.edgeCount);
    std::vector<double> cores, perf;
    for (int n = 0; n < mTopology.edgeCount; ++n) {
        cores.push_back(mTopology.nodes[n].cpu);
        perf.push_back(mTopology.nodes[n].perf);
    }
    mMetrics.pods().finishNodes(cores, perf);
    if (mServing)
        finishServing();
}

} // namespace schedlab
