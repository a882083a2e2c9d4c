// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/gpgnetwork.h"

#include "learn/gpgmodel.h"

#include "train/torchmlp.h"

#include <stdexcept>
#include <string>

namespace schedlab {

namespace {

torch::nn::Sequential makeMlp(const std::vector<int> &sizes, std::uint64_t seed)
{
    torch::nn::Sequential net;
    torchmlp::seeded(seed, [&] { net = torchmlp::mlp(sizes); });
    return net;
}

} // namespace

struct GpgNetwork::Impl
{
    GpgLayout layout;
    std::map<std::string, torch::nn::Sequential> nets;
    std::unique_ptr<torch::optim::Adam> adam;

    Impl(const GpgLayout &l, std::uint64_t seed) : layout(l)
    {
        std::vector<torch::Tensor> params;
        std::uint64_t k = 0;
        for (const std::string &name : GpgNets::names(layout.stacked > 0)) {
            auto net = makeMlp(GpgNets::sizes(name, layout), seed + 1000003ull * k++);
            for (const auto &p : net->parameters())
                params.push_back(p);
            nets.emplace(name, net);
        }
        adam = std::make_unique<torch::optim::Adam>(
            params, torch::optim::AdamOptions(GpgNets::kLearningRate));
    }

    torch::Tensor run(const char *name, const torch::Tensor &in)
    {
        return nets.at(name)->forward(in);
    }

    struct Forward
    {
        torch::Tensor values;  ///< [T, N]: g_n
        torch::Tensor scaling; ///< [T, N, 2W + 1]: q_{n,l}
    };

    /** GpgForward's computation (eq. 10, then θ_g and θ_q) for T states of one site at once. */
    Forward forward(const torch::Tensor &states, const std::vector<int> &groupOf, int groups)
    {
        const auto n = std::int64_t(groupOf.size());
        if (layout.stacked > 0) {
            if (n != layout.stacked)
                throw std::invalid_argument("gpg: the network stacks the states of " +
                                            std::to_string(layout.stacked) +
                                            " nodes, the site has " + std::to_string(n));
            const auto all = states.reshape({states.size(0), 1, -1}).expand({-1, n, -1});
            const auto input = torch::cat({states, all}, 2); // [T, N, E (1 + N)]
            return {run(GpgNets::kG, input).squeeze(2), run(GpgNets::kQ, input)};
        }
        // Level 1: in graph order, each node replaces what it carries (s̃_n) by x_n.
        const auto message = run(GpgNets::kF1, states); // [T, N, E]
        std::vector<torch::Tensor> sum(groups);
        for (std::int64_t j = 0; j < n; ++j) {
            auto &s = sum[groupOf[j]];
            s = s.defined() ? s + message.select(1, j) : message.select(1, j);
        }
        std::vector<torch::Tensor> xs;
        for (std::int64_t j = 0; j < n; ++j) {
            auto &s = sum[groupOf[j]];
            const auto own = message.select(1, j);
            const auto x = run(GpgNets::kH1, s - own) + states.select(1, j);
            s = s - own + run(GpgNets::kF1, x);
            xs.push_back(x);
        }
        const auto x = torch::stack(xs, 1); // [T, N, E]
        // Level 2: eAP summaries.
        const auto toGroup = run(GpgNets::kF2, x);
        std::vector<torch::Tensor> groupSum(groups);
        for (std::int64_t j = 0; j < n; ++j) {
            auto &s = groupSum[groupOf[j]];
            s = s.defined() ? s + toGroup.select(1, j) : toGroup.select(1, j);
        }
        std::vector<torch::Tensor> ys;
        for (int b = 0; b < groups; ++b)
            ys.push_back(run(GpgNets::kH2, groupSum[b]));
        // Level 3: the cluster summary.
        torch::Tensor clusterSum;
        for (int b = 0; b < groups; ++b) {
            const auto m = run(GpgNets::kF3, ys[b]);
            clusterSum = clusterSum.defined() ? clusterSum + m : m;
        }
        const auto z = run(GpgNets::kH3, clusterSum); // [T, E]
        std::vector<torch::Tensor> yOfNode;
        for (std::int64_t j = 0; j < n; ++j)
            yOfNode.push_back(ys[groupOf[j]]);
        const auto input =
            torch::cat({x, torch::stack(yOfNode, 1), z.unsqueeze(1).expand({-1, n, -1})}, 2);
        return {run(GpgNets::kG, input).squeeze(2), run(GpgNets::kQ, input)};
    }

