// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/mlpweights.h"
#include "train/criticrows.h"
#include "train/netshape.h"

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace schedlab {

/**
 * The cMMAC actor θ_p (KaiS Sec. III-A-2, sizes of Sec. IV-C): local state →
 * 256 → 128 → 32 (ReLU) → one logit per action, activated by ReLU(x) + 1 so every
 * logit is positive; eq. 5 multiplies them by the resource context F (eq. 4) and
 * normalises by the L1 norm. Action 0 is the cloud, j ≥ 1 the pool's nodes
 * (LocalStateLayout). Trained with Adam, learning rate 5e-4. Torch lives behind
 * the pimpl: including this header costs nothing.
 */
class ActorNet : public NetShape
{
public:
    static constexpr std::array<int, 3> kHidden{256, 128, 32};
    static constexpr double kLearningRate = 5e-4;

    /** Same seed, same sizes: the same initial weights (torch::manual_seed). */
    ActorNet(int stateSize, int actions, std::uint64_t seed);
    ~ActorNet();
    ActorNet(ActorNet &&) noexcept;
    ActorNet &operator=(ActorNet &&) noexcept;

    /** p(s) of eq. 5: ReLU(x) + 1 per action, before the mask. */
    std::vector<float> logits(std::span<const float> state) const;
    /** π_θp(· | s) of eq. 5 for one state and its resource context F (1 = valid);
     *  throws std::invalid_argument when F marks no action valid. */
    std::vector<float> policy(std::span<const float> state,
                              std::span<const std::uint8_t> mask) const;
    /**
     * One Adam step of the policy gradient of eq. 6 over a batch of `actions.size()`
     * rows: loss = −mean(log π(a | s) · A). States and masks are row-major
     * (batch × stateSize, batch × actions). The gradient is computed on up to
     * `threads` threads (torchmlp::shardedStep). Returns the loss before the step.
     */
    double policyGradientStep(std::span<const float> states, std::span<const std::uint8_t> masks,
                              std::span<const int> actions, std::span<const float> advantages,
                              int threads = 1);

    MlpWeights weights() const;
    /** Replaces every parameter; throws std::invalid_argument (and changes nothing)
     *  when the shapes differ from this network's. */
    void setWeights(const MlpWeights &weights);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/**
 * The centralised cMMAC critic θ_v (KaiS Sec. III-A-2, sizes of Sec. IV-C): global
 * state → 256 → 128 → 64 → 32 (ReLU) → V(s). Trained on the squared Bellman error
 * of eq. 2 against targets V* of eq. 3, Adam 5e-4.
 */
class CriticNet
{
public:
    static constexpr std::array<int, 4> kHidden{256, 128, 64, 32};
    static constexpr double kLearningRate = 5e-4;

    CriticNet(int stateSize, std::uint64_t seed);
    ~CriticNet();
    CriticNet(CriticNet &&) noexcept;
    CriticNet &operator=(CriticNet &&) noexcept;

    int stateSize() const;
    float value(std::span<const float> state) const;
    /** One Adam step on mean((V(s) − V*)²) (eq. 2) over a batch of `targets.size()`
     *  rows; returns the loss before the step. */
    double regressionStep(std::span<const float> states, std::span<const float> targets);
    /** The same step over `batch`, whose rows share their slots' states: the first
     *  layer reads each slot's state once and each row's block apart, the same sum
     *  W·ŝ as a full row's, in a fraction of the time when blocks are small. */
    double regressionStep(const CriticRows &batch);

    MlpWeights weights() const;
    void setWeights(const MlpWeights &weights);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace schedlab
