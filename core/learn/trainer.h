// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/learnedmodel.h"
#include "learn/traincontrol.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

struct Scenario;

struct TrainOptions
{
    std::string agent;      ///< one of trainableAgents()
    int episodes = 0;       ///< 0: the agent's documented default budget
    std::uint64_t seed = 1; ///< episode k runs the workload with seed + k
    /** KaiS reward e^{−λ−εν}: weight of load balance; unset: the scenario's
     *  `policies: {kais: {epsilon}}` (default 1). */
    std::optional<double> epsilon;
    std::string reward = "drs"; ///< DRS family: drs | rlsk | deeprm | multi-deeprm
    /** `cmmac` and `kais`: episodes run at once, on threads of their own, their
     *  experience learned from in synchronous updates (0: defaultTrainWorkers()).
     *  Part of what a training is: the same seed and workers, the same weights. */
    int workers = 0;
    /** Set: training continues from these weights (a loaded checkpoint). */
    std::shared_ptr<const LearnedModel> initial;
};

/** The most episodes a training runs at once. */
constexpr int kMaxTrainWorkers = 256;
/** The machine's cores (at most kMaxTrainWorkers): what TrainOptions::workers 0 means. */
int defaultTrainWorkers();
/** True for the agents that run TrainOptions::workers episodes at once (`cmmac`, `kais`). */
bool agentTakesWorkers(const std::string &agent);

/** What the trainer reports: after every episode, and during long ones. */
struct TrainPoint
{
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

    int episode = 0;                   ///< 0-based
    bool episodeDone = false;          ///< false: a progress point inside the episode
    std::string stage;                 ///< curriculum stage, or empty
    long steps = 0;                    ///< decisions taken since training started
    double reward = kNone;             ///< mean reward per decision in this episode so far
    double actorLoss = kNone;          ///< policy loss (actor / policy network)
    double criticLoss = kNone;         ///< value loss (critic, Q-network)
    double entropy = kNone;            ///< mean policy entropy, nats
    double explorationEpsilon = kNone; ///< ε-greedy's ε (DQN family)
    double throughputRate = kNone;     ///< Φ of the episode's run
    /** Orchestration frames the episode ran (KaiS Fig. 9a counts training in frames);
     *  0 for an agent without them. */
    double frames = 0.0;
    /** `kais`: GPG's mean reward ũ per decision and eq. 12's loss, while the fields
     *  above are cMMAC's. */
    double orchestrationReward = kNone;
    double orchestrationLoss = kNone;
    double stepsPerSecond = 0.0;
};

/**
 * Trains one learned agent on a scenario. train() runs in the caller's thread
 * until the budget is spent or `control` stops it, reporting through `onPoint`
 * (called in that same thread). Deterministic: the same scenario, options and
 * seed give the same weights and points (steps per second aside).
 */
class Trainer
{
public:
    virtual ~Trainer() = default;
    virtual int plannedEpisodes() const = 0;
    virtual void train(TrainControl &control,
                       const std::function<void(const TrainPoint &)> &onPoint) = 0;
    /** The weights now, ready for saveModel or a run's RunOptions::model. */
    virtual LearnedModel model() const = 0;
};

} // namespace schedlab
