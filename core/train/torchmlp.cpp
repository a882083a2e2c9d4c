// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/torchmlp.h"

#include <mutex>
#include <stdexcept>
#include <string>

// Debian's libtorch does its matrix products in OpenBLAS, whose own thread pool
// torch::set_num_threads does not reach: its idle workers spin on the other core.
// Weak, so a build against another BLAS still links.
extern "C" void openblas_set_num_threads(int) __attribute__((weak));

namespace schedlab::torchmlp {

void seeded(std::uint64_t seed, const std::function<void()> &build)
{
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    torch::set_num_threads(1);
    if (openblas_set_num_threads)
        openblas_set_num_threads(1);
    torch::manual_seed(seed);
    build();
}

torch::nn::Sequential mlp(const std::vector<int> &sizes, bool reluLast)
{
    torch::nn::Sequential net;
    for (std::size_t i = 0; i + 1 < sizes.size(); ++i) {
        net->push_back(torch::nn::Linear(sizes[i], sizes[i + 1]));
        if (i + 2 < sizes.size() || reluLast)
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

DenseLayer exportLayer(const torch::nn::Linear &l)
{
    torch::NoGradGuard noGrad;
    DenseLayer layer;
    layer.out = int(l->weight.size(0));
    layer.in = int(l->weight.size(1));
    layer.weight = toVector(l->weight);
    layer.bias = toVector(l->bias);
    return layer;
}

MlpWeights exportWeights(const torch::nn::Sequential &net)
{
    MlpWeights w;
    for (const auto &l : linears(net))
        w.layers.push_back(exportLayer(l));
    return w;
}

void importWeights(const std::vector<torch::nn::Linear> &ls, const MlpWeights &w, const char *what)
{
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
    if (width <= 0 || data.empty() || data.size() % std::size_t(width) != 0)
        throw std::invalid_argument(std::string(what) + ": " + std::to_string(data.size()) +
                                    " values are not rows of " + std::to_string(width));
    return torch::from_blob(const_cast<float *>(data.data()),
                            {std::int64_t(data.size()) / width, width}, torch::kFloat32)
        .clone();
}

std::vector<float> toVector(const torch::Tensor &t)
{
    const auto c = t.detach().contiguous();
    return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
}

void copyParameters(const std::vector<torch::Tensor> &from, const std::vector<torch::Tensor> &to)
{
    torch::NoGradGuard noGrad;
    for (std::size_t i = 0; i < from.size(); ++i)
        to[i].copy_(from[i]);
}

torch::Tensor maskRows(std::span<const std::uint8_t> mask, int actions, const char *what)
{
    if (mask.empty() || mask.size() % std::size_t(actions) != 0)
        throw std::invalid_argument(std::string(what) + ": the mask is not rows of the actions");
    auto m = torch::from_blob(const_cast<std::uint8_t *>(mask.data()),
                              {std::int64_t(mask.size()) / actions, actions}, torch::kUInt8)
                 .to(torch::kBool);
    if ((m.sum(1) <= 0).any().item<bool>())
        throw std::invalid_argument(std::string(what) + ": a mask marks no action feasible");
    return m;
}

torch::Tensor maskedLogSoftmax(const torch::Tensor &logits, const torch::Tensor &mask)
{
    return torch::log_softmax(logits.masked_fill(mask.logical_not(), -1e9), 1);
}

} // namespace schedlab::torchmlp
