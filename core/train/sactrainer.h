// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"

#include <memory>

namespace schedlab {

/** Discrete SAC on the DRS state and reward: DRS's SAC comparison (Sec. 5.3.2). The
 *  pool, K-free soft targets and γ as the DQN agents have them (DqnConfig). */
struct SacConfig
{
    int replay = 300; ///< N, as DRS's pool
    int batch = 32;
    double gamma = 0.5;
    double rewardScale = 0.01;
    int episodePods = 300;
    int defaultEpisodes = 20;
};

/**
 * Acts by drawing from the masked softmax policy; every transition goes to the
 * pool, and once it holds more than N, one update of the critics, the actor and
 * the temperature per decision (SacNet::update).
 */
class SacTrainer final : public Trainer
{
public:
    SacTrainer(const Scenario &scenario, const TrainOptions &options, SacConfig config = {});
    ~SacTrainer() override;

    int plannedEpisodes() const override;
    void train(TrainControl &control,
               const std::function<void(const TrainPoint &)> &onPoint) override;
    LearnedModel model() const override;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace schedlab