    torch::Tensor statesOf(std::span<const float> states, std::size_t nodes, std::size_t rows)
    {
        const std::int64_t e = layout.embedding();
        if (states.size() != rows * nodes * std::size_t(e))
            throw std::invalid_argument("gpg: " + std::to_string(states.size()) +
                                        " state values are not " + std::to_string(rows) + " x " +
                                        std::to_string(nodes) + " nodes of " + std::to_string(e));
        return torch::from_blob(const_cast<float *>(states.data()),
                                {std::int64_t(rows), std::int64_t(nodes), e}, torch::kFloat32)
            .clone();
    }
};

GpgNetwork::GpgNetwork(const GpgLayout &layout, std::uint64_t seed)
{
    if (layout.services <= 0)
        throw std::invalid_argument("GpgNetwork: no services");
    d = std::make_unique<Impl>(layout, seed);
}
GpgNetwork::~GpgNetwork() = default;
GpgNetwork::GpgNetwork(GpgNetwork &&) noexcept = default;
GpgNetwork &GpgNetwork::operator=(GpgNetwork &&) noexcept = default;

const GpgLayout &GpgNetwork::layout() const
{
    return d->layout;
}

std::vector<float> GpgNetwork::nodeValues(std::span<const float> states,
                                          std::span<const int> groupOf, int groups) const
{
    torch::NoGradGuard noGrad;
    const std::vector<int> g(groupOf.begin(), groupOf.end());
    const auto out = d->forward(d->statesOf(states, g.size(), 1), g, groups).values.contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

std::vector<float> GpgNetwork::scalingValues(std::span<const float> states,
                                             std::span<const int> groupOf, int groups) const
{
    torch::NoGradGuard noGrad;
    const std::vector<int> g(groupOf.begin(), groupOf.end());
    const auto out = d->forward(d->statesOf(states, g.size(), 1), g, groups).scaling.contiguous();
    return {out.data_ptr<float>(), out.data_ptr<float>() + out.numel()};
}

GpgNetwork::StepResult GpgNetwork::policyGradientStep(std::span<const GpgBatch> batches)
{
    torch::Tensor logLikelihood, entropy; // summed over every sample
    std::int64_t count = 0;
    const std::int64_t actions = d->layout.actions();
    for (const GpgBatch &batch : batches) {
        if (batch.samples.empty())
            continue;
        const std::size_t n = batch.groupOf.size();
        const std::size_t h = batch.samples.front().nodes.size();
        const auto t = std::int64_t(batch.samples.size());
        std::vector<float> flat;
        auto nodes = torch::empty({t, std::int64_t(h)}, torch::kInt64);
        auto scaling = torch::empty({t, std::int64_t(h)}, torch::kInt64);
        auto advantage = torch::empty({t}, torch::kFloat32);
        for (std::int64_t i = 0; i < t; ++i) {
            const GpgSample &s = batch.samples[i];
            if (s.nodes.size() != h || s.scaling.size() != h)
                throw std::invalid_argument("gpg: samples of one batch choose different counts");
            for (std::size_t k = 0; k < h; ++k) {
                if (s.nodes[k] < 0 || s.nodes[k] >= int(n) || s.scaling[k] < 0 ||
                    s.scaling[k] >= actions)
                    throw std::invalid_argument("gpg: sample " + std::to_string(i) +
                                                " names a node or action out of range");
                nodes[i][k] = s.nodes[k];
                scaling[i][k] = s.scaling[k];
            }
            advantage[i] = s.advantage;
            flat.insert(flat.end(), s.states.begin(), s.states.end());
        }
        const auto out =
            d->forward(d->statesOf(flat, n, std::size_t(t)), batch.groupOf, batch.groups);
        // ã•: each draw over the nodes not drawn yet (eq. 11 renormalised).
        auto taken = torch::zeros({t, std::int64_t(n)}, torch::kBool);
        auto logp = torch::zeros({t});
        const auto sigma = torch::log_softmax(out.values, 1);
        auto ent = -(sigma.exp() * sigma).sum(1);
        const auto logq = torch::log_softmax(out.scaling, 2); // [T, N, A]
        for (std::size_t k = 0; k < h; ++k) {
            const auto pick = nodes.select(1, std::int64_t(k));
            const auto masked = torch::log_softmax(out.values.masked_fill(taken, -INFINITY), 1);
            logp = logp + masked.gather(1, pick.unsqueeze(1)).squeeze(1);
            taken = taken.scatter(1, pick.unsqueeze(1), true);
            // ã⋆ of that node.
            const auto rowQ =
                logq.gather(1, pick.view({t, 1, 1}).expand({t, 1, actions})).squeeze(1);
            logp =
                logp + rowQ.gather(1, scaling.select(1, std::int64_t(k)).unsqueeze(1)).squeeze(1);
            ent = ent - (rowQ.exp() * rowQ).sum(1) / double(h);
        }
        const auto weighted = (logp * advantage).sum();
        logLikelihood = logLikelihood.defined() ? logLikelihood + weighted : weighted;
        entropy = entropy.defined() ? entropy + ent.sum().detach() : ent.sum().detach();
        count += t;
    }
    if (count == 0)
        return {};
    d->adam->zero_grad();
    const auto loss = -logLikelihood / double(count); // eq. 12, as a loss to descend
    loss.backward();
    d->adam->step();
    return {loss.item<double>(), entropy.item<double>() / double(count)};
}

std::map<std::string, MlpWeights> GpgNetwork::weights() const
{
    std::map<std::string, MlpWeights> out;
    for (const auto &[name, net] : d->nets)
        out.emplace(name, torchmlp::exportWeights(net));
    return out;
}

void GpgNetwork::setWeights(const LearnedModel &model, const std::string &origin)
{
    const bool stacked = d->layout.stacked > 0;
    std::vector<const MlpWeights *> given;
    for (const std::string &name : GpgNets::names(stacked))
        given.push_back(
            &requireShape(model, origin, name, GpgNets::shape(name, d->layout), "network " + name));
    std::size_t k = 0;
    for (const std::string &name : GpgNets::names(stacked))
        torchmlp::importWeights(torchmlp::linears(d->nets.at(name)), *given[k++], name.c_str());
}

} // namespace schedlab
