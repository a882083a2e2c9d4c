// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/podmetrics.h"

#include "metrics/metriccatalog.h"

#include <cmath>

namespace schedlab {

void PodMetrics::failed(PodFailure kind)
{
    switch (kind) {
    case PodFailure::ImagePull: ++mImagePull; break;
    case PodFailure::ContainerCreate: ++mContainerCreate; break;
    case PodFailure::Unschedulable: ++mUnschedulable; break;
    case PodFailure::None: break;
    }
}

void PodMetrics::finishNodes(const std::vector<double> &cores, const std::vector<double> &perf)
{
    const std::size_t n = perf.size();
    if (n < 2)
        return;
    std::vector<double> perCore(n, 0.0);
    for (std::size_t i = 0; i < n && i < mMostPods.size(); ++i)
        perCore[i] = cores[i] > 0 ? mMostPods[i] / cores[i] : 0.0;
    const auto mean = [n](const std::vector<double> &v) {
        double sum = 0.0;
        for (double x : v)
            sum += x;
        return sum / double(n);
    };
    const double mp = mean(perCore), mf = mean(perf);
    double sxy = 0.0, sxx = 0.0, syy = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        sxy += (perCore[i] - mp) * (perf[i] - mf);
        sxx += (perCore[i] - mp) * (perCore[i] - mp);
        syy += (perf[i] - mf) * (perf[i] - mf);
    }
    if (syy <= 0.0)
        return; // one performance: nothing to correlate with
    mPerfCorrelation = sxx > 0.0 ? sxy / std::sqrt(sxx * syy) : 0.0;
}

void PodMetrics::appendTo(std::vector<MetricValue> &out) const
{
    const auto add = [&](const char *name, double v) { out.push_back(metricValue(name, v)); };
    add("pods_placed", double(mPlaced));
    add("download_bytes", mDownloadBytes);
    add("download_seconds", mDownloadSeconds);
    add("disk_used_bytes", mDiskUsed);
    add("containers_before_eviction", mBeforeEviction < 0 ? double(mPlaced) : mBeforeEviction);
    add("lrs_std", mPlaced ? mStdSum / double(mPlaced) : 0.0);
    add("makespan_s", mEnded ? mLastEnd - mFirstArrival : 0.0);
    add("pod_time_mean_s", mEnded ? mPodTimeSum / double(mEnded) : 0.0);
    add("deploy_failures", double(mImagePull + mContainerCreate + mUnschedulable));
    add("failures_image_pull", double(mImagePull));
    add("failures_container_create", double(mContainerCreate));
    add("failures_unschedulable", double(mUnschedulable));
    if (mPerfCorrelation)
        add("pods_per_core_perf_corr", *mPerfCorrelation);
    if (mServing) {
        add("qps", mQps);
        add("replica_cpu_util_mean", mUtilMean);
        add("replica_cpu_util_min", mUtilMin);
        add("k_estimation_error", mKError);
    }
    add("placement_time_us_mean",
        mDecisions ? 1e-3 * double(mDecisionNanos) / double(mDecisions) : 0.0);
}

} // namespace schedlab
