// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/fastmlp.h"
#include "learn/gpglayout.h"

#include <span>
#include <string>
#include <vector>

namespace schedlab {

struct LearnedModel;

/**
 * GPG's forward pass in plain C++ (KaiS Sec. III-B), on FastMlp: the three-level
 * embedding of eq. 10, θ_g's node values and eq. 11's softmax, θ_q's scaling
 * values. Used by the `gpg` policy at run time and by GpgLearner to act; GpgNetwork
 * computes the same in torch for training (equal within 1e-5).
 *
 * Eq. 10 per eAP group, in graph order: before it is embedded a node carries s̃_n,
 * afterwards only x_n ("once an edge node has accomplished embedding, it provides
 * only the embedding results"), so x_n = h_1[Σ_{n' ≠ n in its group} f_1(carried_{n'})]
 * + s̃_n. Then y_b = h_2[Σ_{n ∈ N_b} f_2(x_n)] and z = h_3[Σ_b f_3(y_b)]: the summary
 * nodes carry no state of their own, so their "+ s̃" term is zero.
 *
 * With state stacking (GpgLayout::stacked, KaiS Fig. 13b) there is no GNN: x_n is
 * s̃_n, y and z are empty, and θ_g and θ_q read [s̃_n, s̃ of every node of the site].
 */
class GpgForward
{
public:
    GpgForward() = default;
    /** The networks of `model` (GpgNets::names()); throws CheckpointError naming
     *  `origin` when one is missing or shaped for another W. */
    GpgForward(const LearnedModel &model, const GpgLayout &layout, const std::string &origin);

    const GpgLayout &layout() const { return mLayout; }

    /** Embeds one site: `states` holds s̃ of `groupOf.size()` nodes row-major,
     *  `groupOf` each node's eAP group in [0, groups). Then computes every g_n. */
    void embed(std::span<const float> states, std::span<const int> groupOf, int groups);

    int nodeCount() const { return int(mGroupOf.size()); }
    std::span<const float> x(int node) const;
    std::span<const float> y(int group) const;
    std::span<const float> z() const { return mZ; }
    /** g_{n,b,τ} per node, after embed(). */
    const std::vector<float> &nodeValues() const { return mValues; }
    /** Eq. 11: σ_n = e^{g_n} / Σ e^{g_n'} over the site's nodes. */
    std::vector<double> nodeProbabilities() const;
    /** q_{h,l,τ} for node `node`, index W + l (GpgLayout). */
    std::vector<float> scalingValues(int node) const;

private:
    /** g_n of every node from the embeddings. */
    void computeValues();
    /** [x_n, y_b, z] (state stacking: [s̃_n, s̃ of every node]) into mPolicyInput. */
    void policyInput(int node) const;

    GpgLayout mLayout;
    FastMlp mF1, mH1, mF2, mH2, mF3, mH3, mValueNet, mScalingNet;
    std::vector<int> mGroupOf;
    std::vector<float> mX, mY, mZ;
    std::vector<float> mValues; ///< g_n per node
    mutable std::vector<float> mPolicyInput;
};

/** Softmax of `values` in double, shifted by the maximum. */
std::vector<double> softmax(std::span<const float> values);

} // namespace schedlab
