// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/mlpweights.h"
#include "train/netshape.h"

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace schedlab {

/**
 * Soft actor-critic for discrete actions (Haarnoja et al., DRS ref. 36, in its
 * discrete form by Christodoulou, arXiv:1910.07207), on the DRS state: an actor
 * State_t → 64 → 64 → one logit per node (a softmax over the feasible nodes), two
 * critics State_t → 64 → 64 → Q per node with Polyak-averaged targets, and the
 * temperature α tuned towards a target entropy of 0.98·log(feasible nodes).
 * Adam (3e-4) for each part.
 */
class SacNet : public NetShape
{
public:
    static constexpr std::array<int, 2> kHidden{64, 64};
    static constexpr double kLearningRate = 3e-4;
    static constexpr double kTau = 0.005;         ///< Polyak step of the targets
    static constexpr double kEntropyShare = 0.98; ///< of the uniform policy's entropy

    SacNet(int stateSize, int actions, std::uint64_t seed);
    ~SacNet();
    SacNet(SacNet &&) noexcept;
    SacNet &operator=(SacNet &&) noexcept;

    /** π(· | s) over the feasible actions (mask 1) for one state. */
    std::vector<float> policy(std::span<const float> state,
                              std::span<const std::uint8_t> mask) const;

    struct Batch
    {
        std::span<const float> states, nexts;           ///< rows of stateSize
        std::span<const std::uint8_t> masks, nextMasks; ///< rows of actions
        std::span<const int> actions;
        std::span<const float> rewards;
        std::span<const std::uint8_t> terminal;
        double gamma = 0.5;
    };
    struct Losses
    {
        double actor = 0.0, critic = 0.0, entropy = 0.0, alpha = 0.0;
    };
    /** One step of both critics, the actor and α, then the targets' Polyak step. */
    Losses update(const Batch &batch);

    MlpWeights actor() const;
    MlpWeights critic(int i) const; ///< i = 0, 1
    void setWeights(const MlpWeights &actor, const MlpWeights &critic0, const MlpWeights &critic1);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace schedlab
