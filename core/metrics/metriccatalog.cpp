// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/metriccatalog.h"

#include "model/scenario.h"

#include <algorithm>
#include <stdexcept>

namespace schedlab {

namespace {
using enum Better;
using enum MetricGroup;
constexpr bool kWall = true, kKey = true;

// clang-format off
constexpr MetricInfo kCatalog[] = {
    {"throughput_rate", "", Higher, Requests, false, kKey,
     "Φ': requests finished by their deadline / requests arrived (KaiS)"},
    {"arrived", "", Neither, Requests, false, false,
     "requests arrived; arrived = on time + late + dropped + in flight"},
    {"on_time", "", Higher, Requests, false, false, "requests finished by their deadline"},
    {"late", "", Lower, Requests, false, false, "requests finished after their deadline"},
    {"dropped", "", Lower, Requests, false, kKey,
     "requests still queued past their deadline, dropped at a slot boundary (KaiS Sec. II)"},
    {"dropped_at_eap", "", Lower, Requests, false, false, "of `dropped`, those queued at an eAP"},
    {"dropped_at_node", "", Lower, Requests, false, false, "of `dropped`, those queued at an edge node"},
    {"dropped_at_cloud", "", Lower, Requests, false, false, "of `dropped`, those queued at the cloud"},
    {"in_flight", "", Neither, Requests, false, false, "requests not finished when the run ends"},
    {"to_cloud_fraction", "", Neither, Requests, false, false, "share of dispatches sent to the cloud"},
    {"response_ms_mean", "ms", Lower, Requests, false, false,
     "device to result, mean over completed requests"},
    {"response_ms_p50", "ms", Lower, Requests, false, false, "device to result, median"},
    {"response_ms_p95", "ms", Lower, Requests, false, kKey, "device to result, 95th percentile"},
    {"response_ms_p99", "ms", Lower, Requests, false, false, "device to result, 99th percentile"},
    {"scheduling_delay_ms_mean", "ms", Lower, Requests, false, kKey,
     "KaiS Φ_d: simulated wait at the eAP for a centralised dispatcher's decision (upload, "
     "solve, answer); only for `firmament`"},
    {"scheduling_cost_bytes", "bytes", Lower, Requests, false, kKey,
     "request bytes sent over the WAN to the cloud + image bytes pulled"},
    {"wan_request_bytes", "bytes", Lower, Requests, false, false,
     "request bytes sent over the WAN to the cloud"},
    {"pulled_image_bytes", "bytes", Lower, Requests, false, false,
     "image bytes pulled for replicas"},
    {"lan_request_bytes", "bytes", Neither, Requests, false, false,
     "request bytes sent over the LAN from an eAP to an edge node"},
    {"avg_util", "", Neither, Utilisation, false, kKey,
     "DRS eq. 11–12: mean of the six utilisations of the edge nodes (control plane left "
     "out), per slot, averaged over slots"},
    {"imbalance", "", Lower, Utilisation, false, kKey,
     "DRS eq. 13: their imbalance, per slot, averaged over slots"},
    {"drs_reward", "", Higher, Utilisation, false, kKey,
     "DRS eq. 14 of the run: 100·`avg_util` − 200·`imbalance` (AvgUtil in percent, β/α = "
     "200); only when pods declare `usage`"},
    {"xi", "", Lower, Utilisation, false, false,
     "KaiS ξ: std of CPU and memory use over edge nodes"},
    {"cpu_util_mean", "", Neither, Utilisation, false, false,
     "CPU use of the edge nodes, mean over nodes and slots"},
    {"mem_util_mean", "", Neither, Utilisation, false, false,
     "memory use of the edge nodes, mean over nodes and slots"},
    {"pods_placed", "", Neither, Pods, false, false, "pods bound to a node"},
    {"download_bytes", "bytes", Lower, Pods, false, kKey,
     "layer bytes pulled for pods (LRS eq. 1, summed)"},
    {"download_seconds", "s", Lower, Pods, false, kKey,
     "sum over pods of the wait from binding until all their layers are present"},
    {"disk_used_bytes", "bytes", Lower, Pods, false, kKey,
     "layer bytes on an edge node's disk at the end, mean over nodes"},
    {"containers_before_eviction", "", Higher, Pods, false, kKey,
     "pods placed before the first layer eviction; all placed if none (LRS Fig. 3d)"},
    {"lrs_std", "", Lower, Pods, false, kKey,
     "LRS eq. 11 (|cpu requested/allocatable − memory requested/allocatable| / 2), mean over "
     "nodes right after each placement, mean over placements"},
    {"deploy_failures", "", Lower, Pods, false, kKey,
     "`failures_image_pull` + `failures_container_create` + `failures_unschedulable` "
     "(KubeHICE Table II)"},
    {"failures_image_pull", "", Lower, Pods, false, kKey,
     "pods whose image has no variant for their node's CPU architecture"},
    {"failures_container_create", "", Lower, Pods, false, kKey,
     "pods whose container could not start on their node"},
    {"failures_unschedulable", "", Lower, Pods, false, kKey, "pods no node could take"},
    {"qps", "", Higher, Serving, false, kKey,
     "requests served per second by a reported stream's replicas while any runs, summed over "
     "such streams (KubeHICE Fig. 11)"},
    {"replica_cpu_util_mean", "", Neither, Serving, false, kKey,
     "per replica of a reported stream: cpu used / its cpu quota over its running time, "
     "mean over replicas (KubeHICE Fig. 12)"},
    {"replica_cpu_util_min", "", Neither, Serving, false, kKey,
     "the same, minimum over replicas"},
    {"k_estimation_error", "", Lower, Serving, false, kKey,
     "mean over edge nodes (but the reference, node 0) of |k̂_j − perf_j/perf_0| / "
     "(perf_j/perf_0) at the end of the run, k̂ as the performance analyser estimated it "
     "(KubeHICE eq. 1–4, Fig. 10); unestimated nodes count with k̂ = 1"},
    {"placement_time_us_mean", "µs", Lower, Pods, kWall, false,
     "measured wall time of one placement decision"},
    {"sim_seconds", "s", Neither, Run, false, false, "simulated time the run covered"},
    {"decision_time_us_mean", "µs", Lower, Requests, kWall, kKey,
     "measured wall time of one dispatch decision (a centralised dispatcher's plan of the "
     "slot included)"},
    {"orchestration_time_us_mean", "µs", Lower, Run, kWall, false,
     "measured wall time of one orchestration decision"},
    {"wall_seconds", "s", Lower, Run, kWall, false, "measured wall time of the run"},
    {"sim_requests_per_second", "", Higher, Run, kWall, false,
     "requests simulated per wall-clock second"},
    {"sched_latency_ms_p50", "ms", Lower, Global, false, kKey,
     "simulated time from a request's arrival to its node placement, median (a request "
     "still waiting at the end counts with its wait so far)"},
    {"sched_latency_ms_p99", "ms", Lower, Global, false, kKey,
     "the same, 99th percentile"},
    {"queue_wait_ms_mean", "ms", Lower, Global, false, kKey,
     "time a request waited in a global scheduler's queue, mean"},
    {"conflicts", "", Lower, Global, false, kKey,
     "commits a cluster-level scheduler rejected (design doc 2.5.1)"},
    {"reschedules", "", Lower, Global, false, kKey,
     "requests scheduled again after a rejected commit or a forward"},
    {"forwards", "", Neither, Global, false, false,
     "requests forwarded to a cluster's home scheduler (2.5.5)"},
    {"allocation_rate", "", Higher, Global, false, kKey,
     "placements per second of the arrival window"},
    {"placed_share", "", Higher, Global, false, kKey, "placed / arrived"},
    {"cluster_util_mean", "", Neither, Global, false, kKey,
     "allocated share of the clusters' cpu and memory at each collection, mean over clusters "
     "and collections"},
    {"cluster_util_std", "", Lower, Global, false, kKey,
     "its standard deviation over clusters, mean over collections"},
    {"failed", "", Lower, Global, false, false,
     "requests no cluster could take within their patience, or out of attempts"},
    {"throttled", "", Lower, Global, false, false, "requests refused by a tenant's queue limit"},
    {"unfinished", "", Neither, Global, false, false,
     "requests still queued or in flight when the run ends"},
    {"partition_moves", "", Neither, Global, false, false,
     "times the zone mapper rebalanced the schedulers' partitions"},
    {"direct_placed", "", Neither, Global, false, false,
     "requests sent straight to a cluster and placed there (2.5.6)"},
    {"direct_rejected", "", Lower, Global, false, false,
     "requests sent straight to a cluster that had no room"},
};
// clang-format on
} // namespace

std::span<const MetricInfo> metricCatalog()
{
    return kCatalog;
}

const MetricInfo *findMetric(std::string_view name)
{
    const auto it = std::find_if(std::begin(kCatalog), std::end(kCatalog),
                                 [&](const MetricInfo &m) { return m.name == name; });
    return it == std::end(kCatalog) ? nullptr : &*it;
}

const MetricInfo &metricInfo(std::string_view name)
{
    if (const MetricInfo *m = findMetric(name))
        return *m;
    throw std::logic_error("metric '" + std::string(name) +
                           "' has no row in core/metrics/metriccatalog.cpp");
}

MetricValue metricValue(std::string_view name, double value)
{
    const MetricInfo &m = metricInfo(name);
    return {std::string(m.name), value, m.wallClock};
}

std::vector<MetricGroup> metricGroups(const Scenario &scenario)
{
    std::vector<MetricGroup> out;
    if (scenario.workload.requests.kind != RequestWorkloadKind::None)
        out.push_back(Requests);
    out.push_back(Utilisation);
    if (scenario.hasDeployments())
        out.insert(out.end(), {Pods, Serving});
    out.push_back(Run);
    return out;
}

std::vector<std::string> keyMetrics(std::span<const MetricGroup> groups,
                                    std::span<const std::string> reported)
{
    const auto has = [](auto range, const auto &x) {
        return std::find(range.begin(), range.end(), x) != range.end();
    };
    std::vector<std::string> out;
    for (const MetricInfo &m : kCatalog)
        if (m.key && has(groups, m.group) && has(reported, m.name))
            out.emplace_back(m.name);
    return out;
}

std::vector<std::string> metricNames(MetricGroup group)
{
    std::vector<std::string> out;
    for (const MetricInfo &m : kCatalog)
        if (m.group == group)
            out.emplace_back(m.name);
    return out;
}

std::string_view groupName(MetricGroup group)
{
    switch (group) {
    case Requests: return "requests";
    case Utilisation: return "utilisation";
    case Pods: return "pods";
    case Serving: return "serving";
    case Run: return "run";
    case Global: return "global";
    }
    return "";
}

std::string_view groupSummary(MetricGroup group)
{
    switch (group) {
    case Requests: return "Runs with a request workload (every run reports them; they mean something only with requests):";
    case Utilisation: return "Every run, over the edge nodes but the control plane:";
    case Pods: return "Runs of scenarios with `workload.deployments`:";
    case Serving: return "Deployment streams with `serve` (replicas of a service under a request load):";
    case Run: return "Every run:";
    case Global: return "Global scheduling runs (scenarios with a top-level `global:` map):";
    }
    return "";
}

std::string_view betterName(Better better)
{
    switch (better) {
    case Higher: return "higher";
    case Lower: return "lower";
    case Neither: return "";
    }
    return "";
}

std::string markdownRow(const MetricInfo &m)
{
    std::string meaning;
    for (const char c : m.meaning)
        meaning += c == '|' ? std::string("\\|") : std::string(1, c);
    if (m.wallClock)
        meaning += " (wall clock: differs between identical runs)";
    return "| `" + std::string(m.name) + "` | " + std::string(m.unit) + " | " +
           std::string(betterName(m.better)) + " | " + meaning + " |";
}

} // namespace schedlab
