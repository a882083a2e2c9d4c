// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/fastmlp.h"

#include "sim/random.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace schedlab {

namespace {

constexpr int kBlock = 32; ///< outputs kept in registers at once (4 AVX registers)

/**
 * y = ReLU?(Wᵀx + b) with Wᵀ in × stride (stride: out rounded up to kBlock, padded
 * with zeros). For each block of kBlock outputs the sums stay in registers while x
 * streams by, so each multiply-add loads one weight and nothing else. On x86-64 a
 * second copy is built for x86-64-v3 (AVX2 + FMA) and picked at load time by
 * feature, so the binary still runs on any x86-64. ("arch=haswell" would be picked
 * only on that CPU model: an AMD EPYC ran the SSE copy, 40% slower.)
 */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("arch=x86-64-v3", "default")))
#endif
void dense(const float *__restrict x, int in, const float *__restrict wT, int stride,
           const float *__restrict b, float *__restrict y, bool relu)
{
    for (int o0 = 0; o0 < stride; o0 += kBlock) {
        // Two sets of sums, for even and odd inputs: twice the independent
        // multiply-adds in flight, which hides their latency.
        float acc[kBlock], odd[kBlock];
        for (int o = 0; o < kBlock; ++o) {
            acc[o] = b[o0 + o];
            odd[o] = 0.0f;
        }
        const float *__restrict row = wT + o0;
        int i = 0;
        for (; i + 1 < in; i += 2, row += 2 * std::size_t(stride)) {
            const float x0 = x[i], x1 = x[i + 1];
            for (int o = 0; o < kBlock; ++o) {
                acc[o] += x0 * row[o];
                odd[o] += x1 * row[stride + o];
            }
        }
        if (i < in)
            for (int o = 0; o < kBlock; ++o)
                acc[o] += x[i] * row[o];
        for (int o = 0; o < kBlock; ++o) {
            const float v = acc[o] + odd[o];
            y[o0 + o] = relu ? std::max(v, 0.0f) : v;
        }
    }
}

} // namespace

FastMlp::FastMlp(const MlpWeights &weights, Head head) : mHead(head)
{
    if (weights.layers.empty())
        throw std::invalid_argument("FastMlp: no layers");
    std::size_t widest = 0;
    for (std::size_t k = 0; k < weights.layers.size(); ++k) {
        const auto &l = weights.layers[k];
        if (l.in <= 0 || l.out <= 0 || l.weight.size() != std::size_t(l.in) * l.out ||
            l.bias.size() != std::size_t(l.out) || (k > 0 && l.in != weights.layers[k - 1].out))
            throw std::invalid_argument("FastMlp: layer " + std::to_string(k) +
                                        " has inconsistent shapes");
        const int stride = (l.out + kBlock - 1) / kBlock * kBlock;
        Layer t{l.in, l.out, stride, std::vector<float>(std::size_t(l.in) * stride, 0.0f),
                std::vector<float>(stride, 0.0f)};
        std::copy(l.bias.begin(), l.bias.end(), t.bias.begin());
        for (int o = 0; o < l.out; ++o)
            for (int i = 0; i < l.in; ++i)
                t.weightT[std::size_t(i) * stride + o] = l.weight[std::size_t(o) * l.in + i];
        widest = std::max(widest, std::size_t(stride));
        mLayers.push_back(std::move(t));
    }
    mInput = mLayers.front().in;
    mOutput = mLayers.back().out;
    mA.resize(std::max(widest, std::size_t(mInput)));
    mB.resize(mA.size());
}

std::span<const float> FastMlp::forward(std::span<const float> input) const
{
    if (int(input.size()) != mInput)
        throw std::invalid_argument("FastMlp: input of " + std::to_string(input.size()) +
                                    " values, the network takes " + std::to_string(mInput));
    const float *x = input.data();
    float *y = mA.data();
    for (std::size_t k = 0; k < mLayers.size(); ++k) {
        const auto &l = mLayers[k];
        const bool last = k + 1 == mLayers.size();
        dense(x, l.in, l.weightT.data(), l.stride, l.bias.data(), y, !last);
        x = y;
        y = (y == mA.data()) ? mB.data() : mA.data();
    }
    float *out = const_cast<float *>(x);
    if (mHead == Head::ReluPlusOne) // KaiS IV-C: positive logits for the masking of eq. 5
        for (int o = 0; o < mOutput; ++o)
            out[o] = std::max(out[o], 0.0f) + 1.0f;
    return {out, std::size_t(mOutput)};
}

std::span<const float> FastMlp::policy(std::span<const float> input,
                                       std::span<const std::uint8_t> mask) const
{
    if (int(mask.size()) != mOutput)
        throw std::invalid_argument("FastMlp: resource context F of " +
                                    std::to_string(mask.size()) + " entries for " +
                                    std::to_string(mOutput) + " actions");
    const auto p = forward(input);
    float *out = const_cast<float *>(p.data());
    float norm = 0.0f;
    for (int o = 0; o < mOutput; ++o) {
        out[o] = mask[o] ? out[o] : 0.0f; // p̄ = p * F
        norm += out[o];
    }
    if (!(norm > 0.0f))
        throw std::invalid_argument("FastMlp: resource context F marks no action valid");
    for (int o = 0; o < mOutput; ++o)
        out[o] /= norm; // eq. 5
    return p;
}

int FastMlp::choose(std::span<const float> input, std::span<const std::uint8_t> mask) const
{
    const auto p = policy(input, mask);
    int best = -1;
    for (int o = 0; o < mOutput; ++o)
        if (mask[o] && (best < 0 || p[o] > p[best]))
            best = o;
    return best;
}

int FastMlp::choose(std::span<const float> input, std::span<const std::uint8_t> mask,
                    Rng &rng) const
{
    const auto p = policy(input, mask);
    const double u = rng.uniform();
    double cum = 0.0;
    int last = -1;
    for (int o = 0; o < mOutput; ++o) {
        if (!mask[o])
            continue;
        last = o;
        cum += p[o];
        if (u < cum)
            return o;
    }
    return last; // u fell in the rounding gap above the last valid cumulative sum
}

} // namespace schedlab
