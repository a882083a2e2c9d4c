// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/storedsweep.h"

#include "experiment/storedcomparison.h"
#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include <filesystem>

namespace schedlab {

std::string sweepPointLabel(const std::string &label, const std::string &parameter,
                            const std::string &value)
{
    return label + " [" + parameter + "=" + value + "]";
}

bool storeSweep(ExperimentStore &store, const SweepResult &sweep, const std::string &label,
                std::string *error)
{
    for (const SweepRecord &r : store.sweeps())
        if (r.label == label) {
            *error = store.path() + " already holds a sweep '" + label + "'";
            return false;
        }
    std::vector<std::pair<std::string, std::string>> points;
    for (const SweepPointResult &p : sweep.points) {
        const std::string comparison = sweepPointLabel(label, sweep.parameter, p.value);
        if (!storeComparison(store, p.scenario, p.spec, p.cells, comparison, error))
            return false;
        points.emplace_back(p.value, comparison);
    }
    const std::int64_t scenarioId = store.addScenario(sweep.scenarioName, sweep.document);
    if (scenarioId < 0 || store.addSweep(label, scenarioId, sweep.parameter, points) < 0) {
        *error = store.lastError();
        return false;
    }
    return true;
}

bool recordSweep(ExperimentStore &store, const SweepResult &sweep, const std::string &label,
                 std::string *error)
{
    std::vector<std::pair<std::string, std::string>> points;
    for (const SweepPointResult &p : sweep.points)
        points.emplace_back(p.value, p.comparison);
    const std::int64_t scenarioId = store.addScenario(sweep.scenarioName, sweep.document);
    if (scenarioId < 0 || store.addSweep(label, scenarioId, sweep.parameter, points) < 0) {
        *error = store.lastError();
        return false;
    }
    return true;
}

bool storeSweep(const std::string &dbPath, const SweepResult &sweep, const std::string &label,
                std::string *error)
{
    const std::filesystem::path parent = std::filesystem::path(dbPath).parent_path();
    std::error_code ignored;
    if (!parent.empty())
        std::filesystem::create_directories(parent, ignored);
    auto store = ExperimentStore::open(dbPath, error);
    return store && storeSweep(*store, sweep, label, error);
}

namespace {
/** The scenario the runs of comparison `label` ran, as stored with them. */
std::optional<Scenario> scenarioOfComparison(const ExperimentStore &store, const std::string &label)
{
    for (const RunSummary &run : store.runs()) {
        const auto it = run.attributes.find("comparison");
        if (it == run.attributes.end() || it->second != label)
            continue;
        const auto yaml = store.scenarioYaml(run.scenarioId);
        if (!yaml)
            return std::nullopt;
        ScenarioLoad load = loadScenarioText(*yaml, run.scenarioName);
        return load.scenario;
    }
    return std::nullopt;
}
} // namespace

bool loadSweep(const ExperimentStore &store, const std::string &label, SweepResult &sweep,
               std::string *error)
{
    sweep = {};
    const std::vector<SweepRecord> sweeps = store.sweeps();
    const SweepRecord *record = nullptr;
    for (const SweepRecord &r : sweeps)
        if (r.label == label)
            record = &r;
    if (!record) {
        std::string known;
        for (const SweepRecord &r : sweeps)
            known += (known.empty() ? "" : ", ") + r.label;
        *error = "no sweep '" + label + "' in " + store.path() +
                 (known.empty() ? " (it holds no sweeps)" : "; its sweeps: " + known);
        return false;
    }
    const auto document = store.scenarioYaml(record->scenarioId);
    if (!document) {
        *error = store.lastError();
        return false;
    }
    sweep.document = *document;
    sweep.scenarioName = record->scenarioName;
    sweep.parameter = record->parameter;
    for (const auto &[value, comparison] : record->points) {
        SweepPointResult p;
        p.value = value;
        if (!loadComparison(store, comparison, p.spec, p.cells, error))
            return false;
        const auto scenario = scenarioOfComparison(store, comparison);
        if (!scenario) {
            *error =
                "the scenario of '" + comparison + "' in " + store.path() + " cannot be read back";
            return false;
        }
        p.scenario = *scenario;
        p.summary = summarise(p.spec, p.cells);
        sweep.points.push_back(std::move(p));
    }
    return true;
}

} // namespace schedlab
