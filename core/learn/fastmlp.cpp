// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/fastmlp.h"

#include "state/random.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>
#include <string>

namespace schedlab {

namespace {

constexpr int kBlock = 32; ///< outputs kept in registers at once (4 AVX registers)

/**
 * y = ReLU?(Wᵀx + b) for the nonzero inputs only: `index`/`value` list the inputs
 * that are not 0 (a one-hot service, empty queues, unmanaged nodes, and after the
 * first layer every unit ReLU cut off), so their rows of weights are never read. A
 * decision streams its weights from L2, so the rows skipped are the time saved;
 * a zero input adds exactly nothing, so the result is the dense one up to the order
 * of the additions.
 *
 * The weights are block-major: for each block of kBlock outputs, the rows of every
 * input one after the other (wB[block][input][kBlock]), so one block's weights are
 * one contiguous run the prefetcher follows. The sums of a block stay in registers
 * while the inputs stream by. On x86-64 a copy is built for x86-64-v3 (AVX2 + FMA;
 * AVX-512 was no faster: the weights' stream from L2 is the limit) and picked at
 * load time by feature, so the binary still runs
 * on any x86-64 ("arch=haswell" would be picked only on that CPU model: an AMD
 * EPYC ran the SSE copy, 40% slower).
 */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("arch=x86-64-v3", "default")))
#endif
void dense(const int *__restrict index, const float *__restrict value, int nonzero, int in,
           const float *__restrict wB, int stride, const float *__restrict b,
           float *__restrict y, bool relu)
{
    // Eight floats as one value (an AVX register; two SSE ones in the default copy),
    // spelt out because the compiler does not vectorise the indexed rows by itself.
    typedef float Lane __attribute__((vector_size(32), aligned(4)));
    constexpr int kLanes = kBlock / 8;
    for (int o0 = 0; o0 < stride; o0 += kBlock) {
        const float *__restrict block = wB + std::size_t(o0) * in;
        // Two sets of sums, for even and odd inputs: twice the independent
        // multiply-adds in flight, which hides their latency.
        Lane acc[kLanes], odd[kLanes];
        for (int l = 0; l < kLanes; ++l) {
            acc[l] = *reinterpret_cast<const Lane *>(b + o0 + 8 * l);
            odd[l] = Lane{};
        }
        int k = 0;
        for (; k + 1 < nonzero; k += 2) {
            const Lane *r0 = reinterpret_cast<const Lane *>(block + std::size_t(index[k]) * kBlock);
            const Lane *r1 =
                reinterpret_cast<const Lane *>(block + std::size_t(index[k + 1]) * kBlock);
            const float x0 = value[k], x1 = value[k + 1];
            for (int l = 0; l < kLanes; ++l) {
                acc[l] += x0 * r0[l];
                odd[l] += x1 * r1[l];
            }
        }
        if (k < nonzero) {
            const Lane *r0 = reinterpret_cast<const Lane *>(block + std::size_t(index[k]) * kBlock);
            for (int l = 0; l < kLanes; ++l)
                acc[l] += value[k] * r0[l];
        }
        for (int l = 0; l < kLanes; ++l) {
            const Lane v = acc[l] + odd[l];
            for (int o = 0; o < 8; ++o)
                y[o0 + 8 * l + o] = relu ? std::max(v[o], 0.0f) : v[o];
        }
    }
}

/** sums += delta × the weights of input `row` (block-major, see dense()), in double. */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("arch=x86-64-v3", "default")))
#endif
void addRow(double delta, const float *__restrict wB, int in, int row, int stride,
            double *__restrict sums)
{
    typedef float Floats __attribute__((vector_size(16), aligned(4)));
    typedef double Doubles __attribute__((vector_size(32), aligned(8)));
    for (int o0 = 0; o0 < stride; o0 += kBlock) {
        const float *r = wB + std::size_t(o0) * in + std::size_t(row) * kBlock;
        for (int l = 0; l < kBlock; l += 4) {
            const Doubles w =
                __builtin_convertvector(*reinterpret_cast<const Floats *>(r + l), Doubles);
            *reinterpret_cast<Doubles *>(sums + o0 + l) += delta * w;
        }
    }
}

