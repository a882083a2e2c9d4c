// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/globalresult.h"

#include "metrics/metriccatalog.h"

namespace schedlab::global {

const std::vector<std::string> &globalMetricNames()
{
    static const std::vector<std::string> names = metricNames(MetricGroup::Global);
    return names;
}

namespace {
/** A summary metric and the member that holds it: a count or a real. */
struct MetricField
{
    const char *name;
    double GlobalResult::*real;
    std::int64_t GlobalResult::*count;
};

constexpr MetricField kMetricFields[] = {
    {"sched_latency_ms_p50", &GlobalResult::schedLatencyP50Ms, nullptr},
    {"sched_latency_ms_p99", &GlobalResult::schedLatencyP99Ms, nullptr},
    {"queue_wait_ms_mean", &GlobalResult::queueWaitMeanMs, nullptr},
    {"conflicts", nullptr, &GlobalResult::conflicts},
    {"reschedules", nullptr, &GlobalResult::reschedules},
    {"forwards", nullptr, &GlobalResult::forwards},
    {"allocation_rate", &GlobalResult::allocationRate, nullptr},
    {"placed_share", &GlobalResult::placedShare, nullptr},
    {"cluster_util_mean", &GlobalResult::clusterUtilMean, nullptr},
    {"cluster_util_std", &GlobalResult::clusterUtilStd, nullptr},
    {"failed", nullptr, &GlobalResult::failed},
    {"throttled", nullptr, &GlobalResult::throttled},
    {"unfinished", nullptr, &GlobalResult::unfinished},
    {"partition_moves", nullptr, &GlobalResult::partitionMoves},
    {"direct_placed", nullptr, &GlobalResult::directPlaced},
    {"direct_rejected", nullptr, &GlobalResult::directRejected}};
} // namespace

std::vector<std::pair<std::string, double>> GlobalResult::metrics() const
{
    std::vector<std::pair<std::string, double>> out;
    for (const MetricField &f : kMetricFields) {
        const double value = f.real ? this->*f.real : double(this->*f.count);
        out.emplace_back(metricValue(f.name, value).name, value);
    }
    return out;
}

GlobalResult globalResultOf(const std::vector<std::pair<std::string, double>> &metrics)
{
    GlobalResult out;
    for (const MetricField &f : kMetricFields)
        for (const auto &[name, value] : metrics)
            if (name == metricValue(f.name, value).name) {
                if (f.real)
                    out.*f.real = value;
                else
                    out.*f.count = std::int64_t(value);
            }
    return out;
}

} // namespace schedlab::global
