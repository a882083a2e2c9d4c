// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/cmmacnets.h"

#include <torch/torch.h>

#include <mutex>
#include <stdexcept>
#include <string>

namespace schedlab {

namespace {

/** torch::manual_seed sets one process-wide generator: build one network at a time. */
std::mutex &initMutex()
{
    static std::mutex m;
    return m;
}

/** Linear layers of `sizes`, ReLU after each but the last, from the given seed. */
torch::nn::Sequential makeMlp(const std::vector<int> &sizes, std::uint64_t seed)
{
    std::lock_guard lock(initMutex());
    torch::set_num_threads(1);
    torch::manual_seed(seed);
    torch::nn::Sequential net;
    for (std::size_t i = 0; i + 1 < sizes.size(); ++i) {
        net->push_back(torch::nn::Linear(sizes[i], sizes[i + 1]));
        if (i + 2 < sizes.size())
            net->push_back(torch::nn::ReLU());
    }
    return net;
}

std::vector<torch::nn::Linear> linears(const torch::nn::Sequential &net)
{
    std::vector<torch::nn::Linear> out;
    for (const auto &m : net->children())
        if (auto l = std::dynamic_pointer_cast<torch::nn::LinearImpl>(m))
            out.emplace_back(l);
    return out;
}

MlpWeights exportWeights(const torch::nn::Sequential &net)
{
    torch::NoGradGuard noGrad;
    MlpWeights w;
    for (const auto &l : linears(net)) {
        DenseLayer layer;
        layer.out = int(l->weight.size(0));
        layer.in = int(l->weight.size(1));
        const auto wt = l->weight.contiguous();
        const auto bt = l->bias.contiguous();
        layer.weight.assign(wt.data_ptr<float>(), wt.data_ptr<float>() + wt.numel());
        layer.bias.assign(bt.data_ptr<float>(), bt.data_ptr<float>() + bt.numel());
        w.layers.push_back(std::move(layer));
    }
    return w;
}

/** Checks every shape first, then copies: a mismatch leaves the network as it was. */
void importWeights(torch::nn::Sequential &net, const MlpWeights &w, const char *what)
{
    const auto ls = linears(net);
    if (w.layers.size() != ls.size())
        throw std::invalid_argument(std::string(what) + ": " + std::to_string(w.layers.size()) +
                                    " layers given, the network has " + std::to_string(ls.size()));
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto &g = w.layers[i];
        const int out = int(ls[i]->weight.size(0)), in = int(ls[i]->weight.size(1));
        if (g.in != in || g.out != out || g.weight.size() != std::size_t(in) * out ||
            g.bias.size() != std::size_t(out))
            throw std::invalid_argument(std::string(what) + ": layer " + std::to_string(i) +
                                        " is " + std::to_string(g.out) + "x" +
                                        std::to_string(g.in) + ", the network's is " +
                                        std::to_string(out) + "x" + std::to_string(in));
    }
    torch::NoGradGuard noGrad;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const auto &g = w.layers[i];
        ls[i]->weight.copy_(
            torch::from_blob(const_cast<float *>(g.weight.data()), {g.out, g.in}, torch::kFloat32));
        ls[i]->bias.copy_(
            torch::from_blob(const_cast<float *>(g.bias.data()), {g.out}, torch::kFloat32));
    }
}

torch::Tensor rows(std::span<const float> data, std::int64_t width, const char *what)
{
    if (width <= 0 || data.size() % std::size_t(width) != 0)
        throw std::invalid_argument(std::string(what) + ": " + std::to_string(data.size()) +
                                    " values are not rows of " + std::to_string(width));
    return torch::from_blob(const_cast<float *>(data.data()),
                            {std::int64_t(data.size()) / width, width}, torch::kFloat32)
        .clone();
}

torch::Tensor maskRows(std::span<const std::uint8_t> mask, std::int64_t width)
{
    if (width <= 0 || mask.size() % std::size_t(width) != 0)
        throw std::invalid_argument("resource context F: size is not a multiple of the actions");
    auto m = torch::from_blob(const_cast<std::uint8_t *>(mask.data()),
                              {std::int64_t(mask.size()) / width, width}, torch::kUInt8)
                 .to(torch::kFloat32);
    if ((m.sum(1) <= 0).any().item<bool>())
        throw std::invalid_argument("resource context F marks no action valid (eq. 4 keeps "
                                    "the cloud, j = 0, always valid)");
    return m;
}

} // namespace

// ---- ActorNet ----------------------------------------------------------------

constexpr float kOutputBias = 1.0f;

struct ActorNet::Impl
{
    int stateSize, actions;
    torch::nn::Sequential net;
    torch::optim::Adam adam;

    Impl(int s, int a, std::uint64_t seed)
        : stateSize(s), actions(a), net(makeMlp({s, kHidden[0], kHidden[1], kHidden[2], a}, seed)),
          adam(net->parameters(), torch::optim::AdamOptions(kLearningRate))
    {
        // ReLU(x) + 1 passes no gradient where x < 0: an output that starts below 0
        // would stay at 1 for good. A positive output bias starts every logit where
        // it can learn.
        torch::NoGradGuard noGrad;
        linears(net).back()->bias.fill_(kOutputBias);
    }

