// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/sactrainer.h"

#include "train/drstraining.h"
#include "train/replaymemory.h"
#include "train/sacnet.h"

namespace schedlab {

struct SacTrainer::Impl
{
    const Scenario &scenario;
    TrainOptions options;
    SacConfig config;
    DrsEnvironment env;
    SacNet net;
    ReplayMemory replay;
    Rng policyRng, sampler;
    long steps = 0;
    int episodesDone = 0;

    Impl(const Scenario &s, const TrainOptions &o, SacConfig c)
        : scenario(s), options(o), config(c), env(s, drsEnvConfig(o, c.episodePods)),
          net(env.stateSize(), env.nodeCount(), o.seed ^ stableHash("sac")), replay(c.replay),
          policyRng(Rng::stream(o.seed, "sac.policy")), sampler(Rng::stream(o.seed, "sac.replay"))
    {
        if (options.initial) {
            net.setWeights(requireDrsNet(options, "sac.actor", net.actor()),
                           requireDrsNet(options, "sac.critic1", net.critic(0)),
                           requireDrsNet(options, "sac.critic2", net.critic(1)));
            if (options.initial->info.count("episodes"))
                episodesDone = std::stoi(options.initial->info.at("episodes"));
        }
    }

    SacNet::Losses learn()
    {
        std::vector<float> states, nexts, rewards;
        std::vector<std::uint8_t> masks, nextMasks, terminal;
        std::vector<int> actions;
        for (const Transition *t : replay.sample(config.batch, sampler)) {
            states.insert(states.end(), t->state.begin(), t->state.end());
            nexts.insert(nexts.end(), t->next.begin(), t->next.end());
            masks.insert(masks.end(), t->feasible.begin(), t->feasible.end());
            nextMasks.insert(nextMasks.end(), t->nextFeasible.begin(), t->nextFeasible.end());
            actions.push_back(t->action);
            rewards.push_back(t->reward);
            terminal.push_back(t->terminal);
        }
        return net.update(
            {states, nexts, masks, nextMasks, actions, rewards, terminal, config.gamma});
    }
};

SacTrainer::SacTrainer(const Scenario &scenario, const TrainOptions &options, SacConfig config)
    : d(std::make_unique<Impl>(scenario, options, config))
{
}
SacTrainer::~SacTrainer() = default;

int SacTrainer::plannedEpisodes() const
{
    return d->options.episodes > 0 ? d->options.episodes : d->config.defaultEpisodes;
}

void SacTrainer::train(TrainControl &control,
                       const std::function<void(const TrainPoint &)> &onPoint)
{
    const auto start = std::chrono::steady_clock::now();
    const double scale = learnedRewardScale(d->options, d->config.rewardScale);
    for (int k = 0; k < plannedEpisodes(); ++k) {
        DrsEnvironment &env = d->env;
        env.reset(d->options.seed + std::uint64_t(k));
        std::vector<float> state = toFloats(env.observe());
        double rewardSum = 0.0;
        SacNet::Losses sum;
        int decisions = 0, updates = 0;
        while (!env.done()) {
            if (!control.checkpoint())
                return;
            std::vector<std::uint8_t> mask = feasibleMask(env);
            const int action = drawAction(d->net.policy(state, mask), d->policyRng);
            const StepResult r = env.act(action);
            control.progress(simulatedFraction(env));
            Transition t =
                transitionOf(state, std::move(mask), action, float(r.reward * scale), r.done, env);
            state = t.next;
            d->replay.store(std::move(t));
            rewardSum += r.reward;
            ++decisions;
            ++d->steps;
            if (d->replay.counter() > d->replay.capacity()) {
                const SacNet::Losses l = d->learn();
                sum = {sum.actor + l.actor, sum.critic + l.critic, sum.entropy + l.entropy,
                       l.alpha};
                ++updates;
            }
        }
        ++d->episodesDone;
        TrainPoint p;
        p.episode = k;
        p.episodeDone = true;
        p.steps = d->steps;
        p.reward = decisions ? rewardSum / decisions : TrainPoint::kNone;
        if (updates) {
            p.actorLoss = sum.actor / updates;
            p.criticLoss = sum.critic / updates;
            p.entropy = sum.entropy / updates;
        }
        p.stepsPerSecond = stepsPerSecond(d->steps, start);
        if (onPoint)
            onPoint(p);
    }
}

LearnedModel SacTrainer::model() const
{
    LearnedModel m = drsModelHeader("sac", d->scenario, d->env, d->options, d->episodesDone);
    m.nets["sac.actor"] = d->net.actor();
    m.nets["sac.critic1"] = d->net.critic(0);
    m.nets["sac.critic2"] = d->net.critic(1);
    return m;
}

} // namespace schedlab
