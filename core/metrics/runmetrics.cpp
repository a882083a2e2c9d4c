// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/runmetrics.h"

#include "metrics/drsutilisation.h"
#include "metrics/metriccatalog.h"
#include "state/simstate.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

namespace {
double stddev(const double *v, int n, int stride)
{
    if (n == 0)
        return 0.0;
    double mean = 0.0;
    for (int i = 0; i < n; ++i)
        mean += v[i * stride];
    mean /= n;
    double var = 0.0;
    for (int i = 0; i < n; ++i)
        var += (v[i * stride] - mean) * (v[i * stride] - mean);
    return std::sqrt(var / n);
}
} // namespace

void RunMetrics::completed(double responseSeconds, bool onTime, bool atCloud, int arrivalFrame)
{
    mResponse.add(responseSeconds);
    if (atCloud)
        ++mCloudCompleted;
    if (!onTime) {
        ++mLate;
        return;
    }
    ++mOnTime;
    if (arrivalFrame >= openFrame()) {
        ++mFrame.onTime;
        return;
    }
    FramePoint &p = mFrames[std::size_t(arrivalFrame)];
    ++p.onTime;
    p.throughput = p.onTime / p.arrived;
}

void RunMetrics::dropped(DropSite site, int arrivalFrame)
{
    if (arrivalFrame >= openFrame())
        ++mFrame.dropped;
    else
        ++mFrames[std::size_t(arrivalFrame)].dropped;
    switch (site) {
    case DropSite::Eap:
        ++mDropEap;
        break;
    case DropSite::Node:
        ++mDropNode;
        break;
    case DropSite::Cloud:
        ++mDropCloud;
        break;
    }
}

void RunMetrics::sampleSlot(const SimState &state)
{
    if (mWorkers.empty())
        for (int i = 0; i < state.topology->edgeCount; ++i)
            if (!isControlPlane(state.topology->nodes[i]))
                mWorkers.push_back(i);
    const int n = int(mWorkers.size());
    const double elapsed = state.now - mPrevTime;
    if (n == 0 || elapsed <= 0.0)
        return;
    mPrevTime = state.now;
    mScratch.assign(std::size_t(n) * kMetricCount, 0.0);
    mPrevIntegral.resize(std::size_t(n) * kMetricCount, 0.0);
    for (int i = 0; i < n; ++i) {
        const NodeInfo &info = state.topology->nodes[mWorkers[i]];
        const NodeState &ns = state.nodes[mWorkers[i]];
        double *u = &mScratch[std::size_t(i) * kMetricCount];
        double *prev = &mPrevIntegral[std::size_t(i) * kMetricCount];
        for (int c = 0; c < kMetricCount; ++c) {
            u[c] = std::min(1.0, (ns.usageIntegral[c] - prev[c]) / (elapsed * info.cpu));
            prev[c] = ns.usageIntegral[c];
        }
        u[int(Metric::Memory)] = std::min(1.0, (ns.memAlloc + info.systemMemory) / info.memory);
    }
    // DRS eq. 11–12: mean over metrics and nodes; eq. 13: equally weighted stddevs.
    double total = 0.0;
    for (double v : mScratch)
        total += v;
    const double avgUtil = total / double(mScratch.size());
    double imbalance = 0.0;
    for (int c = 0; c < kMetricCount; ++c)
        imbalance += stddev(&mScratch[c], n, kMetricCount) / kMetricCount;
    // KaiS ξ: the spread of CPU and memory use over edge nodes.
    const double xi = 0.5 * (stddev(&mScratch[int(Metric::Cpu)], n, kMetricCount) +
                             stddev(&mScratch[int(Metric::Memory)], n, kMetricCount));
    UsageProfile mean{};
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < kMetricCount; ++c)
            mean[c] += mScratch[std::size_t(i) * kMetricCount + c];
    for (double &m : mean)
        m /= n;
    ++mSlots;
    mAvgUtilSum += avgUtil;
    mImbalanceSum += imbalance;
    mXiSum += xi;
    mLastXi = xi;
    mCpuSum += mean[int(Metric::Cpu)];
    mMemSum += mean[int(Metric::Memory)];
    mNetSum += 0.5 * (mean[int(Metric::NetRx)] + mean[int(Metric::NetTx)]);
    mDiskSum += 0.5 * (mean[int(Metric::DiskRead)] + mean[int(Metric::DiskWrite)]);
    mFrame.avgUtil += avgUtil;
    mFrame.imbalance += imbalance;
    ++mFrame.slots;
}

