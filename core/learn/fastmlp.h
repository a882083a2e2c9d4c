// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/mlpweights.h"

#include <cstdint>
#include <span>
#include <vector>

namespace schedlab {

class Rng;

/**
 * A batch-1 forward pass in plain C++ for dispatch decisions (DESIGN 4: libtorch
 * costs 20–60 µs per batch-1 call). Built by copying trained weights; each layer is
 * stored in blocks of 32 outputs (padded with zeros), each block input by input, so
 * the inner loop runs over contiguous outputs and vectorises, and only the rows of
 * inputs that are not zero are read. ReLU after every hidden layer; the head is
 * linear (critic) or ReLU(x) + 1 (actor, KaiS eq. 5). Holds scratch buffers: one instance
 * per thread.
 */
class FastMlp
{
public:
    enum class Head { Linear, ReluPlusOne };

    FastMlp() = default;
    FastMlp(const MlpWeights &weights, Head head);

    int inputSize() const { return mInput; }
    int outputSize() const { return mOutput; }

    /** The network's output for one input of inputSize() values. */
    std::span<const float> forward(std::span<const float> input) const;
    /** Eq. 5: the positive logits times the resource context F (eq. 4), divided by
     *  their L1 norm. Throws std::invalid_argument when F marks nothing valid. */
    std::span<const float> policy(std::span<const float> input,
                                  std::span<const std::uint8_t> mask) const;
    /** The most probable valid action (lowest index on ties). */
    int choose(std::span<const float> input, std::span<const std::uint8_t> mask) const;
    /** An action drawn from eq. 5's distribution with `rng`; never an invalid one. */
    int choose(std::span<const float> input, std::span<const std::uint8_t> mask, Rng &rng) const;

private:
    struct Layer
    {
        int in = 0, out = 0;
        int stride = 0;             ///< out rounded up to the block the kernel computes
        std::vector<float> weightB; ///< stride/32 blocks of in × 32, zero beyond out
        std::vector<float> bias;    ///< stride, zero beyond out
    };
    std::vector<Layer> mLayers;
    Head mHead = Head::Linear;
    int mInput = 0, mOutput = 0;
    mutable std::vector<float> mA, mB; ///< ping-pong activations
    mutable std::vector<int> mIndex;   ///< a layer's nonzero inputs
    mutable std::vector<float> mValue;
};

} // namespace schedlab
