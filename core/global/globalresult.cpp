// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/globalresult.h"

namespace schedlab::global {

const std::vector<std::string> &globalMetricNames()
{
    static const std::vector<std::string> names = {"sched_latency_ms_p50",
                                                   "sched_latency_ms_p99",
                                                   "queue_wait_ms_mean",
                                                   "conflicts",
                                                   "reschedules",
                                                   "forwards",
                                                   "allocation_rate",
                                                   "placed_share",
                                                   "cluster_util_mean",
                                                   "cluster_util_std",
                                                   "failed",
                                                   "throttled",
                                                   "unfinished",
                                                   "partition_moves",
                                                   "direct_placed",
                                                   "direct_rejected"};
    return names;
}

std::vector<std::pair<std::string, double>> GlobalResult::metrics() const
{
    const std::vector<double> values = {
        schedLatencyP50Ms,   schedLatencyP99Ms,      queueWaitMeanMs,      double(conflicts),
        double(reschedules), double(forwards),       allocationRate,       placedShare,
        clusterUtilMean,     clusterUtilStd,         double(failed),       double(throttled),
        double(unfinished),  double(partitionMoves), double(directPlaced), double(directRejected)};
    std::vector<std::pair<std::string, double>> out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out.emplace_back(globalMetricNames()[i], values[i]);
    return out;
}

} // namespace schedlab::global
