// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/globalresult.h"

#include "metrics/metriccatalog.h"

namespace schedlab::global {

const std::vector<std::string> &globalMetricNames()
{
    static const std::vector<std::string> names = metricNames(MetricGroup::Global);
    return names;
}

std::vector<std::pair<std::string, double>> GlobalResult::metrics() const
{
    const std::pair<const char *, double> values[] = {{"sched_latency_ms_p50", schedLatencyP50Ms},
                                                      {"sched_latency_ms_p99", schedLatencyP99Ms},
                                                      {"queue_wait_ms_mean", queueWaitMeanMs},
                                                      {"conflicts", double(conflicts)},
                                                      {"reschedules", double(reschedules)},
                                                      {"forwards", double(forwards)},
                                                      {"allocation_rate", allocationRate},
                                                      {"placed_share", placedShare},
                                                      {"cluster_util_mean", clusterUtilMean},
                                                      {"cluster_util_std", clusterUtilStd},
                                                      {"failed", double(failed)},
                                                      {"throttled", double(throttled)},
                                                      {"unfinished", double(unfinished)},
                                                      {"partition_moves", double(partitionMoves)},
                                                      {"direct_placed", double(directPlaced)},
                                                      {"direct_rejected", double(directRejected)}};
    std::vector<std::pair<std::string, double>> out;
    for (const auto &[name, value] : values)
        out.emplace_back(metricValue(name, value).name, value);
    return out;
}

} // namespace schedlab::global
