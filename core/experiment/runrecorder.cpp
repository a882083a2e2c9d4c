// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/runrecorder.h"

#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include <filesystem>

namespace schedlab {

std::unique_ptr<RunRecorder> RunRecorder::open(const std::string &dbPath, std::string *error)
{
    // A new store may go into a results folder that does not exist yet.
    const std::filesystem::path parent = std::filesystem::path(dbPath).parent_path();
    std::error_code ignored;
    if (!parent.empty())
        std::filesystem::create_directories(parent, ignored);
    auto store = ExperimentStore::open(dbPath, error);
    if (!store)
        return nullptr;
    return std::unique_ptr<RunRecorder>(new RunRecorder(std::move(store)));
}

RunRecorder::RunRecorder(std::unique_ptr<ExperimentStore> store) : mStore(std::move(store)) {}

RunRecorder::~RunRecorder() = default;

bool RunRecorder::begin(const Scenario &scenario, const PolicySelection &policies,
                        std::uint64_t seed)
{
    const std::int64_t scenarioId = mStore->addScenario(scenario.name, saveScenarioText(scenario));
    if (scenarioId < 0)
        return false;
    RunRecord record;
    record.scenarioId = scenarioId;
    record.seed = seed;
    record.policies = {{"dispatch", policies.dispatch},
                       {"dequeue", policies.dequeue},
                       {"orchestration", policies.orchestration},
                       {"placement", policies.placement}};
    record.buildVersion = SCHEDLAB_VERSION;
    mRunId = mStore->beginRun(record);
    return mRunId >= 0;
}

void RunRecorder::onFrame(const SimState &, const FramePoint &frame)
{
    if (mRunId < 0)
        return;
    const std::vector<double> t{frame.time};
    mStore->appendVector(mRunId, "avg_util", t, {frame.avgUtil});
    mStore->appendVector(mRunId, "edge_replicas", t, {frame.edgeReplicas});
}

bool RunRecorder::finish(const RunResult &result, bool cancelled)
{
    if (mRunId < 0)
        return false;
    std::vector<double> t, throughput;
    for (const FramePoint &f : result.frames) {
        t.push_back(f.time);
        throughput.push_back(f.throughput);
    }
    if (!t.empty() && !mStore->appendVector(mRunId, "throughput", t, throughput))
        return false;
    std::map<std::string, double> scalars;
    for (const MetricValue &m : result.metrics)
        scalars[m.name] = m.value;
    return mStore->finishRun(mRunId, scalars, cancelled ? RunStatus::Cancelled : RunStatus::Complete);
}

std::string RunRecorder::lastError() const { return mStore->lastError(); }

} // namespace schedlab
