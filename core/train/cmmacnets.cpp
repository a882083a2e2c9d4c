// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/cmmacnets.h"

#include "train/shardedstep.h"
#include "train/torchmlp.h"

#include <map>
#include <stdexcept>
#include <string>

namespace schedlab {

namespace {

using torchmlp::exportWeights;
using torchmlp::linears;
using torchmlp::rows;

/** Linear layers of `sizes`, ReLU after each but the last, from the given seed. */
torch::nn::Sequential makeMlp(const std::vector<int> &sizes, std::uint64_t seed)
{
    torch::nn::Sequential net;
    torchmlp::seeded(seed, [&] { net = torchmlp::mlp(sizes); });
    return net;
}

void importWeights(const torch::nn::Sequential &net, const MlpWeights &w, const char *what)
{
    torchmlp::importWeights(linears(net), w, what);
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
    torch::nn::Sequential net;
    torch::optim::Adam adam;
    torchmlp::Shards shards;

    Impl(int s, int a, std::uint64_t seed)
        : net(makeMlp({s, kHidden[0], kHidden[1], kHidden[2], a}, seed)),
          adam(net->parameters(), torch::optim::AdamOptions(kLearningRate))
    {
        // ReLU(x) + 1 passes no gradient where x < 0: an output that starts below 0
        // would stay at 1 for good. A positive output bias starts every logit where
        // it can learn.
        torch::NoGradGuard noGrad;
        linears(net).back()->bias.fill_(kOutputBias);
    }

    /** ReLU(x) + 1: the positive logits p(s) of eq. 5. */
    static torch::Tensor logits(torch::nn::Sequential &net, const torch::Tensor &s)
    {
        return torch::relu(net->forward(s)) + 1.0;
    }
    /** Eq. 5: p̄ = p * F, divided by ‖p̄‖₁ (every entry of p is ≥ 1, so ‖p̄‖₁ > 0). */
    static torch::Tensor policy(torch::nn::Sequential &net, const torch::Tensor &s,
                                const torch::Tensor &f)
    {
        const auto masked = logits(net, s) * f;
        return masked / masked.sum(1, true);
    }
};

ActorNet::ActorNet(int stateSize, int actions, std::uint64_t seed)
    : NetShape(stateSize, actions, "ActorNet"), d(std::make_unique<Impl>(stateSize, actions, seed))
{
}
ActorNet::~ActorNet() = default;
ActorNet::ActorNet(ActorNet &&) noexcept = default;
ActorNet &ActorNet::operator=(ActorNet &&) noexcept = default;

std::vector<float> ActorNet::logits(std::span<const float> state) const
{
    torch::NoGradGuard noGrad;
    const auto out = Impl::logits(d->net, rows(state, stateSize(), "actor state")).contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

std::vector<float> ActorNet::policy(std::span<const float> state,
                                    std::span<const std::uint8_t> mask) const
{
    torch::NoGradGuard noGrad;
    const auto s = rows(state, stateSize(), "actor state");
    const auto f = maskRows(mask, actions());
    if (f.size(0) != s.size(0))
        throw std::invalid_argument("actor: one resource context F per state expected");
    const auto out = Impl::policy(d->net, s, f).contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

double ActorNet::policyGradientStep(std::span<const float> states,
                                    std::span<const std::uint8_t> masks,
                                    std::span<const int> actions, std::span<const float> advantages,
                                    int threads)
{
    const int width = NetShape::actions(); // the parameter `actions` hides it
    const auto s = rows(states, stateSize(), "actor states");
    const auto f = maskRows(masks, width);
    const auto batch = s.size(0);
    if (f.size(0) != batch || std::int64_t(actions.size()) != batch ||
        std::int64_t(advantages.size()) != batch)
        throw std::invalid_argument("actor: states, masks, actions and advantages differ in rows");
    auto a = torch::empty({batch}, torch::kInt64);
    for (std::int64_t i = 0; i < batch; ++i) {
        if (actions[i] < 0 || actions[i] >= width || masks[i * width + actions[i]] == 0)
            throw std::invalid_argument("actor: action " + std::to_string(actions[i]) + " of row " +
                                        std::to_string(i) +
                                        " is not valid under its resource context F");
        a[i] = actions[i];
    }
    const auto adv =
        torch::from_blob(const_cast<float *>(advantages.data()), {batch}, torch::kFloat32).clone();
    return torchmlp::shardedStep(
        d->net, d->adam, d->shards, batch, threads,
        [&](torch::nn::Sequential &net, std::int64_t first, std::int64_t count) {
            const auto pi = Impl::policy(net, s.narrow(0, first, count), f.narrow(0, first, count))
                                .gather(1, a.narrow(0, first, count).unsqueeze(1))
                                .squeeze(1);
            return -(torch::log(pi) * adv.narrow(0, first, count)); // eq. 6, before its mean
        });
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

namespace {

torch::Tensor indices(std::span<const int> values)
{
    return torch::tensor(std::vector<std::int64_t>(values.begin(), values.end()), torch::kInt64);
}

/** The rows of `batch` that replace the block (offset, width), by block, in row order. */
std::map<std::pair<int, int>, std::vector<int>> rowsByBlock(const CriticRows &batch)
{
    std::map<std::pair<int, int>, std::vector<int>> out;
    for (int i = 0; i < batch.rows(); ++i)
        if (batch.blockOffset()[std::size_t(i)] >= 0)
            out[{batch.blockOffset()[std::size_t(i)], batch.blockWidth()[std::size_t(i)]}]
                .push_back(i);
    return out;
}

} // namespace

double CriticNet::regressionStep(const CriticRows &batch)
{
    if (batch.width() != d->stateSize || batch.rows() == 0)
        throw std::invalid_argument("critic: rows of " + std::to_string(batch.width()) +
                                    " values expected " + std::to_string(d->stateSize));
    const auto slots = rows(batch.slotStates(), d->stateSize, "critic slot states");
    const auto slotOf = indices(batch.slotOf());
    std::vector<torch::nn::Linear> layers = linears(d->net);
    const torch::Tensor &weight = layers.front()->weight;
    const torch::Tensor &bias = layers.front()->bias;
    struct Change
    {
        int offset, width;
        torch::Tensor rows, values; ///< the rows, and block − their slot's block
    };
    std::vector<Change> changes;
    torch::Tensor h; // the first layer's W·ŝ + b per row, a leaf for the layers above
    {
        torch::NoGradGuard noGrad;
        // W·ŝ + b = W·(the slot's state) + b + W_block·(block − the slot's block).
        h = torch::addmm(bias, slots, weight.t()).index_select(0, slotOf);
        for (const auto &[block, members] : rowsByBlock(batch)) {
            const auto [offset, width] = block;
            std::vector<float> values;
            values.reserve(members.size() * std::size_t(width));
            for (int i : members) {
                const auto start = batch.blockValues().begin() + batch.blockStart()[std::size_t(i)];
                values.insert(values.end(), start, start + width);
            }
            const auto at = indices(members);
            const auto replaced =
                slots.index_select(0, slotOf.index_select(0, at)).narrow(1, offset, width);
            changes.push_back(
                {offset, width, at, torchmlp::rows(values, width, "critic blocks") - replaced});
            h.index_add_(0, at, changes.back().values.mm(weight.narrow(1, offset, width).t()));
        }
    }
    h.requires_grad_(true);
    torch::Tensor v = h;
    for (std::size_t l = 1; l < layers.size(); ++l)
        v = layers[l]->forward(torch::relu(v));
    const auto t = torch::from_blob(const_cast<float *>(batch.targets().data()),
                                    {std::int64_t(batch.rows()), 1}, torch::kFloat32)
                       .clone();
    d->adam.zero_grad();
    const auto loss = (v - t).pow(2).mean(); // eq. 2
    loss.backward();
    {
        // The first layer's gradient by the same split: each slot's state once, with
        // the sum of its rows' gradients, and each block's change apart.
        torch::NoGradGuard noGrad;
        const torch::Tensor dh = h.grad();
        const auto perSlot = torch::zeros({slots.size(0), dh.size(1)}).index_add_(0, slotOf, dh);
        weight.mutable_grad() = perSlot.t().mm(slots);
        for (const Change &c : changes)
            weight.mutable_grad()
                .narrow(1, c.offset, c.width)
                .addmm_(dh.index_select(0, c.rows).t(), c.values);
        bias.mutable_grad() = dh.sum(0);
    }
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
