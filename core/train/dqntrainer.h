// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"

#include <memory>

namespace schedlab {

enum class DqnVariant {
    Dqn,     ///< `drs`: DQN as DRS Algorithm 2; `rlsk`, `deeprm`, `multi-deeprm`: the same
             ///< decision maker with another work's reward (Sec. 5.3.5)
    Double,  ///< `double-dqn`: the target's action chosen by the online network
    Dueling, ///< `dueling-dqn`: value and advantage streams
};

/** DRS Algorithm 2's parameters: K, N, ε as tuned in Sec. 5.3.1; the rest ours. */
struct DqnConfig
{
    int replay = 300;     ///< N, the experience pool's capacity
    int targetEvery = 50; ///< K: gradient steps between target updates
    double epsilon = 0.1; ///< ε-greedy
    int batch = 32;       ///< minibatch (not given in the paper)
    /** γ (λ in eq. 3, not given): a placement weighs on the ~2 decisions made while
     *  its pod runs (about 50 s at one pod per 20 s), so a short horizon suffices. */
    double gamma = 0.5;
    /** Rewards are learnt ×0.01: eq. 14 is ~±20 per step, and unit-sized targets
     *  suit Adam's default steps. The greedy policy is unchanged by the scale. */
    double rewardScale = 0.01;
    int episodePods = 300; ///< the paper's 300 pods per episode (Sec. 5.3.2)
    /** On drs-five-node the greedy policy settles after 2–3 episodes (the first only
     *  fills the pool); 20 leave a wide margin at ~0.3 s each. */
    int defaultEpisodes = 20;
};

/**
 * Trains a DRS Q-network (Algorithm 2) on DrsEnvironment: ε-greedy over the nodes
 * that pass the filters (DRS filters before the decision maker scores, Sec. 4.1),
 * each transition stored in the pool; once D.counter > N, one minibatch gradient
 * step per decision on (y − Q(s, a))² with y = r + γ max over the next state's
 * feasible actions of the target network (Double: of the target at the online
 * network's argmax); the target copies the online network every K steps. Episode k
 * runs the workload with seed options.seed + k. Torch behind the pimpl.
 */
class DqnTrainer final : public Trainer
{
public:
    /** Throws std::invalid_argument for an unknown reward setting or a scenario the
     *  environment refuses, and CheckpointError when options.initial does not fit. */
    DqnTrainer(const Scenario &scenario, const TrainOptions &options, DqnVariant variant,
               DqnConfig config = {});
    ~DqnTrainer() override;

    int plannedEpisodes() const override;
    void train(TrainControl &control,
               const std::function<void(const TrainPoint &)> &onPoint) override;
    LearnedModel model() const override;

    long gradientSteps() const;
    long targetUpdates() const;
    int replaySize() const;
    long replayCounter() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace schedlab
