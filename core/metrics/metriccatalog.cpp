// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/metriccatalog.h"

#include "model/scenario.h"

#include <algorithm>
#include <list>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace schedlab {

namespace detail {
extern const char kMetricsJson[]; // metrics/metrics.json, compiled in
}

namespace {
using enum Better;
using enum MetricGroup;

template <typename E>
E choice(const std::string &text, std::initializer_list<std::pair<const char *, E>> choices)
{
    for (const auto &[name, value] : choices)
        if (text == name)
            return value;
    throw std::logic_error("core/metrics/metrics.json: unknown value '" + text + "'");
}

/** The rows of metrics/metrics.json; its strings live as long as the program. */
struct Catalog
{
    std::list<std::string> strings;
    std::vector<MetricInfo> rows;

    std::string_view keep(const nlohmann::json &row, const char *field)
    {
        return strings.emplace_back(row.at(field).get<std::string>());
    }

    Catalog()
    {
        for (const nlohmann::json &row : nlohmann::json::parse(detail::kMetricsJson)) {
            MetricInfo m;
            m.name = keep(row, "name");
            m.label = keep(row, "label");
            m.unit = keep(row, "unit");
            m.better = choice<Better>(row.at("better"),
                                      {{"higher", Higher}, {"lower", Lower}, {"", Neither}});
            m.group = choice<MetricGroup>(row.at("group"), {{"requests", Requests},
                                                            {"utilisation", Utilisation},
                                                            {"pods", Pods},
                                                            {"serving", Serving},
                                                            {"run", Run},
                                                            {"global", Global},
                                                            {"training", Training}});
            m.wallClock = row.at("wall_clock").get<bool>();
            m.key = row.at("key").get<bool>();
            m.meaning = keep(row, "meaning");
            rows.push_back(m);
        }
    }
};

const std::vector<MetricInfo> &catalog()
{
    static const Catalog c;
    return c.rows;
}
} // namespace

std::span<const MetricInfo> metricCatalog()
{
    return catalog();
}

const MetricInfo *findMetric(std::string_view name)
{
    const std::vector<MetricInfo> &rows = catalog();
    const auto it =
        std::find_if(rows.begin(), rows.end(), [&](const MetricInfo &m) { return m.name == name; });
    return it == rows.end() ? nullptr : &*it;
}

const MetricInfo &metricInfo(std::string_view name)
{
    if (const MetricInfo *m = findMetric(name))
        return *m;
    throw std::logic_error("metric '" + std::string(name) +
                           "' has no row in core/metrics/metrics.json");
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
    if (scenario.hasDeployments()) {
        out.push_back(Pods);
        out.push_back(Serving);
    }
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
    for (const MetricInfo &m : catalog())
        if (m.key && has(groups, m.group) && has(reported, m.name))
            out.emplace_back(m.name);
    return out;
}

std::vector<std::string> metricNames(MetricGroup group)
{
    std::vector<std::string> out;
    for (const MetricInfo &m : catalog())
        if (m.group == group)
            out.emplace_back(m.name);
    return out;
}

std::string_view groupName(MetricGroup group)
{
    switch (group) {
    case Requests:
        return "requests";
    case Utilisation:
        return "utilisation";
    case Pods:
        return "pods";
    case Serving:
        return "serving";
    case Run:
        return "run";
    case Global:
        return "global";
    case Training:
        return "training";
    }
    return "";
}

std::string_view groupSummary(MetricGroup group)
{
    switch (group) {
    case Requests:
        return "Runs with a request workload (every run reports them; they mean something only "
               "with requests):";
    case Utilisation:
        return "Every run, over the edge nodes but the control plane:";
    case Pods:
        return "Runs of scenarios with `workload.deployments`:";
    case Serving:
        return "Deployment streams with `serve` (replicas of a service under a request load):";
    case Run:
        return "Every run:";
    case Global:
        return "Global scheduling runs (scenarios with a top-level `global:` map):";
    case Training:
        return "Runs of a learned policy in a comparison or a sweep, whose checkpoint `train` or "
               "the Training tab wrote (`cmmac`, `kais`): how its training curve went (the same "
               "for "
               "every run of the model):";
    }
    return "";
}

std::string_view betterName(Better better)
{
    switch (better) {
    case Higher:
        return "higher";
    case Lower:
        return "lower";
    case Neither:
        return "";
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
