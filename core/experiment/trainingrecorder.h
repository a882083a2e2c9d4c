// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"
#include "model/scenario.h"

#include <cstdint>
#include <memory>
#include <string>

namespace schedlab {

class ExperimentStore;

/**
 * Streams a training run's curves into the experiment store: one session per
 * run (named after the agent and scenario), one point per finished episode with
 * every metric the trainer reported, committed as it arrives, and the final
 * weights as a checkpoint of the session. The CLI's `train --db` and the GUI's
 * training dashboard both use it.
 */
class TrainingRecorder
{
public:
    /** Null with `error` set if the database cannot be opened or is not ours. */
    static std::unique_ptr<TrainingRecorder> open(const std::string &dbPath, std::string *error);
    ~TrainingRecorder();

    bool begin(const Scenario &scenario, const TrainOptions &options);
    /** Stores an episode's point; points inside an episode are skipped. */
    bool record(const TrainPoint &point);
    /** Stores the weights as checkpoint `name` of the session. */
    bool finish(const LearnedModel &model, const std::string &name);
    std::int64_t sessionId() const { return mSession; }
    std::string lastError() const;

private:
    explicit TrainingRecorder(std::unique_ptr<ExperimentStore> store);

    std::unique_ptr<ExperimentStore> mStore;
    std::int64_t mSession = -1;
};

} // namespace schedlab
