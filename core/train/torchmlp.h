// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to schedlab_learn's .cpp files (it includes torch): the multilayer
// perceptrons the DRS family trains, and their exchange with plain MlpWeights.

#include "learn/mlpweights.h"

#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace schedlab::torchmlp {

/** Runs `build` with torch seeded by `seed` on one thread; one network at a time,
 *  since torch::manual_seed sets a process-wide generator. */
void seeded(std::uint64_t seed, const std::function<void()> &build);

/** Linear layers of `sizes`, ReLU after each but the last (after the last too if
 *  `reluLast`). Call inside seeded(). */
torch::nn::Sequential mlp(const std::vector<int> &sizes, bool reluLast = false);

std::vector<torch::nn::Linear> linears(const torch::nn::Sequential &net);
DenseLayer exportLayer(const torch::nn::Linear &layer);
MlpWeights exportWeights(const torch::nn::Sequential &net);
/** Copies `w` into `layers`; checks every shape first, so a mismatch (std::invalid_argument
 *  naming `what`) changes nothing. */
void importWeights(const std::vector<torch::nn::Linear> &layers, const MlpWeights &w,
                   const char *what);

/** `data` as rows of `width` floats (a copy); throws when it does not divide. */
torch::Tensor rows(std::span<const float> data, std::int64_t width, const char *what);
std::vector<float> toVector(const torch::Tensor &t);
/** `mask` (rows of `actions` 0/1 bytes) as a bool tensor; throws naming `what` when
 *  it does not divide or a row marks no action feasible. */
torch::Tensor maskRows(std::span<const std::uint8_t> mask, int actions, const char *what);
/** log π(· | s): a softmax of `logits` over the feasible actions only. */
torch::Tensor maskedLogSoftmax(const torch::Tensor &logits, const torch::Tensor &mask);
/** Copies every parameter of `from` into `to` (same architecture). */
void copyParameters(const std::vector<torch::Tensor> &from, const std::vector<torch::Tensor> &to);

} // namespace schedlab::torchmlp
