// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace schedlab {

/** One fully connected layer y = W x + b, as torch stores it: W is out × in, row-major. */
struct DenseLayer
{
    int in = 0;
    int out = 0;
    std::vector<float> weight; ///< out * in
    std::vector<float> bias;   ///< out

    bool operator==(const DenseLayer &) const = default;
};

/** The weights of a multilayer perceptron, input layer first; plain data, no torch. */
struct MlpWeights
{
    std::vector<DenseLayer> layers;

    int inputSize() const { return layers.empty() ? 0 : layers.front().in; }
    int outputSize() const { return layers.empty() ? 0 : layers.back().out; }
    bool operator==(const MlpWeights &) const = default;
};

} // namespace schedlab
