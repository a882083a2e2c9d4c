// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/storedcomparison.h"

#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>

namespace schedlab {

namespace {
constexpr const char *kComparison = "comparison";
constexpr const char *kVariant = "variant";
constexpr const char *kMetricOrder = "metric_order"; ///< names, comma-separated; '*' marks wall clock

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
    const auto it = run.attributes.find(kMetricOrder);
    std::string order = it == run.attributes.end() ? "" : it->second;
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
        {"throughput", &FramePoint::throughput}, {"arrived", &FramePoint::arrived},
        {"on_time", &FramePoint::onTime},        {"dropped", &FramePoint::dropped},
        {"avg_util", &FramePoint::avgUtil},      {"imbalance", &FramePoint::imbalance},
        {"edge_replicas", &FramePoint::edgeReplicas}};
    return series;
}

PolicySelection policiesOf(const RunSummary &run)
{
    PolicySelection p;
    const auto get = [&](const char *plane, std::string &out) {
        if (const auto it = run.policies.find(plane); it != run.policies.end())
            out = it->second;
    };
    get("dispatch", p.dispatch);
    get("dequeue", p.dequeue);
    get("orchestration", p.orchestration);
    get("placement", p.placement);
    return p;
}
} // namespace

std::string comparisonLabel(const Scenario &scenario)
{
    using namespace std::chrono;
    const auto now = system_clock::now();
    const std::time_t t = system_clock::to_time_t(now);
    const int ms = int(duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char text[64]; // room for any int the compiler cannot rule out
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                  utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, ms);
    return scenario.name + " @ " + text;
}

bool storeComparison(ExperimentStore &store, const Scenario &scenario, const ComparisonSpec &spec,
                     const std::vector<CellResult> &cells, const std::string &label,
                     std::string *error)
{
    const std::int64_t scenarioId = store.addScenario(scenario.name, saveScenarioText(scenario));
    const auto fail = [&] {
        *error = store.lastError();
        return false;
    };
    if (scenarioId < 0)
        return fail();
    for (const CellResult &c : cells) {
        if (!c.error.empty())
            continue;
        const Variant &v = spec.variants[c.variant];
        RunRecord record;
        record.scenarioId = scenarioId;
        record.seed = spec.seeds[c.seedIndex];
        record.policies = {{"dispatch", v.policies.dispatch},
                           {"dequeue", v.policies.dequeue},
                           {"orchestration", v.policies.orchestration},
                           {"placement", v.policies.placement}};
        record.attributes = {{kComparison, label}, {kVariant, v.label},
                             {kMetricOrder, metricOrder(c.result)}};
        record.buildVersion = SCHEDLAB_VERSION;
        const std::int64_t run = store.beginRun(record);
        if (run < 0)
            return fail();
        std::vector<double> t, y;
        for (const FramePoint &f : c.result.frames)
            t.push_back(f.time);
        for (const auto &[name, member] : frameSeries()) {
            y.clear();
            for (const FramePoint &f : c.result.frames)
                y.push_back(f.*member);
            if (!t.empty() && !store.appendVector(run, name, t, y))
                return fail();
        }
        std::vector<double> seconds, fraction;
        for (const auto &[s, f] : c.result.responseCdf) {
            seconds.push_back(s);
            fraction.push_back(f);
        }
        if (!seconds.empty() && !store.appendVector(run, "response_cdf", seconds, fraction))
            return fail();
        std::map<std::string, double> scalars;
        for (const MetricValue &m : c.result.metrics)
            scalars[m.name] = m.value;
        if (!store.finishRun(run, scalars, RunStatus::Complete))
            return fail();
    }
    return true;
}

bool storeComparison(const std::string &dbPath, const Scenario &scenario,
                     const ComparisonSpec &spec, const std::vector<CellResult> &cells,
                     const std::string &label, std::string *error)
{
    const std::filesystem::path parent = std::filesystem::path(dbPath).parent_path();
    std::error_code ignored;
    if (!parent.empty())
        std::filesystem::create_directories(parent, ignored);
    auto store = ExperimentStore::open(dbPath, error);
    return store && storeComparison(*store, scenario, spec, cells, label, error);
}

std::vector<StoredComparison> listComparisons(const ExperimentStore &store)
{
    std::vector<StoredComparison> out;
    std::map<std::string, std::size_t> index;
    for (const RunSummary &run : store.runs()) {
        const auto it = run.attributes.find(kComparison);
        if (it == run.attributes.end())
            continue;
        auto [at, fresh] = index.emplace(it->second, out.size());
        if (fresh)
            out.push_back({it->second, run.scenarioName, run.startedAt, {}, 0});
        StoredComparison &c = out[at->second];
        ++c.runs;
        const std::string variant = run.attributes.count(kVariant) ? run.attributes.at(kVariant) : "";
        if (std::find(c.variants.begin(), c.variants.end(), variant) == c.variants.end())
            c.variants.push_back(variant);
    }
    return out;
}

bool loadComparison(const ExperimentStore &store, const std::string &label, ComparisonSpec &spec,
                    std::vector<CellResult> &cells, std::string *error)
{
    spec = {};
    cells.clear();
    for (const RunSummary &run : store.runs()) {
        const auto it = run.attributes.find(kComparison);
        if (it == run.attributes.end() || it->second != label || run.status != "complete")
            continue;
        const std::string variant = run.attributes.count(kVariant) ? run.attributes.at(kVariant) : "";
        auto v = std::find_if(spec.variants.begin(), spec.variants.end(),
                              [&](const Variant &x) { return x.label == variant; });
        if (v == spec.variants.end())
            v = spec.variants.insert(spec.variants.end(), Variant{variant, policiesOf(run)});
        auto s = std::find(spec.seeds.begin(), spec.seeds.end(), run.seed);
        if (s == spec.seeds.end())
            s = spec.seeds.insert(spec.seeds.end(), run.seed);

        CellResult cell;
        cell.variant = int(v - spec.variants.begin());
        cell.seedIndex = int(s - spec.seeds.begin());
        cell.result.metrics = orderedMetrics(run);
        for (const auto &[name, member] : frameSeries()) {
            const auto points = store.vector(run.id, name);
            if (cell.result.frames.size() < points.size())
                cell.result.frames.resize(points.size());
            for (std::size_t k = 0; k < points.size(); ++k) {
                cell.result.frames[k].time = points[k].first;
                cell.result.frames[k].*member = points[k].second;
            }
        }
        cell.result.responseCdf = store.vector(run.id, "response_cdf");
        cells.push_back(std::move(cell));
    }
    if (cells.empty()) {
        *error = "no complete runs of comparison '" + label + "' in " + store.path();
        return false;
    }
    return true;
}

} // namespace schedlab