    /** ReLU(x) + 1: the positive logits p(s) of eq. 5. */
    torch::Tensor logits(const torch::Tensor &s) { return torch::relu(net->forward(s)) + 1.0; }
    /** Eq. 5: p̄ = p * F, divided by ‖p̄‖₁ (every entry of p is ≥ 1, so ‖p̄‖₁ > 0). */
    torch::Tensor policy(const torch::Tensor &s, const torch::Tensor &f)
    {
        const auto masked = logits(s) * f;
        return masked / masked.sum(1, true);
    }
};

ActorNet::ActorNet(int stateSize, int actions, std::uint64_t seed)
{
    if (stateSize <= 0 || actions <= 0)
        throw std::invalid_argument("ActorNet: state size and actions must be positive");
    d = std::make_unique<Impl>(stateSize, actions, seed);
}
ActorNet::~ActorNet() = default;
ActorNet::ActorNet(ActorNet &&) noexcept = default;
ActorNet &ActorNet::operator=(ActorNet &&) noexcept = default;

int ActorNet::stateSize() const
{
    return d->stateSize;
}
int ActorNet::actions() const
{
    return d->actions;
}

std::vector<float> ActorNet::logits(std::span<const float> state) const
{
    torch::NoGradGuard noGrad;
    const auto out = d->logits(rows(state, d->stateSize, "actor state")).contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

std::vector<float> ActorNet::policy(std::span<const float> state,
                                    std::span<const std::uint8_t> mask) const
{
    torch::NoGradGuard noGrad;
    const auto s = rows(state, d->stateSize, "actor state");
    const auto f = maskRows(mask, d->actions);
    if (f.size(0) != s.size(0))
        throw std::invalid_argument("actor: one resource context F per state expected");
    const auto out = d->policy(s, f).contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

double ActorNet::policyGradientStep(std::span<const float> states,
                                    std::span<const std::uint8_t> masks,
                                    std::span<const int> actions, std::span<const float> advantages)
{
    const auto s = rows(states, d->stateSize, "actor states");
    const auto f = maskRows(masks, d->actions);
    const auto batch = s.size(0);
    if (f.size(0) != batch || std::int64_t(actions.size()) != batch ||
        std::int64_t(advantages.size()) != batch)
        throw std::invalid_argument("actor: states, masks, actions and advantages differ in rows");
    auto a = torch::empty({batch}, torch::kInt64);
    for (std::int64_t i = 0; i < batch; ++i) {
        if (actions[i] < 0 || actions[i] >= d->actions || masks[i * d->actions + actions[i]] == 0)
            throw std::invalid_argument("actor: action " + std::to_string(actions[i]) + " of row " +
                                        std::to_string(i) +
                                        " is not valid under its resource context F");
        a[i] = actions[i];
    }
    const auto adv =
        torch::from_blob(const_cast<float *>(advantages.data()), {batch}, torch::kFloat32).clone();
    d->adam.zero_grad();
    const auto pi = d->policy(s, f).gather(1, a.unsqueeze(1)).squeeze(1);
    const auto loss = -(torch::log(pi) * adv).mean(); // eq. 6
    loss.backward();
    d->adam.step();
    return loss.item<double>();
}

MlpWeights ActorNet::weights() const
{
    return exportWeights(d->net);
}
void ActorNet::setWeights(const MlpWeights &weights)
{
    importWeights(d->net, weights, "actor");
}

// ---- CriticNet ---------------------------------------------------------------

struct CriticNet::Impl
{
    int stateSize;
    torch::nn::Sequential net;
    torch::optim::Adam adam;

    Impl(int s, std::uint64_t seed)
        : stateSize(s), net(makeMlp({s, kHidden[0], kHidden[1], kHidden[2], kHidden[3], 1}, seed)),
          adam(net->parameters(), torch::optim::AdamOptions(kLearningRate))
    {
    }
};

CriticNet::CriticNet(int stateSize, std::uint64_t seed)
{
    if (stateSize <= 0)
        throw std::invalid_argument("CriticNet: state size must be positive");
    d = std::make_unique<Impl>(stateSize, seed);
}
CriticNet::~CriticNet() = default;
CriticNet::CriticNet(CriticNet &&) noexcept = default;
CriticNet &CriticNet::operator=(CriticNet &&) noexcept = default;

int CriticNet::stateSize() const
{
    return d->stateSize;
}

float CriticNet::value(std::span<const float> state) const
{
    torch::NoGradGuard noGrad;
    const auto s = rows(state, d->stateSize, "critic state");
    if (s.size(0) != 1)
        throw std::invalid_argument("critic: value() takes one state");
    return d->net->forward(s).item<float>();
}

double CriticNet::regressionStep(std::span<const float> states, std::span<const float> targets)
{
    const auto s = rows(states, d->stateSize, "critic states");
    if (std::int64_t(targets.size()) != s.size(0))
        throw std::invalid_argument("critic: one target V* per state expected");
    const auto t = torch::from_blob(const_cast<float *>(targets.data()),
                                    {std::int64_t(targets.size()), 1}, torch::kFloat32)
                       .clone();
    d->adam.zero_grad();
    const auto loss = (d->net->forward(s) - t).pow(2).mean(); // eq. 2
    loss.backward();
    d->adam.step();
    return loss.item<double>();
}

MlpWeights CriticNet::weights() const
{
    return exportWeights(d->net);
}
void CriticNet::setWeights(const MlpWeights &weights)
{
    importWeights(d->net, weights, "critic");
}

} // namespace schedlab
