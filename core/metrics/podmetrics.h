// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/runresult.h"
#include "state/pod.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace schedlab {

/** The placement plane's measurements (LRS Sec. VI, KubeHICE Table II). */
class PodMetrics
{
public:
    /** A pod was bound; `clusterStd` is the mean LRS eq. 11 value over nodes right after. */
    void placed(double clusterStd) { ++mPlaced, mStdSum += clusterStd; }
    void downloaded(double bytes) { mDownloadBytes += bytes; }
    void pulled(double waitSeconds) { mDownloadSeconds += waitSeconds; }
    void failed(PodFailure kind);
    /** The pod just placed caused the run's first eviction. */
    void evicted()
    {
        if (mBeforeEviction < 0)
            mBeforeEviction = double(mPlaced) - 1.0;
    }
    /** A pod that arrived at `arrival` finished its run at `now`. */
    void ended(double arrival, double now)
    {
        mFirstArrival = mEnded ? std::min(mFirstArrival, arrival) : arrival;
        mLastEnd = std::max(mLastEnd, now);
        mPodTimeSum += now - arrival;
        ++mEnded;
    }
    void setDiskUsed(double meanBytes) { mDiskUsed = meanBytes; }
    /** Edge node `node` holds `pods` pods now (placed and not ended). */
    void nodeHolds(int node, int pods)
    {
        if (node >= int(mMostPods.size()))
            mMostPods.resize(std::size_t(node) + 1, 0);
        mMostPods[std::size_t(node)] = std::max(mMostPods[std::size_t(node)], pods);
    }
    /**
     * At the end of a run, with each edge node's cores and single-thread performance
     * (`perf`): Pearson's r between the most pods a node held per core and its
     * performance (KubeHICE Fig. 13), 0 when every node held as many per core. Not
     * reported when the nodes' performance does not differ.
     */
    void finishNodes(const std::vector<double> &cores, const std::vector<double> &perf);
    /** Measured wall time of one placement decision. */
    void decision(std::int64_t nanos) { mDecisionNanos += nanos, ++mDecisions; }

    /** Serving streams (KubeHICE Fig. 10–12): QPS, per-replica cpu utilisation of
     *  its quota, mean relative error of the estimated node performance. */
    void setServing(double qps, double utilMean, double utilMin, double kError)
    {
        mServing = true;
        mQps = qps, mUtilMean = utilMean, mUtilMin = utilMin, mKError = kError;
    }

    void appendTo(std::vector<MetricValue> &out) const;

    /** Running counts, for front ends that follow a run. */
    std::uint64_t placedCount() const { return mPlaced; }
    std::uint64_t failures(PodFailure kind) const
    {
        return kind == PodFailure::ImagePull         ? mImagePull
               : kind == PodFailure::ContainerCreate ? mContainerCreate
               : kind == PodFailure::Unschedulable   ? mUnschedulable
                                                     : 0;
    }

private:
    std::uint64_t mPlaced = 0;
    std::uint64_t mEnded = 0;
    double mFirstArrival = 0.0, mLastEnd = 0.0, mPodTimeSum = 0.0;
    std::uint64_t mImagePull = 0, mContainerCreate = 0, mUnschedulable = 0;
    double mDownloadBytes = 0.0, mDownloadSeconds = 0.0, mDiskUsed = 0.0, mStdSum = 0.0;
    double mBeforeEviction = -1.0;
    std::int64_t mDecisionNanos = 0;
    std::uint64_t mDecisions = 0;
    std::vector<int> mMostPods; ///< per edge node
    std::optional<double> mPerfCorrelation;
    bool mServing = false;
    double mQps = 0.0, mUtilMean = 0.0, mUtilMin = 0.0, mKError = 0.0;
};

} // namespace schedlab
