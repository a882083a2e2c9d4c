// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/drsnets.h"

#include "train/torchmlp.h"

#include <stdexcept>

namespace schedlab {

using namespace torchmlp;

// ---- QNet ----------------------------------------------------------------------

struct QNet::Impl
{
    bool dueling;
    torch::nn::Sequential body; ///< plain: the whole net; dueling: the hidden layers
    torch::nn::Linear value{nullptr}, advantage{nullptr};
    std::vector<torch::Tensor> params;
    std::unique_ptr<torch::optim::Adam> adam;

    Impl(int s, int a, bool duel, std::uint64_t seed) : dueling(duel)
    {
        seeded(seed, [&] {
            if (!dueling) {
                body = mlp({s, kHidden[0], kHidden[1], a});
                return;
            }
            body = mlp({s, kHidden[0], kHidden[1]}, true);
            value = torch::nn::Linear(kHidden[1], 1);
            advantage = torch::nn::Linear(kHidden[1], a);
        });
        params = body->parameters();
        if (dueling)
            for (const auto &m : {value->parameters(), advantage->parameters()})
                params.insert(params.end(), m.begin(), m.end());
        adam =
            std::make_unique<torch::optim::Adam>(params, torch::optim::AdamOptions(kLearningRate));
    }

    torch::Tensor forward(const torch::Tensor &s)
    {
        if (!dueling)
            return body->forward(s);
        const auto h = body->forward(s);
        const auto adv = advantage->forward(h);
        return value->forward(h) + adv - adv.mean(1, true);
    }

    std::vector<torch::nn::Linear> streamLayers(const torch::nn::Linear &head) const
    {
        auto ls = linears(body);
        ls.push_back(head);
        return ls;
    }
};

QNet::QNet(int stateSize, int actions, bool dueling, std::uint64_t seed)
    : NetShape(stateSize, actions, "QNet"),
      d(std::make_unique<Impl>(stateSize, actions, dueling, seed))
{
}
QNet::~QNet() = default;
QNet::QNet(QNet &&) noexcept = default;
QNet &QNet::operator=(QNet &&) noexcept = default;

bool QNet::dueling() const
{
    return d->dueling;
}

std::vector<float> QNet::qValues(std::span<const float> states) const
{
    torch::NoGradGuard noGrad;
    return toVector(d->forward(rows(states, stateSize(), "Q-network states")));
}

double QNet::tdStep(std::span<const float> states, std::span<const int> actions,
                    std::span<const float> targets)
{
    const auto s = rows(states, stateSize(), "Q-network states");
    const auto batch = s.size(0);
    if (std::int64_t(actions.size()) != batch || std::int64_t(targets.size()) != batch)
        throw std::invalid_argument("Q-network: states, actions and targets differ in rows");
    auto a = torch::empty({batch}, torch::kInt64);
    for (std::int64_t i = 0; i < batch; ++i) {
        if (actions[i] < 0 || actions[i] >= NetShape::actions())
            throw std::invalid_argument("Q-network: action " + std::to_string(actions[i]) +
                                        " out of range");
        a[i] = actions[i];
    }
    const auto y =
        torch::from_blob(const_cast<float *>(targets.data()), {batch}, torch::kFloat32).clone();
    d->adam->zero_grad();
    const auto q = d->forward(s).gather(1, a.unsqueeze(1)).squeeze(1);
    const auto loss = (y - q).pow(2).mean();
    loss.backward();
    d->adam->step();
    return loss.item<double>();
}

void QNet::copyFrom(const QNet &other)
{
    if (other.stateSize() != stateSize() || other.actions() != actions() ||
        other.d->dueling != d->dueling)
        throw std::invalid_argument("QNet: the target network differs in shape");
    copyParameters(other.d->params, d->params);
}

MlpWeights QNet::weights() const
{
    if (!d->dueling)
        return exportWeights(d->body);
    // Q_i = V + A_i − mean_j A_j is linear in the last hidden layer h:
    // W_Q[i] = W_V + W_A[i] − mean_j W_A[j], and likewise the bias.
    MlpWeights w = exportWeights(d->body);
    const DenseLayer v = exportLayer(d->value), adv = exportLayer(d->advantage);
    DenseLayer q{adv.in, adv.out, std::vector<float>(adv.weight.size()),
                 std::vector<float>(adv.bias.size())};
    const int n = adv.out, h = adv.in;
    for (int k = 0; k < h; ++k) {
        float mean = 0.0f;
        for (int i = 0; i < n; ++i)
            mean += adv.weight[std::size_t(i) * h + k];
        mean /= float(n);
        for (int i = 0; i < n; ++i)
            q.weight[std::size_t(i) * h + k] =
                v.weight[k] + adv.weight[std::size_t(i) * h + k] - mean;
    }
    float meanBias = 0.0f;
    for (float b : adv.bias)
        meanBias += b / float(n);
    for (int i = 0; i < n; ++i)
        q.bias[i] = v.bias[0] + adv.bias[i] - meanBias;
    w.layers.push_back(std::move(q));
    return w;
}

std::map<std::string, MlpWeights> QNet::parts() const
{
    if (!d->dueling)
        return {{"q", weights()}};
    MlpWeights value = exportWeights(d->body), advantage = value;
    value.layers.push_back(exportLayer(d->value));
    advantage.layers.push_back(exportLayer(d->advantage));
    return {{"value", std::move(value)}, {"advantage", std::move(advantage)}};
}

void QNet::setParts(const std::map<std::string, MlpWeights> &parts)
{
    const auto need = [&](const char *name) -> const MlpWeights & {
        const auto it = parts.find(name);
        if (it == parts.end())
            throw std::invalid_argument(std::string("Q-network: no '") + name + "' part given");
        return it->second;
    };
    if (!d->dueling) {
        importWeights(linears(d->body), need("q"), "Q-network");
        return;
    }
    const MlpWeights &value = need("value"), &advantage = need("advantage");
    // Check both streams before copying either: a mismatch changes nothing.
    QNet probe(stateSize(), actions(), true, 0);
    importWeights(probe.d->streamLayers(probe.d->value), value, "Q-network value stream");
    importWeights(probe.d->streamLayers(probe.d->advantage), advantage,
                  "Q-network advantage stream");
    importWeights(d->streamLayers(d->value), value, "Q-network value stream");
    importWeights({d->advantage}, MlpWeights{{advantage.layers.back()}}, "Q-network advantage");
}

// ---- PpoNet --------------------------------------------------------------------

struct PpoNet::Impl
{
    torch::nn::Sequential actor, critic;
    std::unique_ptr<torch::optim::Adam> adam;

