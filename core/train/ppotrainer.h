// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"

#include <memory>

namespace schedlab {

/** PPO (Schulman et al.) on the DRS state and reward: DRS's PPO comparison (Sec. 5.3.2). */
struct PpoConfig
{
    double gamma = 0.5;   ///< as DqnConfig::gamma
    double lambda = 0.95; ///< GAE
    int epochs = 4;       ///< passes over each episode's rollout
    int batch = 64;
    double rewardScale = 0.01;
    int episodePods = 300;
    int defaultEpisodes = 40; ///< PPO improves more slowly than DQN here (still rising at 20)
};

/**
 * One rollout per episode with the masked softmax policy, then `epochs` passes of
 * clipped-objective minibatch steps with GAE advantages (normalised per rollout).
 */
class PpoTrainer final : public Trainer
{
public:
    PpoTrainer(const Scenario &scenario, const TrainOptions &options, PpoConfig config = {});
    ~PpoTrainer() override;

    int plannedEpisodes() const override;
    void train(TrainControl &control,
               const std::function<void(const TrainPoint &)> &onPoint) override;
    LearnedModel model() const override;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace schedlab
