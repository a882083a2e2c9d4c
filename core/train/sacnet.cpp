// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/sacnet.h"

#include "train/torchmlp.h"

#include <cmath>
#include <stdexcept>

namespace schedlab {

using namespace torchmlp;

struct SacNet::Impl
{
    torch::nn::Sequential actor, critics[2], targets[2];
    torch::Tensor logAlpha = torch::zeros({1}, torch::requires_grad());
    std::unique_ptr<torch::optim::Adam> actorAdam, criticAdam, alphaAdam;

    Impl(int s, int a, std::uint64_t seed)
    {
        seeded(seed, [&] {
            actor = mlp({s, kHidden[0], kHidden[1], a});
            for (auto &c : critics)
                c = mlp({s, kHidden[0], kHidden[1], a});
            for (auto &t : targets)
                t = mlp({s, kHidden[0], kHidden[1], a});
        });
        for (int i = 0; i < 2; ++i)
            copyParameters(critics[i]->parameters(), targets[i]->parameters());
        const auto adam = [](std::vector<torch::Tensor> params) {
            return std::make_unique<torch::optim::Adam>(std::move(params),
                                                        torch::optim::AdamOptions(kLearningRate));
        };
        auto both = critics[0]->parameters();
        const auto second = critics[1]->parameters();
        both.insert(both.end(), second.begin(), second.end());
        actorAdam = adam(actor->parameters());
        criticAdam = adam(both);
        alphaAdam = adam({logAlpha});
    }

    /** The soft value Σ_a π(a|s)·(min Q(s, a) − α log π(a|s)) over the feasible a. */
    torch::Tensor softValue(const torch::Tensor &logPi, const torch::Tensor &q,
                            const torch::Tensor &mask, const torch::Tensor &alpha) const
    {
        const auto terms = logPi.exp() * (q - alpha * logPi);
        return terms.masked_fill(mask.logical_not(), 0.0).sum(1);
    }

    void polyak()
    {
        torch::NoGradGuard noGrad;
        for (int i = 0; i < 2; ++i) {
            const auto from = critics[i]->parameters();
            auto to = targets[i]->parameters();
            for (std::size_t k = 0; k < from.size(); ++k)
                to[k].mul_(1.0 - kTau).add_(from[k], kTau);
        }
    }
};

SacNet::SacNet(int stateSize, int actions, std::uint64_t seed)
    : NetShape(stateSize, actions, "SacNet"), d(std::make_unique<Impl>(stateSize, actions, seed))
{
}
SacNet::~SacNet() = default;
SacNet::SacNet(SacNet &&) noexcept = default;
SacNet &SacNet::operator=(SacNet &&) noexcept = default;

std::vector<float> SacNet::policy(std::span<const float> state,
                                  std::span<const std::uint8_t> mask) const
{
    torch::NoGradGuard noGrad;
    const auto s = rows(state, stateSize(), "SAC state");
    return toVector(maskedLogSoftmax(d->actor->forward(s), maskRows(mask, actions(), "SAC")).exp());
}

SacNet::Losses SacNet::update(const Batch &b)
{
    const auto s = rows(b.states, stateSize(), "SAC states");
    const auto next = rows(b.nexts, stateSize(), "SAC next states");
    const auto m = maskRows(b.masks, actions(), "SAC");
    const auto nextM = maskRows(b.nextMasks, actions(), "SAC");
    const std::int64_t n = s.size(0);
    if (next.size(0) != n || m.size(0) != n || nextM.size(0) != n ||
        std::int64_t(b.actions.size()) != n || std::int64_t(b.rewards.size()) != n ||
        std::int64_t(b.terminal.size()) != n)
        throw std::invalid_argument("SAC: the batch's parts differ in rows");
    auto a = torch::empty({n}, torch::kInt64);
    auto r = torch::empty({n}, torch::kFloat32);
    auto live = torch::empty({n}, torch::kFloat32);
    for (std::int64_t i = 0; i < n; ++i) {
        a[i] = b.actions[i];
        r[i] = b.rewards[i];
        live[i] = b.terminal[i] ? 0.0f : 1.0f;
    }
    const auto alpha = d->logAlpha.exp().detach();

    // Critics: y = r + γ·V_target(s') on the soft value of the next state.
    torch::Tensor y;
    {
        torch::NoGradGuard noGrad;
        const auto q = torch::min(d->targets[0]->forward(next), d->targets[1]->forward(next));
        const auto logPi = maskedLogSoftmax(d->actor->forward(next), nextM);
        y = r + b.gamma * live * d->softValue(logPi, q, nextM, alpha);
    }
    d->criticAdam->zero_grad();
    torch::Tensor critic = torch::zeros({});
    for (auto &c : d->critics)
        critic = critic + (c->forward(s).gather(1, a.unsqueeze(1)).squeeze(1) - y).pow(2).mean();
    critic.backward();
    d->criticAdam->step();

    // Actor: minimise Σ_a π(a|s)·(α log π(a|s) − min Q(s, a)).
    torch::Tensor q;
    {
        torch::NoGradGuard noGrad;
        q = torch::min(d->critics[0]->forward(s), d->critics[1]->forward(s));
    }
    d->actorAdam->zero_grad();
    const auto logPi = maskedLogSoftmax(d->actor->forward(s), m);
    const auto actorLoss = -d->softValue(logPi, q, m, alpha).mean();
    actorLoss.backward();
    d->actorAdam->step();

    // α towards the target entropy, a share of log(feasible actions) per state.
    const auto entropy = -(logPi.exp() * logPi).masked_fill(m.logical_not(), 0.0).sum(1).detach();
    const auto target = kEntropyShare * m.sum(1).to(torch::kFloat32).log();
    d->alphaAdam->zero_grad();
    const auto alphaLoss = (d->logAlpha.exp() * (entropy - target)).mean();
    alphaLoss.backward();
    d->alphaAdam->step();

    d->polyak();
    return {actorLoss.item<double>(), critic.item<double>(), entropy.mean().item<double>(),
            alpha.item<double>()};
}

MlpWeights SacNet::actor() const
{
    return exportWeights(d->actor);
}

MlpWeights SacNet::critic(int i) const
{
    return exportWeights(d->critics[i]);
}

void SacNet::setWeights(const MlpWeights &actor, const MlpWeights &critic0,
                        const MlpWeights &critic1)
{
    SacNet probe(stateSize(), actions(), 0); // every shape checked before anything changes
    importWeights(linears(probe.d->actor), actor, "SAC actor");
    importWeights(linears(probe.d->critics[0]), critic0, "SAC critic");
    importWeights(linears(probe.d->critics[1]), critic1, "SAC critic");
    importWeights(linears(d->actor), actor, "SAC actor");
    importWeights(linears(d->critics[0]), critic0, "SAC critic");
    importWeights(linears(d->critics[1]), critic1, "SAC critic");
    for (int i = 0; i < 2; ++i)
        copyParameters(d->critics[i]->parameters(), d->targets[i]->parameters());
}

} // namespace schedlab
