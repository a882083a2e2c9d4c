// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/shardedstep.h"

#include "train/inparallel.h"
#include "train/torchmlp.h"

#include <algorithm>

namespace schedlab::torchmlp {

double shardedStep(torch::nn::Sequential &net, torch::optim::Optimizer &optimiser, Shards &shards,
                   std::int64_t rows, int threads, const RowLosses &loss)
{
    const int slices =
        int(std::clamp<std::int64_t>(rows / kMinRowsPerShard, 1, std::max(1, threads)));
    optimiser.zero_grad();
    if (slices == 1) {
        const torch::Tensor l = loss(net, 0, rows).mean();
        l.backward();
        optimiser.step();
        return l.item<double>();
    }
    while (int(shards.replicas.size()) < slices - 1)
        shards.replicas.push_back(
            std::dynamic_pointer_cast<torch::nn::SequentialImpl>(net->clone()));
    const std::vector<torch::Tensor> params = net->parameters();
    for (int s = 1; s < slices; ++s) {
        copyParameters(params, shards.replicas[std::size_t(s - 1)]->parameters());
        shards.replicas[std::size_t(s - 1)]->zero_grad();
    }
    std::vector<double> losses(std::size_t(slices), 0.0);
    inParallel(slices, slices, [&](int s) {
        torch::nn::Sequential &copy = s == 0 ? net : shards.replicas[std::size_t(s - 1)];
        const std::int64_t first = rows * s / slices, last = rows * (s + 1) / slices;
        const torch::Tensor l = loss(copy, first, last - first).sum() / double(rows);
        l.backward();
        losses[std::size_t(s)] = l.item<double>();
    });
    {
        torch::NoGradGuard noGrad;
        for (int s = 1; s < slices; ++s) {
            const std::vector<torch::Tensor> copy =
                shards.replicas[std::size_t(s - 1)]->parameters();
            for (std::size_t i = 0; i < params.size(); ++i)
                params[i].mutable_grad().add_(copy[i].grad());
        }
    }
    optimiser.step();
    double total = 0.0;
    for (double l : losses)
        total += l;
    return total;
}

} // namespace schedlab::torchmlp
