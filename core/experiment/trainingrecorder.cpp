// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/trainingrecorder.h"

#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include <cmath>

namespace schedlab {

std::unique_ptr<TrainingRecorder> TrainingRecorder::open(const std::string &dbPath,
                                                         std::string *error)
{
    auto store = ExperimentStore::open(dbPath, error);
    if (!store)
        return nullptr;
    return std::unique_ptr<TrainingRecorder>(new TrainingRecorder(std::move(store)));
}

TrainingRecorder::TrainingRecorder(std::unique_ptr<ExperimentStore> store)
    : mStore(std::move(store))
{
}

TrainingRecorder::~TrainingRecorder() = default;

bool TrainingRecorder::begin(const Scenario &scenario, const TrainOptions &options)
{
    const std::int64_t scenarioId = mStore->addScenario(scenario.name, saveScenarioText(scenario));
    if (scenarioId < 0)
        return false;
    mSession = mStore->beginTrainingSession(
        options.agent + " on " + scenario.name + " (seed " + std::to_string(options.seed) + ")",
        scenarioId);
    return mSession >= 0;
}

bool TrainingRecorder::record(const TrainPoint &p)
{
    if (!p.episodeDone)
        return true;
    std::map<std::string, double> values;
    const std::pair<const char *, double> all[] = {
        {"reward", p.reward},
        {"actor_loss", p.actorLoss},
        {"critic_loss", p.criticLoss},
        {"entropy", p.entropy},
        {"exploration_epsilon", p.explorationEpsilon},
        {"throughput_rate", p.throughputRate},
        {"orchestration_reward", p.orchestrationReward},
        {"orchestration_loss", p.orchestrationLoss},
        {"steps", double(p.steps)},
        {"steps_per_second", p.stepsPerSecond},
    };
    for (const auto &[name, value] : all)
        if (!std::isnan(value))
            values[name] = value;
    return mStore->appendTrainingPoint(mSession, p.episode, values);
}

bool TrainingRecorder::finish(const LearnedModel &model, const std::string &name)
{
    const std::string bytes = encodeModel(model); // the file's bytes: write out and load as is
    const std::vector<std::uint8_t> blob(bytes.begin(), bytes.end());
    return mStore->saveCheckpoint(name, blob, 1, mSession);
}

std::string TrainingRecorder::lastError() const
{
    return mStore->lastError();
}

} // namespace schedlab
