// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/drstraining.h"

#include "learn/drsmodel.h"
#include "train/dqntrainer.h"
#include "train/ppotrainer.h"
#include "train/sactrainer.h"
#include "train/trainers.h"

#include <stdexcept>

namespace schedlab {

DrsEnvConfig drsEnvConfig(const TrainOptions &options, int episodePods)
{
    const auto kind = rewardKindFromName(options.reward);
    if (!kind)
        throw std::invalid_argument("unknown reward setting '" + options.reward +
                                    "'; known: drs, rlsk, deeprm, multi-deeprm");
    DrsEnvConfig config;
    config.reward.kind = *kind;
    config.episodePods = episodePods;
    return config;
}

std::vector<float> toFloats(const std::vector<double> &state)
{
    return {state.begin(), state.end()};
}

std::vector<std::uint8_t> feasibleMask(DrsEnvironment &env)
{
    const std::vector<char> ok = env.feasibleActions();
    std::vector<std::uint8_t> mask(ok.begin(), ok.end());
    bool any = false;
    for (auto m : mask)
        any = any || m;
    if (!any)
        std::fill(mask.begin(), mask.end(), std::uint8_t(1));
    return mask;
}

LearnedModel drsModelHeader(const std::string &agent, const Scenario &scenario,
                            const DrsEnvironment &env, const TrainOptions &options, int episodes)
{
    LearnedModel m;
    m.agent = agent;
    m.info["scenario"] = scenario.name;
    m.info["nodes"] = std::to_string(env.nodeCount());
    m.info["state_size"] = std::to_string(env.stateSize());
    m.info["reward"] = options.reward;
    m.info["episodes"] = std::to_string(episodes);
    m.info["seed"] = std::to_string(options.seed);
    return m;
}

const MlpWeights &requireDrsNet(const TrainOptions &options, const std::string &name,
                                const MlpWeights &expected)
{
    return requireShape(*options.initial, "the initial model", name, expected,
                        options.agent + " network");
}

double learnedRewardScale(const TrainOptions &options, double eq14Scale)
{
    const auto kind = rewardKindFromName(options.reward);
    return kind == RewardKind::DeepRm || kind == RewardKind::MultiDeepRm ? 10.0 : eq14Scale;
}

Transition transitionOf(std::vector<float> state, std::vector<std::uint8_t> feasible, int action,
                        float reward, bool done, DrsEnvironment &env)
{
    Transition t;
    t.action = action;
    t.reward = reward;
    t.terminal = done;
    t.next = done ? state : toFloats(env.observe());
    t.nextFeasible = done ? feasible : feasibleMask(env);
    t.state = std::move(state);
    t.feasible = std::move(feasible);
    return t;
}

int drawAction(const std::vector<float> &p, Rng &rng)
{
    double u = rng.uniform(), acc = 0.0;
    int last = 0;
    for (int a = 0; a < int(p.size()); ++a) {
        if (p[a] <= 0.0f)
            continue;
        last = a;
        acc += p[a];
        if (u < acc)
            return a;
    }
    return last;
}

double simulatedFraction(const DrsEnvironment &env)
{
    const Engine &engine = env.engine();
    return engine.totalSlots() > 0 ? double(engine.state().slot) / double(engine.totalSlots())
                                   : 0.0;
}

double stepsPerSecond(long steps, std::chrono::steady_clock::time_point start)
{
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return s > 0 ? double(steps) / s : 0.0;
}

std::unique_ptr<Trainer> makeDrsTrainer(const Scenario &scenario, const TrainOptions &options)
{
    if (options.agent == "drs")
        return std::make_unique<DqnTrainer>(scenario, options, DqnVariant::Dqn);
    if (options.agent == "double-dqn")
        return std::make_unique<DqnTrainer>(scenario, options, DqnVariant::Double);
    if (options.agent == "dueling-dqn")
        return std::make_unique<DqnTrainer>(scenario, options, DqnVariant::Dueling);
    if (options.agent == "ppo")
        return std::make_unique<PpoTrainer>(scenario, options);
    if (options.agent == "sac")
        return std::make_unique<SacTrainer>(scenario, options);
    if (options.agent != "drs" && rewardKindFromName(options.agent)) {
        TrainOptions withReward = options; // Table 5: DRS's decision maker, their reward
        withReward.reward = options.agent;
        return std::make_unique<DqnTrainer>(scenario, withReward, DqnVariant::Dqn);
    }
    throw std::invalid_argument("'" + options.agent + "' is not a DRS-family agent");
}

} // namespace schedlab
