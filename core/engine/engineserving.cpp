// SPDX-License-Identifier: GPL-3.0-or-later
// Serving deployment streams (KubeHICE Sec. II-A, V-D): replicas share a request
// load through a polling load balancer; a replica's throughput is linear in its
// cpu quota times its node's performance up to one core (Fig. 2(a)). Monitors
// report each replica's cpu use and load to the performance analyser (eq. 1–4).
#include "engine/engine.h"

#include "engine/serving.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace schedlab {

namespace {
double quotaOf(const Pod &pod)
{
    return pod.cpuLimit > 0 ? pod.cpuLimit : pod.cpu;
}

/** The spread of per-request work, for the sum of many requests' work. */
double stddevOf(const Distribution &d)
{
    switch (d.kind) {
    case Distribution::Kind::Const:
        return 0.0;
    case Distribution::Kind::Exp:
        return d.a;
    case Distribution::Kind::Uniform:
        return (d.b - d.a) / std::sqrt(12.0);
    case Distribution::Kind::Normal:
        return d.b;
    case Distribution::Kind::LogNormal: {
        const double s2 = d.b * d.b;
        return d.a * std::sqrt(std::exp(s2) * (std::exp(s2) - 1.0));
    }
    }
    return 0.0;
}

/** Requests arriving in a window with mean `mean`: Poisson (normal beyond 50). */
double poisson(Rng &rng, double mean)
{
    if (mean > 50.0)
        return std::max(0.0, std::round(rng.normal(mean, std::sqrt(mean))));
    const double limit = std::exp(-mean);
    double p = rng.uniform();
    double k = 0.0;
    while (p > limit) {
        p *= rng.uniform();
        k += 1.0;
    }
    return k;
}
} // namespace

void Engine::initServing()
{
    const auto &streams = mScenario.workload.deployments;
    if (std::none_of(streams.begin(), streams.end(),
                     [](const DeploymentStream &d) { return d.serve.enabled(); }))
        return;
    mServing =
        std::make_unique<ServingState>(int(streams.size()), mTopology.edgeCount, mConfig.seed);
    mEvents.push(ServingState::kMonitorInterval, PodMonitor, 0);
}

/** Brings a replica's served and busy integrals up to now. */
static void advanceReplica(ServingState::Replica &r, double now)
{
    r.served += r.rate * (now - r.since);
    r.busy += r.cores * (now - r.since);
    r.since = now;
}

void Engine::servingStarted(std::int32_t id)
{
    const Pod &pod = mState.pods[id];
    ServingState::Stream &s = mServing->streams[pod.stream];
    if (s.running.empty())
        s.upSince = mState.now;
    ServingState::Replica r;
    r.pod = id;
    r.start = r.since = r.markAt = mState.now;
    s.running.push_back(r);
    reshareStream(pod.stream);
}

void Engine::servingEnded(std::int32_t id)
{
    const Pod &pod = mState.pods[id];
    ServingState::Stream &s = mServing->streams[pod.stream];
    const auto it = std::find_if(s.running.begin(), s.running.end(),
                                 [&](const ServingState::Replica &r) { return r.pod == id; });
    if (it == s.running.end())
        return;
    advanceReplica(*it, mState.now);
    s.served += it->served;
    if (mScenario.workload.deployments[pod.stream].serve.report && mState.now > it->start &&
        quotaOf(pod) > 0) // a zero-cpu pod has no quota to be a share of
        mServing->replicaUtil.push_back(it->busy / (quotaOf(pod) * (mState.now - it->start)));
    s.running.erase(it);
    if (s.running.empty())
        s.up += mState.now - s.upSince;
    reshareStream(pod.stream);
}