    Impl(int s, int a, std::uint64_t seed)
    {
        seeded(seed, [&] {
            actor = mlp({s, kHidden[0], kHidden[1], a});
            critic = mlp({s, kHidden[0], kHidden[1], 1});
        });
        auto params = actor->parameters();
        const auto c = critic->parameters();
        params.insert(params.end(), c.begin(), c.end());
        adam =
            std::make_unique<torch::optim::Adam>(params, torch::optim::AdamOptions(kLearningRate));
    }

    torch::Tensor logPolicy(const torch::Tensor &s, const torch::Tensor &mask)
    {
        return maskedLogSoftmax(actor->forward(s), mask);
    }
};

PpoNet::PpoNet(int stateSize, int actions, std::uint64_t seed)
    : NetShape(stateSize, actions, "PpoNet"), d(std::make_unique<Impl>(stateSize, actions, seed))
{
}
PpoNet::~PpoNet() = default;
PpoNet::PpoNet(PpoNet &&) noexcept = default;
PpoNet &PpoNet::operator=(PpoNet &&) noexcept = default;

std::vector<float> PpoNet::policy(std::span<const float> state,
                                  std::span<const std::uint8_t> mask) const
{
    torch::NoGradGuard noGrad;
    return toVector(
        d->logPolicy(rows(state, stateSize(), "PPO state"), maskRows(mask, actions(), "PPO"))
            .exp());
}

float PpoNet::value(std::span<const float> state) const
{
    torch::NoGradGuard noGrad;
    return d->critic->forward(rows(state, stateSize(), "PPO state")).view({-1})[0].item<float>();
}

PpoNet::Losses PpoNet::update(std::span<const float> states, std::span<const std::uint8_t> masks,
                              std::span<const int> actions, std::span<const float> oldLogProbs,
                              std::span<const float> advantages, std::span<const float> returns)
{
    const auto s = rows(states, stateSize(), "PPO states");
    const auto m = maskRows(masks, NetShape::actions(), "PPO");
    const auto batch = s.size(0);
    if (m.size(0) != batch || std::int64_t(actions.size()) != batch ||
        std::int64_t(oldLogProbs.size()) != batch || std::int64_t(advantages.size()) != batch ||
        std::int64_t(returns.size()) != batch)
        throw std::invalid_argument("PPO: the batch's parts differ in rows");
    auto a = torch::empty({batch}, torch::kInt64);
    for (std::int64_t i = 0; i < batch; ++i)
        a[i] = actions[i];
    const auto column = [&](std::span<const float> v) {
        return torch::from_blob(const_cast<float *>(v.data()), {batch}, torch::kFloat32).clone();
    };
    const auto oldLog = column(oldLogProbs), adv = column(advantages), ret = column(returns);
    d->adam->zero_grad();
    const auto logPi = d->logPolicy(s, m);
    const auto ratio = (logPi.gather(1, a.unsqueeze(1)).squeeze(1) - oldLog).exp();
    const auto surrogate =
        torch::min(ratio * adv, ratio.clamp(1.0 - kClip, 1.0 + kClip) * adv).mean();
    const auto pi = logPi.exp();
    const auto entropy = -(pi * logPi.masked_fill(m.logical_not(), 0.0)).sum(1).mean();
    const auto critic = (d->critic->forward(s).squeeze(1) - ret).pow(2).mean();
    const auto loss = -surrogate + kValueWeight * critic - kEntropyWeight * entropy;
    loss.backward();
    d->adam->step();
    return {-surrogate.item<double>(), critic.item<double>(), entropy.item<double>()};
}

MlpWeights PpoNet::actor() const
{
    return exportWeights(d->actor);
}
MlpWeights PpoNet::critic() const
{
    return exportWeights(d->critic);
}

void PpoNet::setWeights(const MlpWeights &actor, const MlpWeights &critic)
{
    PpoNet probe(stateSize(), actions(), 0);
    importWeights(linears(probe.d->actor), actor, "PPO actor");
    importWeights(linears(probe.d->critic), critic, "PPO critic");
    importWeights(linears(d->actor), actor, "PPO actor");
    importWeights(linears(d->critic), critic, "PPO critic");
}

} // namespace schedlab
