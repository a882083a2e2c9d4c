// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/ppotrainer.h"

#include "train/drsnets.h"
#include "train/drstraining.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace schedlab {

namespace {
/** One episode's decisions, row-major. */
struct Rollout
{
    std::vector<float> states;
    std::vector<std::uint8_t> masks;
    std::vector<int> actions;
    std::vector<float> logProbs, values, rewards;
    std::vector<char> terminal;
};

} // namespace

struct PpoTrainer::Impl
{
    const Scenario &scenario;
    TrainOptions options;
    PpoConfig config;
    DrsEnvironment env;
    PpoNet net;
    Rng policyRng, shuffleRng;
    long steps = 0;
    int episodesDone = 0;

    Impl(const Scenario &s, const TrainOptions &o, PpoConfig c)
        : scenario(s), options(o), config(c), env(s, drsEnvConfig(o, c.episodePods)),
          net(env.stateSize(), env.nodeCount(), o.seed ^ stableHash("ppo")),
          policyRng(Rng::stream(o.seed, "ppo.policy")), shuffleRng(Rng::stream(o.seed, "ppo.batch"))
    {
        if (options.initial) {
            net.setWeights(requireDrsNet(options, "ppo.actor", net.actor()),
                           requireDrsNet(options, "ppo.critic", net.critic()));
            if (options.initial->info.count("episodes"))
                episodesDone = std::stoi(options.initial->info.at("episodes"));
        }
    }

    /** GAE(γ, λ) advantages and the returns the critic regresses on. */
    void advantages(const Rollout &r, std::vector<float> &adv, std::vector<float> &ret) const
    {
        const std::size_t n = r.rewards.size();
        adv.assign(n, 0.0f);
        ret.assign(n, 0.0f);
        double next = 0.0, gae = 0.0;
        for (std::size_t i = n; i-- > 0;) {
            const double nextValue = r.terminal[i] ? 0.0 : next;
            const double delta = r.rewards[i] + config.gamma * nextValue - r.values[i];
            gae = delta + (r.terminal[i] ? 0.0 : config.gamma * config.lambda * gae);
            adv[i] = float(gae);
            ret[i] = float(gae + r.values[i]);
            next = r.values[i];
        }
        const double mean = std::accumulate(adv.begin(), adv.end(), 0.0) / double(n);
        double var = 0.0;
        for (float a : adv)
            var += (a - mean) * (a - mean) / double(n);
        const double sd = std::sqrt(var) + 1e-8;
        for (float &a : adv)
            a = float((a - mean) / sd);
    }

    PpoNet::Losses update(const Rollout &r)
    {
        std::vector<float> adv, ret;
        advantages(r, adv, ret);
        const int n = int(r.actions.size()), size = env.stateSize(), actions = env.nodeCount();
        std::vector<int> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        PpoNet::Losses sum;
        int batches = 0;
        for (int e = 0; e < config.epochs; ++e) {
            for (int i = n - 1; i > 0; --i) // Fisher-Yates with our stream
                std::swap(order[i], order[shuffleRng.below(std::uint32_t(i + 1))]);
            for (int b = 0; b < n; b += config.batch) {
                std::vector<float> s, lp, a2, rt;
                std::vector<std::uint8_t> m;
                std::vector<int> a;
                for (int k = b; k < std::min(n, b + config.batch); ++k) {
                    const int j = order[k];
                    s.insert(s.end(), r.states.begin() + std::ptrdiff_t(j) * size,
                             r.states.begin() + std::ptrdiff_t(j + 1) * size);
                    m.insert(m.end(), r.masks.begin() + std::ptrdiff_t(j) * actions,
                             r.masks.begin() + std::ptrdiff_t(j + 1) * actions);
                    a.push_back(r.actions[j]);
                    lp.push_back(r.logProbs[j]);
                    a2.push_back(adv[j]);
                    rt.push_back(ret[j]);
                }
                const PpoNet::Losses l = net.update(s, m, a, lp, a2, rt);
                sum.actor += l.actor;
                sum.critic += l.critic;
                sum.entropy += l.entropy;
                ++batches;
            }
        }
        if (batches)
            sum = {sum.actor / batches, sum.critic / batches, sum.entropy / batches};
        return sum;
    }
};

PpoTrainer::PpoTrainer(const Scenario &scenario, const TrainOptions &options, PpoConfig config)
    : d(std::make_unique<Impl>(scenario, options, config))
{
}
PpoTrainer::~PpoTrainer() = default;

int PpoTrainer::plannedEpisodes() const
{
    return d->options.episodes > 0 ? d->options.episodes : d->config.defaultEpisodes;
}

void PpoTrainer::train(TrainControl &control,
                       const std::function<void(const TrainPoint &)> &onPoint)
{
    const auto start = std::chrono::steady_clock::now();
    const double scale = learnedRewardScale(d->options, d->config.rewardScale);
    for (int k = 0; k < plannedEpisodes(); ++k) {
        DrsEnvironment &env = d->env;
        env.reset(d->options.seed + std::uint64_t(k));
        Rollout r;
        double rewardSum = 0.0;
        while (!env.done()) {
            if (!control.checkpoint())
                return;
            const std::vector<float> state = toFloats(env.observe());
            const std::vector<std::uint8_t> mask = feasibleMask(env);
            const std::vector<float> pi = d->net.policy(state, mask);
            const int action = drawAction(pi, d->policyRng);
            r.states.insert(r.states.end(), state.begin(), state.end());
            r.masks.insert(r.masks.end(), mask.begin(), mask.end());
            r.actions.push_back(action);
            r.logProbs.push_back(std::log(std::max(pi[action], 1e-12f)));
            r.values.push_back(d->net.value(state));
            const StepResult s = env.act(action);
            control.progress(simulatedFraction(env));
            r.rewards.push_back(float(s.reward * scale));
            r.terminal.push_back(s.done);
            rewardSum += s.reward;
            ++d->steps;
        }
        TrainPoint p;
        if (!r.actions.empty()) {
            const PpoNet::Losses l = d->update(r);
            p.actorLoss = l.actor;
            p.criticLoss = l.critic;
            p.entropy = l.entropy;
            p.reward = rewardSum / double(r.actions.size());
        }
        ++d->episodesDone;
        p.episode = k;
        p.episodeDone = true;
        p.steps = d->steps;
        p.stepsPerSecond = stepsPerSecond(d->steps, start);
        if (onPoint)
            onPoint(p);
    }
}

LearnedModel PpoTrainer::model() const
{
    LearnedModel m = drsModelHeader("ppo", d->scenario, d->env, d->options, d->episodesDone);
    m.nets["ppo.actor"] = d->net.actor();
    m.nets["ppo.critic"] = d->net.critic();
    return m;
}

} // namespace schedlab
