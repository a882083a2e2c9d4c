// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/storedruns.h"

#include "learn/learnedmodel.h"
#include "state/random.h"

#include <cstdio>
#include <map>

namespace schedlab {

namespace {
std::string metricOrder(const RunResult &r)
{
    std::string out;
    for (const MetricValue &m : r.metrics)
        out += (out.empty() ? "" : ",") + m.name + (m.wallClock ? "*" : "");
    return out;
}

/** The scalars in the order the run reported them. */
std::vector<MetricValue> orderedMetrics(const RunSummary &run)
{
    std::vector<MetricValue> out;
    std::map<std::string, double> rest = run.scalars;
    const auto it = run.attributes.find(std::string(kMetricOrderAttribute));
    const std::string order = it == run.attributes.end() ? "" : it->second;
    for (std::size_t start = 0; start < order.size();) {
        std::size_t end = order.find(',', start);
        if (end == std::string::npos)
            end = order.size();
        std::string name = order.substr(start, end - start);
        const bool wall = !name.empty() && name.back() == '*';
        if (wall)
            name.pop_back();
        if (const auto v = rest.find(name); v != rest.end()) {
            out.push_back({name, v->second, wall});
            rest.erase(v);
        }
        start = end + 1;
    }
    for (const auto &[name, value] : rest)
        out.push_back({name, value, false});
    return out;
}

/** The per-frame series stored for every run, and where they live in a FramePoint. */
const std::vector<std::pair<const char *, double FramePoint::*>> &frameSeries()
{
    static const std::vector<std::pair<const char *, double FramePoint::*>> series = {
        {"throughput", &FramePoint::throughput},
        {"arrived", &FramePoint::arrived},
        {"on_time", &FramePoint::onTime},
        {"dropped", &FramePoint::dropped},
        {"avg_util", &FramePoint::avgUtil},
        {"imbalance", &FramePoint::imbalance},
        {"edge_replicas", &FramePoint::edgeReplicas}};
    return series;
}
} // namespace

std::string modelFingerprint(const std::shared_ptr<const LearnedModel> &model)
{
    if (!model)
        return "none";
    char text[24];
    std::snprintf(text, sizeof text, "%016llx",
                  static_cast<unsigned long long>(stableHash(encodeModel(*model))));
    return text;
}

std::string attributeOf(const RunSummary &run, std::string_view name)
{
    const auto it = run.attributes.find(std::string(name));
    return it == run.attributes.end() ? std::string() : it->second;
}

ExperimentStore::RunOutcome runOutcome(const RunResult &result)
{
    ExperimentStore::RunOutcome out;
    out.attributes[std::string(kMetricOrderAttribute)] = metricOrder(result);
    for (const MetricValue &m : result.metrics)
        out.scalars[m.name] = m.value;
    std::vector<double> t;
    for (const FramePoint &f : result.frames)
        t.push_back(f.time);
    if (!t.empty())
        for (const auto &[name, member] : frameSeries()) {
            std::vector<double> y;
            for (const FramePoint &f : result.frames)
                y.push_back(f.*member);
            out.vectors[name] = {t, std::move(y)};
        }
    if (!result.responseCdf.empty()) {
        auto &[seconds, fraction] = out.vectors["response_cdf"];
        for (const auto &[s, f] : result.responseCdf) {
            seconds.push_back(s);
            fraction.push_back(f);
        }
    }
    return out;
}

RunResult cellResultOf(const ExperimentStore &store, const RunSummary &run)
{
    RunResult result;
    result.metrics = orderedMetrics(run);
    for (const auto &[name, member] : frameSeries()) {
        const auto points = store.vector(run.id, name);
        if (result.frames.size() < points.size())
            result.frames.resize(points.size());
        for (std::size_t k = 0; k < points.size(); ++k) {
            result.frames[k].time = points[k].first;
            result.frames[k].*member = points[k].second;
        }
    }
    result.responseCdf = store.vector(run.id, "response_cdf");
    return result;
}

} // namespace schedlab
