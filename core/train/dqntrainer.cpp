// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/dqntrainer.h"

#include "train/drsnets.h"
#include "train/drstraining.h"
#include "train/replaymemory.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

namespace {
const char *agentName(DqnVariant v)
{
    switch (v) {
    case DqnVariant::Dqn:
        return "drs";
    case DqnVariant::Double:
        return "double-dqn";
    case DqnVariant::Dueling:
        return "dueling-dqn";
    }
    return "?";
}

/** The best action under `mask` in row `q` of `actions` values. */
int argmax(const float *q, const std::vector<std::uint8_t> &mask)
{
    int best = -1;
    for (int a = 0; a < int(mask.size()); ++a)
        if (mask[a] && (best < 0 || q[a] > q[best]))
            best = a;
    return best;
}
} // namespace

struct DqnTrainer::Impl
{
    const Scenario &scenario;
    TrainOptions options;
    DqnVariant variant;
    DqnConfig config;
    std::string agent;
    DrsEnvironment env;
    QNet online, target;
    ReplayMemory replay;
    Rng explore, sampler;
    long gradientSteps = 0, targetUpdates = 0, steps = 0;
    int episodesDone = 0;

    Impl(const Scenario &s, const TrainOptions &o, DqnVariant v, DqnConfig c)
        : scenario(s), options(o), variant(v), config(c),
          agent(v == DqnVariant::Dqn && rewardKindFromName(o.agent) ? o.agent : agentName(v)),
          env(s, drsEnvConfig(o, c.episodePods)),
          online(env.stateSize(), env.nodeCount(), v == DqnVariant::Dueling,
                 o.seed ^ stableHash(agent)),
          target(env.stateSize(), env.nodeCount(), v == DqnVariant::Dueling, 0), replay(c.replay),
          explore(Rng::stream(o.seed, agent + ".explore")),
          sampler(Rng::stream(o.seed, agent + ".replay"))
    {
        if (options.initial)
            resume(*options.initial);
        target.copyFrom(online);
    }

    void resume(const LearnedModel &initial)
    {
        std::map<std::string, MlpWeights> parts;
        for (const auto &[part, expected] : online.parts())
            parts[part] = requireDrsNet(options, agent + "." + part, expected);
        online.setParts(parts);
        if (initial.info.count("episodes"))
            episodesDone = std::stoi(initial.info.at("episodes"));
    }

    int chooseAction(const std::vector<float> &state, const std::vector<std::uint8_t> &mask)
    {
        if (explore.uniform() < config.epsilon) {
            std::vector<int> feasible;
            for (int a = 0; a < int(mask.size()); ++a)
                if (mask[a])
                    feasible.push_back(a);
            return feasible[explore.below(std::uint32_t(feasible.size()))];
        }
        return argmax(online.qValues(state).data(), mask);
    }

    /** Algorithm 2, lines 12–14, and the target update every K steps (line 18). */
    double learn()
    {
        const auto batch = replay.sample(config.batch, sampler);
        const int n = env.nodeCount();
        std::vector<float> states, nexts;
        std::vector<int> actions;
        for (const Transition *t : batch) {
            states.insert(states.end(), t->state.begin(), t->state.end());
            nexts.insert(nexts.end(), t->next.begin(), t->next.end());
            actions.push_back(t->action);
        }
        const std::vector<float> qTarget = target.qValues(nexts);
        std::vector<float> qOnline;
        if (variant == DqnVariant::Double)
            qOnline = online.qValues(nexts);
        std::vector<float> y(batch.size());
        for (std::size_t j = 0; j < batch.size(); ++j) {
            const Transition &t = *batch[j];
            y[j] = t.reward;
            if (t.terminal)
                continue;
            const float *row = &qTarget[j * std::size_t(n)];
            const int a = variant == DqnVariant::Double
                              ? argmax(&qOnline[j * std::size_t(n)], t.nextFeasible)
                              : argmax(row, t.nextFeasible);
            y[j] += float(config.gamma) * row[a];
        }
        const double loss = online.tdStep(states, actions, y);
        if (++gradientSteps % config.targetEvery == 0) {
            target.copyFrom(online);
            ++targetUpdates;
        }
        return loss;
    }
};

DqnTrainer::DqnTrainer(const Scenario &scenario, const TrainOptions &options, DqnVariant variant,
                       DqnConfig config)
    : d(std::make_unique<Impl>(scenario, options, variant, config))
{
}
DqnTrainer::~DqnTrainer() = default;

int DqnTrainer::plannedEpisodes() const
{
    return d->options.episodes > 0 ? d->options.episodes : d->config.defaultEpisodes;
}

void DqnTrainer::train(TrainControl &control,
                       const std::function<void(const TrainPoint &)> &onPoint)
{
    const auto start = std::chrono::steady_clock::now();
    const double scale = learnedRewardScale(d->options, d->config.rewardScale);
    for (int k = 0; k < plannedEpisodes(); ++k) {
        DrsEnvironment &env = d->env;
        env.reset(d->options.seed + std::uint64_t(k));
        std::vector<float> state = toFloats(env.observe());
        double rewardSum = 0.0, lossSum = 0.0;
        int decisions = 0, losses = 0;
        while (!env.done()) {
            if (!control.checkpoint())
                return;
            const auto mask = feasibleMask(env);
            const int action = d->chooseAction(state, mask);
            const StepResult r = env.act(action);
            control.progress(simulatedFraction(env));
            Transition t = transitionOf(state, mask, action, float(r.reward * scale), r.done, env);
            state = t.next;
            d->replay.store(std::move(t));
            rewardSum += r.reward;
            ++decisions;
            ++d->steps;
            if (d->replay.counter() > d->replay.capacity()) { // line 11
                lossSum += d->learn();
                ++losses;
            }
        }
        ++d->episodesDone;
        TrainPoint p;
        p.episode = k;
        p.episodeDone = true;
        p.steps = d->steps;
        p.reward = decisions ? rewardSum / decisions : TrainPoint::kNone;
        p.criticLoss = losses ? lossSum / losses : TrainPoint::kNone;
        p.explorationEpsilon = d->config.epsilon;
        p.stepsPerSecond = stepsPerSecond(d->steps, start);
        if (onPoint)
            onPoint(p);
    }
}

LearnedModel DqnTrainer::model() const
{
    LearnedModel m = drsModelHeader(d->agent, d->scenario, d->env, d->options, d->episodesDone);
    m.nets[d->agent + ".q"] = d->online.weights();
    for (auto &[part, w] : d->online.parts())
        m.nets[d->agent + "." + part] = std::move(w);
    return m;
}

long DqnTrainer::gradientSteps() const
{
    return d->gradientSteps;
}
long DqnTrainer::targetUpdates() const
{
    return d->targetUpdates;
}
int DqnTrainer::replaySize() const
{
    return d->replay.size();
}
long DqnTrainer::replayCounter() const
{
    return d->replay.counter();
}

} // namespace schedlab
