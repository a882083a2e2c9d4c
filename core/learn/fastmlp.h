// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/mlpweights.h"

#include <cstdint>
#include <span>
#include <vector>

namespace schedlab {

class Rng;

/**
 * What a FastMlp's first layer last saw from one caller: the input and the layer's
 * sums before ReLU. An eAP's state changes in a few entries between two of its
 * decisions (the request's service and deadline, the queues of the nodes that
 * started or finished work), so passing the same memo each time makes the first
 * layer, most of a decision's weights, read only the rows of the entries that
 * changed. The sums are kept in double, so that adding the changes one decision
 * after another does not drift from the sums of the input itself. One memo per
 * caller; it starts afresh when used with another network.
 */
struct FirstLayerMemo
{
    std::vector<float> input;
    std::vector<double> sums;
    std::uint64_t network = 0; ///< the FastMlp that filled it; 0: empty
};

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

    /** The network's output for one input of inputSize() values; with a memo, the
     *  first layer starts from the sums of the memo's last input (equal up to rounding). */
    std::span<const float> forward(std::span<const float> input,
                                   FirstLayerMemo *memo = nullptr) const;
    /** Eq. 5: the positive logits times the resource context F (eq. 4), divided by
     *  their L1 norm. Throws std::invalid_argument when F marks nothing valid. */
    std::span<const float> policy(std::span<const float> input,
                                  std::span<const std::uint8_t> mask,
                                  FirstLayerMemo *memo = nullptr) const;
    /** The most probable valid action (lowest index on ties). */
    int choose(std::span<const float> input, std::span<const std::uint8_t> mask) const;
    /** An action drawn from eq. 5's distribution with `rng`; never an invalid one. */
    int choose(std::span<const float> input, std::span<const std::uint8_t> mask, Rng &rng,
               FirstLayerMemo *memo = nullptr) const;

private:
    struct Layer
    {
        int in = 0, out = 0;
        int stride = 0;             ///< out rounded up to the block the kernel computes
        std::vector<float> weightB; ///< stride/32 blocks of in × 32, zero beyond out
        std::vector<float> bias;    ///< stride, zero beyond out
    };
    /** The first layer's output into `y` from the memo's sums, updated by the inputs
     *  that changed; false (and the memo emptied) for an input that is not finite. */
    bool firstLayerFromMemo(std::span<const float> input, FirstLayerMemo &memo, float *y) const;

    std::vector<Layer> mLayers;
    Head mHead = Head::Linear;
    std::uint64_t mId = 0; ///< unique per set of weights, for FirstLayerMemo
    int mInput = 0, mOutput = 0;
    mutable std::vector<float> mA, mB; ///< ping-pong activations
    mutable std::vector<int> mIndex;   ///< a layer's nonzero inputs
    mutable std::vector<float> mValue;
};

} // namespace schedlab
