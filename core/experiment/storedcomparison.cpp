// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/storedcomparison.h"

#include "experiment/comparisonrecorder.h"
#include "experiment/storedruns.h"
#include "learn/learnedmodel.h"
#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

namespace schedlab {

namespace {
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
/** The checkpoint of the store whose bytes have the fingerprint `settings.model`. */
void findStoredModel(const ExperimentStore &store, ComparisonSettings &settings)
{
    if (settings.model.empty() || settings.model == "none")
        return;
    for (const std::string &name : store.checkpointNames()) {
        const std::optional<Checkpoint> c = store.loadCheckpoint(name);
        if (!c)
            continue;
        const std::string bytes(c->data.begin(), c->data.end());
        try {
            auto model = std::make_shared<const LearnedModel>(
                decodeModel(bytes, "checkpoint '" + name + "' in " + store.path()));
            if (modelFingerprint(model) == settings.model) {
                settings.storedModel = std::move(model);
                settings.storedModelName = name;
                return;
            }
        } catch (const std::exception &) {
            // A damaged checkpoint is not the one: the comparison says the model is missing.
        }
    }
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
    ComparisonRecorder recorder(store, scenario, spec, label);
    for (const CellResult &c : cells)
        if (c.error.empty())
            recorder.record(c);
    if (!recorder.ok())
        *error = recorder.error();
    return recorder.ok();
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
    std::set<std::tuple<std::string, std::string, std::uint64_t>>
        cells; // a cell run twice counts once
    for (const RunSummary &run : store.runs()) {
        const std::string comparison = attributeOf(run, kComparisonAttribute);
        if (comparison.empty())
            continue;
        auto [at, fresh] = index.emplace(comparison, out.size());
        if (fresh)
            out.push_back({comparison, run.scenarioName, run.startedAt, {}, 0});
        StoredComparison &c = out[at->second];
        const std::string variant = attributeOf(run, kVariantAttribute);
        c.runs += cells.emplace(comparison, variant, run.seed).second;
        if (std::find(c.variants.begin(), c.variants.end(), variant) == c.variants.end())
            c.variants.push_back(variant);
    }
    return out;
}

bool loadComparison(const ExperimentStore &store, const std::string &label, ComparisonSpec &spec,
                    std::vector<CellResult> &cells, std::string *error,
                    ComparisonSettings *settings)
{
    spec = {};
    cells.clear();
    if (settings)
        *settings = {};
    // A cell stored twice (two processes that resumed the comparison at once, say)
    // counts once, as its latest run: n is the seeds', never the copies'.
    std::map<std::pair<int, int>, std::size_t> cellAt;
    for (const RunSummary &run : store.runs()) {
        if (attributeOf(run, kComparisonAttribute) != label || run.status != "complete")
            continue;
        const std::string variant = attributeOf(run, kVariantAttribute);
        auto v = std::find_if(spec.variants.begin(), spec.variants.end(),
                              [&](const Variant &x) { return x.label == variant; });
        if (v == spec.variants.end())
            v = spec.variants.insert(spec.variants.end(), Variant{variant, policiesOf(run)});
        auto s = std::find(spec.seeds.begin(), spec.seeds.end(), run.seed);
        if (s == spec.seeds.end())
            s = spec.seeds.insert(spec.seeds.end(), run.seed);
        if (cells.empty()) { // the attributes every run of one comparison shares
            spec.duration = std::strtod(attributeOf(run, kDurationAttribute).c_str(), nullptr);
            if (settings) {
                settings->model = attributeOf(run, kModelAttribute);
                settings->scenarioYaml = store.scenarioYaml(run.scenarioId).value_or("");
                findStoredModel(store, *settings);
            }
        }

        CellResult cell;
        cell.variant = int(v - spec.variants.begin());
        cell.seedIndex = int(s - spec.seeds.begin());
        cell.result = cellResultOf(store, run);
        const auto [at, fresh] =
            cellAt.emplace(std::pair{cell.variant, cell.seedIndex}, cells.size());
        if (fresh)
            cells.push_back(std::move(cell));
        else
            cells[at->second] = std::move(cell);
    }
    if (cells.empty()) {
        *error = "no complete runs of comparison '" + label + "' in " + store.path();
        return false;
    }
    return true;
}

} // namespace schedlab