std::atomic<std::uint64_t> nextNetworkId{1};

/** The nonzero entries of x[0, n) into index/value; returns how many. */
int gather(const float *x, int n, int *index, float *value)
{
    int count = 0;
    for (int i = 0; i < n; ++i) {
        index[count] = i;
        value[count] = x[i];
        count += x[i] != 0.0f;
    }
    return count;
}

} // namespace

FastMlp::FastMlp(const MlpWeights &weights, Head head) : mHead(head), mId(nextNetworkId++)
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
        for (int o = 0; o < l.out; ++o) // block-major, see dense()
            for (int i = 0; i < l.in; ++i)
                t.weightB[(std::size_t(o / kBlock) * l.in + i) * kBlock + o % kBlock] =
                    l.weight[std::size_t(o) * l.in + i];
        widest = std::max(widest, std::size_t(stride));
        mLayers.push_back(std::move(t));
    }
    mInput = mLayers.front().in;
    mOutput = mLayers.back().out;
    mA.resize(std::max(widest, std::size_t(mInput)));
    mB.resize(mA.size());
    mIndex.resize(mA.size());
    mValue.resize(mA.size());
}

bool FastMlp::firstLayerFromMemo(std::span<const float> input, FirstLayerMemo &memo,
                                 float *y) const
{
    const Layer &l = mLayers.front();
    if (memo.network != mId || int(memo.input.size()) != l.in) {
        memo.input.assign(std::size_t(l.in), 0.0f);
        memo.sums.assign(l.bias.begin(), l.bias.end());
        memo.network = mId;
    }
    for (int i = 0; i < l.in; ++i) {
        if (input[i] == memo.input[i])
            continue;
        if (!std::isfinite(input[i])) { // it would stay in the sums for good
            memo.network = 0;
            return false;
        }
        addRow(double(input[i]) - double(memo.input[i]), l.weightB.data(), l.in, i, l.stride,
               memo.sums.data());
        memo.input[i] = input[i];
    }
    const bool last = mLayers.size() == 1;
    for (int o = 0; o < l.stride; ++o) {
        const float v = float(memo.sums[std::size_t(o)]);
        y[o] = last ? v : std::max(v, 0.0f);
    }
    return true;
}

std::span<const float> FastMlp::forward(std::span<const float> input, FirstLayerMemo *memo) const
{
    if (int(input.size()) != mInput)
        throw std::invalid_argument("FastMlp: input of " + std::to_string(input.size()) +
                                    " values, the network takes " + std::to_string(mInput));
    const float *x = input.data();
    float *y = mA.data();
    std::size_t first = 0;
    if (memo && firstLayerFromMemo(input, *memo, y)) {
        x = y;
        y = mB.data();
        first = 1;
    }
    for (std::size_t k = first; k < mLayers.size(); ++k) {
        const auto &l = mLayers[k];
        const bool last = k + 1 == mLayers.size();
        const int nonzero = gather(x, l.in, mIndex.data(), mValue.data());
        dense(mIndex.data(), mValue.data(), nonzero, l.in, l.weightB.data(), l.stride,
              l.bias.data(), y, !last);
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
                                       std::span<const std::uint8_t> mask,
                                       FirstLayerMemo *memo) const
{
    if (int(mask.size()) != mOutput)
        throw std::invalid_argument("FastMlp: resource context F of " +
                                    std::to_string(mask.size()) + " entries for " +
                                    std::to_string(mOutput) + " actions");
    const auto p = forward(input, memo);
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
                    Rng &rng, FirstLayerMemo *memo) const
{
    const auto p = policy(input, mask, memo);
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