void Engine::reshareStream(int stream)
{
    const ServeSpec &serve = mScenario.workload.deployments[stream].serve;
    auto &running = mServing->streams[stream].running;
    if (running.empty())
        return;
    const double work = serve.work.mean();
    // Round robin gives every replica the same share; past its capacity
    // (single-threaded: at most one core) the slowest one holds the others back.
    double rate = serve.qps / double(running.size());
    for (const ServingState::Replica &r : running) {
        const Pod &pod = mState.pods[r.pod];
        rate = std::min(rate, std::min(quotaOf(pod), 1.0) * mTopology.nodes[pod.node].perf / work);
    }
    for (ServingState::Replica &r : running) {
        Pod &pod = mState.pods[r.pod];
        advanceReplica(r, mState.now);
        r.rate = rate;
        r.cores = rate * work / mTopology.nodes[pod.node].perf;
        NodeState &ns = mState.nodes[pod.node];
        integrateUsage(pod.node);
        const double delta = r.cores - pod.rate[int(Metric::Cpu)];
        pod.rate[int(Metric::Cpu)] = r.cores;
        ns.podRate[int(Metric::Cpu)] += delta;
        ns.usageRate[int(Metric::Cpu)] += delta;
    }
}

void Engine::monitorServing()
{
    const double now = mState.now;
    auto &reports = mServing->reports;
    reports.clear();
    for (std::size_t s = 0; s < mServing->streams.size(); ++s) {
        const Distribution &work = mScenario.workload.deployments[s].serve.work;
        for (ServingState::Replica &r : mServing->streams[s].running) {
            advanceReplica(r, now);
            const double window = now - r.markAt;
            if (window <= 0)
                continue;
            const Pod &pod = mState.pods[r.pod];
            const double perf = mTopology.nodes[pod.node].perf;
            // What the monitor sees: the requests forwarded in the window and the
            // cpu time they took, each request's work drawn from the stream's.
            const double n = poisson(mServing->rng, r.served - r.markServed);
            double cpu =
                n > 0 ? mServing->rng.normal(n * work.mean(), std::sqrt(n) * stddevOf(work)) : 0.0;
            cpu = std::clamp(cpu / perf / window, 0.0, std::min(quotaOf(pod), 1.0));
            reports.push_back({int(s), pod.node, cpu, n / window});
            r.markServed = r.served;
            r.markBusy = r.busy;
            r.markAt = now;
        }
    }
    if (!reports.empty())
        mServing->analyzer.update(reports);
    mEvents.push(now + ServingState::kMonitorInterval, PodMonitor, 0);
}

void Engine::finishServing()
{
    const double now = mState.now;
    double qps = 0.0;
    std::vector<double> util = mServing->replicaUtil;
    for (std::size_t s = 0; s < mServing->streams.size(); ++s) {
        ServingState::Stream &stream = mServing->streams[s];
        const bool report = mScenario.workload.deployments[s].serve.report;
        double served = stream.served;
        double up = stream.up;
        if (!stream.running.empty())
            up += now - stream.upSince;
        for (ServingState::Replica &r : stream.running) {
            advanceReplica(r, now);
            served += r.served;
            if (report && now > r.start && quotaOf(mState.pods[r.pod]) > 0)
                util.push_back(r.busy / (quotaOf(mState.pods[r.pod]) * (now - r.start)));
        }
        if (report && up > 0)
            qps += served / up;
    }
    // k is relative to the reference node 0: compare with the true ratio.
    const PerfAnalyzer &a = mServing->analyzer;
    double error = 0.0;
    int nodes = 0;
    for (int n = 1; n < mTopology.edgeCount; ++n) {
        const double truth = mTopology.nodes[n].perf / mTopology.nodes[0].perf;
        error += std::abs(a.k(n) - truth) / truth;
        ++nodes;
    }
    double mean = 0.0, least = util.empty() ? 0.0 : std::numeric_limits<double>::max();
    for (double u : util) {
        mean += u;
        least = std::min(least, u);
    }
    mMetrics.pods().setServing(qps, util.empty() ? 0.0 : mean / double(util.size()), least,
                               nodes ? error / nodes : 0.0);
}

} // namespace schedlab
