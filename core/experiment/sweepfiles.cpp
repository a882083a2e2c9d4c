// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/sweepfiles.h"
#include "base/jsontext.h"

#include "base/textfile.h"
#include "experiment/comparisonfiles.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

namespace schedlab {

namespace {
std::set<std::string> wallClockMetrics(const SweepResult &sweep)
{
    std::set<std::string> out;
    for (const SweepPointResult &p : sweep.points)
        for (const CellResult &c : p.cells)
            for (const MetricValue &m : c.result.metrics)
                if (m.wallClock)
                    out.insert(m.name);
    return out;
}

const MeanCi *metricOf(const VariantSummary &v, const std::string &name)
{
    for (const auto &[metric, ci] : v.metrics)
        if (metric == name)
            return &ci;
    return nullptr;
}

/** The summaries without the wall-clock metrics. */
std::vector<VariantSummary> reproducible(const std::vector<VariantSummary> &summary,
                                         const std::set<std::string> &wallClock)
{
    std::vector<VariantSummary> out = summary;
    for (VariantSummary &v : out)
        std::erase_if(v.metrics, [&](const auto &m) { return wallClock.count(m.first) > 0; });
    return out;
}

int runsOf(const VariantSummary &v)
{
    return v.metrics.empty() ? 0 : v.metrics.front().second.n;
}
} // namespace

std::vector<std::string> sweepMetricNames(const SweepResult &sweep)
{
    const std::set<std::string> wallClock = wallClockMetrics(sweep);
    std::vector<std::string> out;
    for (const SweepPointResult &p : sweep.points)
        for (const VariantSummary &v : p.summary)
            for (const auto &[name, ci] : v.metrics)
                if (!wallClock.count(name) && std::find(out.begin(), out.end(), name) == out.end())
                    out.push_back(name);
    return out;
}

nlohmann::ordered_json sweepJson(const SweepResult &sweep)
{
    std::vector<std::string> values;
    for (const SweepPointResult &p : sweep.points)
        values.push_back(p.value);
    std::string unit;
    const auto axis = sweepAxis(values, &unit);
    const std::set<std::string> wallClock = wallClockMetrics(sweep);

    nlohmann::ordered_json out;
    out["scenario"] = sweep.scenarioName;
    out["parameter"] = sweep.parameter;
    out["unit"] = axis ? nlohmann::ordered_json(unit) : nlohmann::ordered_json();
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < sweep.points.size(); ++i) {
        const SweepPointResult &p = sweep.points[i];
        const auto comparison =
            comparisonJson(p.scenario, p.spec, reproducible(p.summary, wallClock));
        nlohmann::ordered_json point;
        point["value"] = p.value;
        point["x"] = axis ? nlohmann::ordered_json((*axis)[i]) : nlohmann::ordered_json();
        point["seeds"] = comparison["seeds"];
        point["duration_s"] = comparison["duration_s"];
        point["policies"] = comparison["policies"];
        if (sweep.global) // the variants are architectures, not request-plane policies
            for (auto &policy : point["policies"])
                policy["policies"] = {{"global", policy["name"]}};
        points.push_back(std::move(point));
    }
    out["points"] = std::move(points);
    return out;
}

std::string sweepFilePrefix(const std::string &prefix)
{
    std::error_code ec;
    if (!prefix.empty() && (prefix.back() == '/' || std::filesystem::is_directory(prefix, ec)))
        return (std::filesystem::path(prefix) / "sweep").string();
    return prefix;
}

std::vector<std::string> sweepFiles(const std::string &prefix)
{
    const std::string base = sweepFilePrefix(prefix);
    std::vector<std::string> out;
    for (const char *suffix : {".csv", "-runs.csv", ".json", ".pdf", ".png", ".svg"})
        out.push_back(base + suffix);
    return out;
}

bool writeSweepFiles(const std::string &prefix, const SweepResult &sweep,
                     std::vector<std::string> *written, std::string *error)
{
    const std::string base = sweepFilePrefix(prefix);
    const std::filesystem::path parent = std::filesystem::path(base).parent_path();
    std::error_code ec;
    if (!parent.empty())
        std::filesystem::create_directories(parent, ec);
    if (ec) {
        *error = "cannot create " + parent.string() + ": " + ec.message();
        return false;
    }
    const std::string summaryPath = base + ".csv", runsPath = base + "-runs.csv",
                      jsonPath = base + ".json";
    std::ostringstream sum, runs, json;

    std::vector<std::string> values;
    for (const SweepPointResult &p : sweep.points)
        values.push_back(p.value);
    const auto axis = sweepAxis(values, nullptr);
    const std::vector<std::string> metrics = sweepMetricNames(sweep);

    sum << "parameter,value,x,policy,n";
    runs << "parameter,value,policy,seed";
    for (const std::string &m : metrics) {
        sum << ',' << m << "_mean," << m << "_ci95";
        runs << ',' << m;
    }
    sum << '\n';
    runs << '\n';
    for (std::size_t i = 0; i < sweep.points.size(); ++i) {
        const SweepPointResult &p = sweep.points[i];
        const std::string lead = csvField(sweep.parameter) + ',' + csvField(p.value);
        for (const VariantSummary &v : p.summary) {
            sum << lead << ',' << (axis ? csvNumber((*axis)[i]) : "") << ',' << csvField(v.label)
                << ',' << runsOf(v);
            for (const std::string &m : metrics) {
                const MeanCi *ci = metricOf(v, m);
                sum << ',' << (ci ? csvNumber(ci->mean) : "") << ','
                    << (ci ? csvNumber(ci->ci95) : "");
            }
            sum << '\n';
        }
        for (const CellResult &c : p.cells) {
            if (!c.error.empty())
                continue;
            runs << lead << ',' << csvField(p.spec.variants[c.variant].label) << ','
                 << p.spec.seeds[c.seedIndex];
            for (const std::string &m : metrics) {
                const MetricValue *v = c.result.find(m);
                runs << ',' << (v ? csvNumber(v->value) : "");
            }
            runs << '\n';
        }
    }
    json << jsonText(sweepJson(sweep)) << '\n';
    // All files or none: a failed write (a full disk) keeps the set written before.
    const std::string sumText = sum.str(), runsText = runs.str(), jsonText = json.str();
    if (!replaceFiles({{summaryPath, sumText}, {runsPath, runsText}, {jsonPath, jsonText}}, error))
        return false;
    if (written)
        *written = {summaryPath, runsPath, jsonPath};
    return true;
}

} // namespace schedlab
