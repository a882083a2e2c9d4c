// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/comparisonrecorder.h"

#include "experiment/storedruns.h"
#include "learn/learnedmodel.h"
#include "scenario/scenarioio.h"
#include "state/random.h"
#include "store/experimentstore.h"

#include <cstdio>

namespace schedlab {

namespace {
std::string durationText(double seconds)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", seconds);
    return text;
}

std::map<std::string, std::string> planes(const PolicySelection &p)
{
    return {{"dispatch", p.dispatch},
            {"dequeue", p.dequeue},
            {"orchestration", p.orchestration},
            {"placement", p.placement}};
}
} // namespace

ComparisonRecorder::ComparisonRecorder(ExperimentStore &store, const Scenario &scenario,
                                       const ComparisonSpec &spec, std::string label)
    : mStore(store), mSpec(spec), mLabel(std::move(label)), mDuration(durationText(spec.duration)),
      mModel(modelFingerprint(spec.model))
{
    mScenarioId = store.addScenario(scenario.name, saveScenarioText(scenario));
    if (mScenarioId < 0)
        mError = store.lastError();
}

void ComparisonRecorder::attach(ComparisonHooks &hooks)
{
    hooks.started = [this](int variant, int seedIndex) { started(variant, seedIndex); };
    hooks.finished = [this](const CellResult &cell) { finished(cell); };
}

void ComparisonRecorder::record(const CellResult &cell)
{
    started(cell.variant, cell.seedIndex);
    finished(cell);
}

bool ComparisonRecorder::ok() const
{
    std::lock_guard lock(mMutex);
    return mError.empty();
}

std::string ComparisonRecorder::error() const
{
    std::lock_guard lock(mMutex);
    return mError;
}

void ComparisonRecorder::started(int variant, int seedIndex)
{
    std::lock_guard lock(mMutex);
    if (!mError.empty())
        return;
    RunRecord record;
    record.scenarioId = mScenarioId;
    record.seed = mSpec.seeds[seedIndex];
    record.policies = planes(mSpec.variants[variant].policies);
    record.attributes = {{std::string(kComparisonAttribute), mLabel},
                         {std::string(kVariantAttribute), mSpec.variants[variant].label},
                         {std::string(kDurationAttribute), mDuration},
                         {std::string(kModelAttribute), mModel}};
    record.buildVersion = SCHEDLAB_VERSION;
    const std::int64_t run = mStore.beginRun(record);
    if (run < 0)
        mError = mStore.lastError();
    else
        mRuns[variant * int(mSpec.seeds.size()) + seedIndex] = run;
}

void ComparisonRecorder::finished(const CellResult &cell)
{
    std::lock_guard lock(mMutex);
    const auto it = mRuns.find(cell.variant * int(mSpec.seeds.size()) + cell.seedIndex);
    if (it == mRuns.end() || !mError.empty())
        return;
    const std::int64_t run = it->second;
    mRuns.erase(it);
    const RunStatus status = cell.error.empty()           ? RunStatus::Complete
                             : cell.error == kInterrupted ? RunStatus::Cancelled
                                                          : RunStatus::Failed;
    ExperimentStore::RunOutcome outcome;
    if (status == RunStatus::Failed)
        outcome.attributes[std::string(kErrorAttribute)] = cell.error;
    else
        outcome = runOutcome(cell.result);
    if (!mStore.completeRun(run, outcome, status))
        mError = mStore.lastError();
}

std::vector<std::optional<RunResult>> completedCells(ExperimentStore &store,
                                                     const Scenario &scenario,
                                                     const ComparisonSpec &spec, std::string *label)
{
    const int seeds = int(spec.seeds.size());
    std::vector<std::optional<RunResult>> out(spec.variants.size() * spec.seeds.size());
    const std::int64_t scenarioId = store.addScenario(scenario.name, saveScenarioText(scenario));
    if (scenarioId < 0)
        return out;
    const std::string duration = durationText(spec.duration), model = modelFingerprint(spec.model);
    std::map<int, const RunSummary *> chosen;
    const std::vector<RunSummary> runs = store.runs();
    for (const RunSummary &run : runs) {
        if (run.status != "complete" || run.scenarioId != scenarioId ||
            attributeOf(run, kDurationAttribute) != duration ||
            attributeOf(run, kModelAttribute) != model)
            continue;
        for (int v = 0; v < int(spec.variants.size()); ++v)
            for (int s = 0; s < seeds; ++s)
                if (spec.seeds[s] == run.seed && planes(spec.variants[v].policies) == run.policies)
                    chosen[v * seeds + s] = &run; // the latest wins
    }
    std::string only;
    bool one = true;
    for (const auto &[cell, run] : chosen) {
        out[cell] = cellResultOf(store, *run);
        const std::string comparison = attributeOf(*run, kComparisonAttribute);
        one = one && (only.empty() || only == comparison);
        only = comparison;
    }
    if (one && !only.empty())
        *label = only;
    return out;
}

} // namespace schedlab