void RunMetrics::endFrame(double time, int edgeReplicas)
{
    FramePoint p;
    p.time = time;
    p.arrived = mFrame.arrived;
    p.onTime = mFrame.onTime;
    p.dropped = mFrame.dropped;
    p.throughput = mFrame.arrived > 0 ? mFrame.onTime / mFrame.arrived : 0.0;
    p.avgUtil = mFrame.slots ? mFrame.avgUtil / mFrame.slots : 0.0;
    p.imbalance = mFrame.slots ? mFrame.imbalance / mFrame.slots : 0.0;
    p.edgeReplicas = edgeReplicas;
    mFrames.push_back(p);
    mFrame = {};
}

RunTotals RunMetrics::totals() const
{
    RunTotals t;
    t.arrived = mArrived;
    t.onTime = mOnTime;
    t.late = mLate;
    t.dropped = mDropEap + mDropNode + mDropCloud;
    t.toEdge = mToEdge;
    t.toCloud = mToCloud;
    t.wanRequestBytes = mWanBytes;
    t.pulledBytes = mPulledBytes;
    return t;
}

RunResult RunMetrics::finish(double simSeconds, double wallSeconds, std::uint64_t inFlight) const
{
    RunResult r;
    const auto add = [&](const char *name, double v) { r.metrics.push_back(metricValue(name, v)); };
    const double arrived = double(mArrived);
    const double slots = mSlots ? double(mSlots) : 1.0;
    const double dispatched = double(mToCloud + mToEdge);
    add("throughput_rate", arrived > 0 ? double(mOnTime) / arrived : 0.0);
    add("on_time_possible", arrived > 0 ? double(mPossible) / arrived : 0.0);
    add("throughput_of_possible", mPossible ? double(mOnTime) / double(mPossible) : 0.0);
    add("arrived", arrived);
    add("on_time", double(mOnTime));
    add("late", double(mLate));
    add("dropped", double(mDropEap + mDropNode + mDropCloud));
    add("dropped_at_eap", double(mDropEap));
    add("dropped_at_node", double(mDropNode));
    add("dropped_at_cloud", double(mDropCloud));
    add("in_flight", double(inFlight));
    add("to_cloud_fraction", dispatched > 0 ? double(mToCloud) / dispatched : 0.0);
    add("response_ms_mean", 1e3 * mResponse.mean());
    add("response_ms_p50", 1e3 * mResponse.quantile(0.50));
    add("response_ms_p95", 1e3 * mResponse.quantile(0.95));
    add("response_ms_p99", 1e3 * mResponse.quantile(0.99));
    if (mSchedulingDelayEnabled)
        add("scheduling_delay_ms_mean",
            mSchedulingDelays ? 1e3 * mSchedulingDelaySum / double(mSchedulingDelays) : 0.0);
    add("scheduling_cost_bytes", mWanBytes + mPulledBytes);
    add("wan_request_bytes", mWanBytes);
    add("pulled_image_bytes", mPulledBytes);
    add("lan_request_bytes", mLanBytes);
    add("avg_util", mAvgUtilSum / slots);
    add("imbalance", mImbalanceSum / slots);
    if (mDrsReward)
        add("drs_reward", drsReward({mAvgUtilSum / slots, mImbalanceSum / slots}));
    add("xi", mXiSum / slots);
    add("cpu_util_mean", mCpuSum / slots);
    add("mem_util_mean", mMemSum / slots);
    add("net_util_mean", mNetSum / slots);
    add("disk_util_mean", mDiskSum / slots);
    if (mPodsEnabled)
        mPods.appendTo(r.metrics);
    add("sim_seconds", simSeconds);
    add("decision_time_us_mean",
        mDispatchCalls ? 1e-3 * double(mDispatchNanos) / double(mDispatchCalls) : 0.0);
    add("orchestration_time_us_mean",
        mOrchCalls ? 1e-3 * double(mOrchNanos) / double(mOrchCalls) : 0.0);
    add("wall_seconds", wallSeconds);
    add("sim_requests_per_second", wallSeconds > 0 ? arrived / wallSeconds : 0.0);
    r.frames = mFrames;
    r.responseCdf = mResponse.cdf();
    return r;
}

} // namespace schedlab
