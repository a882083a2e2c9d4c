// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/loghistogram.h"
#include "metrics/podmetrics.h"
#include "metrics/runresult.h"

#include <cstdint>

namespace schedlab {

struct SimState;

enum class DropSite { Eap, Node, Cloud };

/** Running counts of a run, readable at any slot (RunMetrics::totals()). */
struct RunTotals
{
    std::uint64_t arrived = 0, onTime = 0, late = 0, dropped = 0;
    std::uint64_t toEdge = 0, toCloud = 0;
    double wanRequestBytes = 0, pulledBytes = 0;
    /** Φ' so far: on time / arrived (0 before the first arrival). */
    double throughputRate() const { return arrived ? double(onTime) / double(arrived) : 0.0; }
};

/**
 * Streams a run's measurements into constant memory (plus one row per frame):
 * counts, response times, bytes, and per-slot utilisation samples of the edge
 * nodes (DRS eq. 11–13, KaiS ξ).
 */
class RunMetrics
{
public:
    void arrived() { ++mArrived, ++mFrame.arrived; }
    /** An arrived request that could be on time at all (OnTimeCeiling). */
    void possible() { ++mPossible; }
    /** The frame now open, which arriving requests are counted in. */
    int openFrame() const { return int(mFrames.size()); }
    /** `arrivalFrame`: openFrame() when the request arrived; an on-time completion
     *  counts towards that frame's Φ_f, closed or not. */
    void completed(double responseSeconds, bool onTime, bool atCloud, int arrivalFrame);
    /** `arrivalFrame` as for completed(): the drop counts in that frame's row. */
    void dropped(DropSite site, int arrivalFrame);
    void dispatched(bool toCloud) { ++(toCloud ? mToCloud : mToEdge); }
    void wanRequestBytes(double b) { mWanBytes += b; }
    void lanRequestBytes(double b) { mLanBytes += b; }
    void pulledBytes(double b) { mPulledBytes += b; }
    void dispatchDecision(std::int64_t nanos)
    {
        mDispatchNanos += nanos, ++mDispatchCalls;
        mDecisionNanos.add(double(nanos));
    }
    /** The timed dispatch decisions' wall times in nanoseconds (a centralised
     *  policy's slot plans aside). */
    const LogHistogram &decisionNanos() const { return mDecisionNanos; }
    /** A centralised dispatcher's plan of a slot: counted into the mean decision
     *  time of the slot's requests. */
    void dispatchPlanning(std::int64_t nanos) { mDispatchNanos += nanos; }
    /** Reports `scheduling_delay_ms_mean` (KaiS Φ_d): runs with a centralised dispatcher. */
    void enableSchedulingDelay() { mSchedulingDelayEnabled = true; }
    /** Simulated seconds a request waited at its eAP for its dispatch decision. */
    void schedulingDelay(double seconds) { mSchedulingDelaySum += seconds, ++mSchedulingDelays; }
    void orchestrationDecision(std::int64_t nanos) { mOrchNanos += nanos, ++mOrchCalls; }
    /** Pod metrics are reported only by runs with deployments. */
    void enablePods() { mPodsEnabled = true; }
    PodMetrics &pods() { return mPods; }
    const PodMetrics &pods() const { return mPods; }
    /** Reports `drs_reward` (DRS eq. 14 over the run's avg_util and imbalance): runs
     *  whose pods declare DRS usage. */
    void enableDrsReward() { mDrsReward = true; }

    /** The six DRS utilisations of every edge node but the control plane over the
     *  slot that just ended (time averages from the nodes' usage integrals). */
    void sampleSlot(const SimState &state);
    void endFrame(double time, int edgeReplicas);
    const FramePoint &lastFrame() const { return mFrames.back(); }
    RunTotals totals() const;
    /** KaiS ξ of the last sampled slot: the mean stddev of edge CPU and memory use. */
    double lastXi() const { return mLastXi; }

    /** The summary; `inFlight` closes the books (arrived = on time + late + dropped + in flight).
     */
    RunResult finish(double simSeconds, double wallSeconds, std::uint64_t inFlight) const;

private:
    std::uint64_t mArrived = 0, mOnTime = 0, mLate = 0, mPossible = 0;
    std::uint64_t mDropEap = 0, mDropNode = 0, mDropCloud = 0;
    std::uint64_t mToCloud = 0, mToEdge = 0, mCloudCompleted = 0;
    double mWanBytes = 0, mLanBytes = 0, mPulledBytes = 0;
    std::int64_t mDispatchNanos = 0, mOrchNanos = 0;
    std::uint64_t mDispatchCalls = 0, mOrchCalls = 0;
    LogHistogram mResponse;
    LogHistogram mDecisionNanos{1.0, 1e10};
    PodMetrics mPods;
    bool mPodsEnabled = false;
    bool mDrsReward = false;
    bool mSchedulingDelayEnabled = false;
    double mSchedulingDelaySum = 0.0;
    std::uint64_t mSchedulingDelays = 0;

    // Per-slot utilisation samples, summed.
    std::uint64_t mSlots = 0;
    double mAvgUtilSum = 0, mImbalanceSum = 0, mXiSum = 0, mLastXi = 0;
    double mCpuSum = 0, mMemSum = 0, mNetSum = 0, mDiskSum = 0;
    std::vector<double> mScratch;
    std::vector<int> mWorkers;         ///< the edge nodes sampled: all but the control plane
    std::vector<double> mPrevIntegral; ///< [node * 6 + metric] at the previous sample
    double mPrevTime = 0.0;

    struct FrameAcc
    {
        double arrived = 0, onTime = 0, dropped = 0, avgUtil = 0, imbalance = 0;
        int slots = 0;
    } mFrame;
    std::vector<FramePoint> mFrames;
};

} // namespace schedlab
