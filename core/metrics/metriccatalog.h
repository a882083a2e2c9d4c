// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/runresult.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace schedlab {

struct Scenario;

/** Which way a metric improves; tables mark the best value by it. */
enum class Better { Higher, Lower, Neither };

/** The part of a run a metric describes; a group is reported only by runs that have it. */
enum class MetricGroup {
    Requests,    ///< runs with a request workload (KaiS)
    Utilisation, ///< every run: the edge nodes' use, sampled per slot (DRS, KaiS ξ)
    Pods,        ///< runs with deployments (LRScheduler, KubeHICE)
    Serving,     ///< deployment streams with `serve` (KubeHICE Figs. 10–12)
    Run,         ///< every run: simulated and wall-clock time, decision times
    Global,      ///< multi-cluster global scheduling runs
    Training,    ///< runs of a learned policy: how its checkpoint's training went
};

/**
 * What a metric is: one row of core/metrics/metrics.json per number a run can
 * report, in the order runs report them. Producers name their metrics from here,
 * and tables, charts, exports and the README read it; a metric is added by adding
 * a row.
 */
struct MetricInfo
{
    std::string_view name;
    std::string_view label; ///< how tables and figures name it: "Scheduling cost"
    std::string_view unit;  ///< empty for a ratio or a count
    Better better;
    MetricGroup group;
    bool wallClock; ///< measured on this machine: differs between identical runs
    bool key;       ///< shown by default in tables
    std::string_view meaning;
};

/** Every metric, in report order. */
std::span<const MetricInfo> metricCatalog();

/** The row of `name`; nullptr when no metric has that name. */
const MetricInfo *findMetric(std::string_view name);

/** The row of a metric a producer reports; throws std::logic_error for a name not in
 *  the catalog. */
const MetricInfo &metricInfo(std::string_view name);

/** The groups whose metrics mean something for runs of `scenario` (request metrics
 *  are reported by every run, but only a request workload gives them sense). */
std::vector<MetricGroup> metricGroups(const Scenario &scenario);

/** A producer's value of the metric `name`, wall-clock as its row says. */
MetricValue metricValue(std::string_view name, double value);

/** The key metrics of `groups` among `reported`, in catalog order. */
std::vector<std::string> keyMetrics(std::span<const MetricGroup> groups,
                                    std::span<const std::string> reported);

/** The names of a group's metrics, in catalog order. */
std::vector<std::string> metricNames(MetricGroup group);

inline constexpr MetricGroup kMetricGroups[] = {
    MetricGroup::Requests, MetricGroup::Utilisation, MetricGroup::Pods,    MetricGroup::Serving,
    MetricGroup::Run,      MetricGroup::Global,      MetricGroup::Training};
std::string_view groupName(MetricGroup group);
/** Which runs report a group's metrics, as a sentence. */
std::string_view groupSummary(MetricGroup group);
std::string_view betterName(Better better); ///< "higher", "lower" or ""

/** `metric`'s row of a Markdown table | metric | unit | better | meaning |, as the
 *  README shows it (`schedlab-cli list-metrics --markdown`). */
std::string markdownRow(const MetricInfo &metric);

} // namespace schedlab
