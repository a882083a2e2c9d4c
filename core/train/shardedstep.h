// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to schedlab_train (it includes torch): one optimiser step whose gradient
// is computed over slices of the batch at once.

#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace schedlab::torchmlp {

/** The rows a slice must have before a batch is split: below it a thread costs more
 *  than it saves. */
constexpr std::int64_t kMinRowsPerShard = 64;

/** A network's copies for the slices after the first; made on first use. */
struct Shards
{
    std::vector<torch::nn::Sequential> replicas;
};

/** The loss of each of rows [first, first + count), computed by `net`; the step
 *  minimises their mean over the batch. */
using RowLosses = std::function<torch::Tensor(torch::nn::Sequential &net, std::int64_t first,
                                              std::int64_t count)>;

/**
 * One step of `optimiser` on `net` over `rows` rows, the batch split into up to
 * `threads` contiguous slices (at least kMinRowsPerShard rows each) whose gradients
 * are computed at once, the first on `net`, the others on copies of it, and summed
 * in slice order: the same batch and threads give the same bytes. One slice is the
 * plain step. Returns the batch's loss before the step.
 */
double shardedStep(torch::nn::Sequential &net, torch::optim::Optimizer &optimiser, Shards &shards,
                   std::int64_t rows, int threads, const RowLosses &loss);

} // namespace schedlab::torchmlp
