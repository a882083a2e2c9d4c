// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/gpgforward.h"

#include "learn/gpgmodel.h"
#include "learn/learnedmodel.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace schedlab {

namespace {
FastMlp load(const LearnedModel &model, const GpgLayout &layout, const std::string &origin,
             const char *name)
{
    return FastMlp(requireShape(model, origin, name, GpgNets::shape(name, layout),
                                std::string("network ") + name),
                   FastMlp::Head::Linear);
}

void add(std::span<float> to, std::span<const float> v)
{
    for (std::size_t i = 0; i < to.size(); ++i)
        to[i] += v[i];
}
} // namespace

std::vector<double> softmax(std::span<const float> values)
{
    std::vector<double> p(values.size());
    if (values.empty())
        return p;
    const double top = *std::max_element(values.begin(), values.end());
    double sum = 0.0;
    for (std::size_t i = 0; i < values.size(); ++i)
        sum += p[i] = std::exp(double(values[i]) - top);
    for (double &v : p)
        v /= sum;
    return p;
}

GpgForward::GpgForward(const LearnedModel &model, const GpgLayout &layout,
                       const std::string &origin)
    : mLayout(layout), mValueNet(load(model, layout, origin, GpgNets::kG)),
      mScalingNet(load(model, layout, origin, GpgNets::kQ)),
      mPolicyInput(std::size_t(layout.policyInput()))
{
    if (layout.stacked > 0)
        return;
    mF1 = load(model, layout, origin, GpgNets::kF1);
    mH1 = load(model, layout, origin, GpgNets::kH1);
    mF2 = load(model, layout, origin, GpgNets::kF2);
    mH2 = load(model, layout, origin, GpgNets::kH2);
    mF3 = load(model, layout, origin, GpgNets::kF3);
    mH3 = load(model, layout, origin, GpgNets::kH3);
}

void GpgForward::embed(std::span<const float> states, std::span<const int> groupOf, int groups)
{
    const int e = mLayout.embedding();
    const int n = int(groupOf.size());
    if (states.size() != std::size_t(n) * e)
        throw std::invalid_argument("gpg: " + std::to_string(states.size()) +
                                    " state values are not " + std::to_string(n) + " nodes of " +
                                    std::to_string(e));
    for (int g : groupOf)
        if (g < 0 || g >= groups)
            throw std::invalid_argument("gpg: eAP group " + std::to_string(g) + " out of range");
    mGroupOf.assign(groupOf.begin(), groupOf.end());
    if (mLayout.stacked > 0) {
        if (n != mLayout.stacked)
            throw std::invalid_argument("gpg: the model stacks the states of " +
                                        std::to_string(mLayout.stacked) + " nodes, the site has " +
                                        std::to_string(n));
        mX.assign(states.begin(), states.end()); // x_n is s̃_n; no y_b, no z
        mY.clear();
        mZ.clear();
        computeValues();
        return;
    }

    // Eq. 10, level 1: messages of what each node carries, summed per group.
    std::vector<float> message(std::size_t(n) * e), sum(std::size_t(groups) * e, 0.0f);
    for (int j = 0; j < n; ++j) {
        const auto m = mF1.forward(states.subspan(std::size_t(j) * e, e));
        std::copy(m.begin(), m.end(), message.begin() + std::size_t(j) * e);
        add({sum.data() + std::size_t(groupOf[j]) * e, std::size_t(e)}, m);
    }
    mX.assign(std::size_t(n) * e, 0.0f);
    std::vector<float> neighbours(e);
    for (int j = 0; j < n; ++j) {
        float *s = sum.data() + std::size_t(groupOf[j]) * e;
        const float *own = message.data() + std::size_t(j) * e;
        for (int i = 0; i < e; ++i)
            neighbours[i] = s[i] - own[i];
        const auto h = mH1.forward(neighbours);
        float *x = mX.data() + std::size_t(j) * e;
        for (int i = 0; i < e; ++i)
            x[i] = h[i] + states[std::size_t(j) * e + i];
        const auto m = mF1.forward({x, std::size_t(e)});
        for (int i = 0; i < e; ++i)
            s[i] = s[i] - own[i] + m[i]; // the node now carries x_n
    }
    // Level 2: one summary per eAP over its nodes.
    std::vector<float> groupSum(std::size_t(groups) * e, 0.0f);
    for (int j = 0; j < n; ++j)
        add({groupSum.data() + std::size_t(groupOf[j]) * e, std::size_t(e)}, mF2.forward(x(j)));
    mY.assign(std::size_t(groups) * e, 0.0f);
    for (int b = 0; b < groups; ++b) {
        const auto h = mH2.forward({groupSum.data() + std::size_t(b) * e, std::size_t(e)});
        std::copy(h.begin(), h.end(), mY.begin() + std::size_t(b) * e);
    }
    // Level 3: the cluster summary over the eAP summaries.
    std::vector<float> clusterSum(e, 0.0f);
    for (int b = 0; b < groups; ++b)
        add(clusterSum, mF3.forward(y(b)));
    const auto h = mH3.forward(clusterSum);
    mZ.assign(h.begin(), h.end());
    computeValues();
}

void GpgForward::computeValues()
{
    mValues.resize(mGroupOf.size());
    for (int j = 0; j < nodeCount(); ++j) {
        policyInput(j);
        mValues[j] = mValueNet.forward(mPolicyInput)[0];
    }
}

std::span<const float> GpgForward::x(int node) const
{
    const std::size_t e = std::size_t(mLayout.embedding());
    return {mX.data() + std::size_t(node) * e, e};
}

std::span<const float> GpgForward::y(int group) const
{
    const std::size_t e = mY.empty() ? 0 : std::size_t(mLayout.embedding());
    return {mY.data() + std::size_t(group) * e, e};
}

std::vector<double> GpgForward::nodeProbabilities() const
{
    return softmax(mValues);
}

std::vector<float> GpgForward::scalingValues(int node) const
{
    if (node < 0 || node >= nodeCount())
        throw std::out_of_range("gpg: no graph node " + std::to_string(node));
    policyInput(node);
    const auto q = mScalingNet.forward(mPolicyInput);
    return {q.begin(), q.end()};
}

void GpgForward::policyInput(int node) const
{
    const auto xs = x(node);
    auto out = mPolicyInput.begin();
    if (mLayout.stacked > 0) { // [s̃_n, s̃ of every node]
        out = std::copy(xs.begin(), xs.end(), out);
        std::copy(mX.begin(), mX.end(), out);
        return;
    }
    const auto ys = y(mGroupOf[node]);
    out = std::copy(xs.begin(), xs.end(), out);
    out = std::copy(ys.begin(), ys.end(), out);
    std::copy(mZ.begin(), mZ.end(), out);
}

} // namespace schedlab
