// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/gpglayout.h"
#include "learn/mlpweights.h"

#include <array>
#include <string>
#include <vector>

namespace schedlab {

struct LearnedModel;

/**
 * How a gpg model names and shapes its networks (KaiS Sec. III-B, sizes of Sec.
 * IV-C). The GNN of eq. 10: "gpg.f1", "gpg.h1" (edge nodes), "gpg.f2", "gpg.h2"
 * (eAP summaries), "gpg.f3", "gpg.h3" (the cluster summary), each E → 64 → 32 → E
 * with E = GpgLayout::embedding(). The policy networks: θ_g "gpg.g", [x_n, y_b, z]
 * (3E) → 128 → 64 → 32 → 1, the value g_{n,b,τ} of eq. 11; θ_q "gpg.q", [x_h, y_b, z]
 * → 128 → 64 → 32 → 2W + 1, one value q_{h,l,τ} per scaling action l (one pass
 * instead of one per l). ReLU between layers, linear outputs.
 */
struct GpgNets
{
    static constexpr std::array<int, 2> kGnnHidden{64, 32};
    static constexpr std::array<int, 3> kPolicyHidden{128, 64, 32};
    static constexpr double kLearningRate = 1e-3;

    static constexpr const char *kF1 = "gpg.f1", *kH1 = "gpg.h1";
    static constexpr const char *kF2 = "gpg.f2", *kH2 = "gpg.h2";
    static constexpr const char *kF3 = "gpg.f3", *kH3 = "gpg.h3";
    static constexpr const char *kG = "gpg.g", *kQ = "gpg.q";

    /** Every network, in the order above; with state stacking only θ_g and θ_q. */
    static const std::vector<std::string> &names(bool stacked = false);
    /** Layer widths of network `name`, input first; throws std::invalid_argument
     *  for a name that is not one of names(). */
    static std::vector<int> sizes(const std::string &name, const GpgLayout &layout);
    /** The shapes of `sizes` as MlpWeights without values (for requireShape). */
    static MlpWeights shape(const std::string &name, const GpgLayout &layout);
    /** The number of services W a gpg model was trained for (from θ_q's outputs);
     *  0 when it has no θ_q. */
    static int servicesOf(const LearnedModel &model);
};

/** LearnedModel::info key: H, the high-value edge nodes chosen per frame. */
inline constexpr const char *kGpgNodesPerFrameKey = "nodesPerFrame";
/** LearnedModel::info keys of a state-stacking model: "stacking", and its node count. */
inline constexpr const char *kGpgEncoderKey = "encoder";
inline constexpr const char *kGpgStackedNodesKey = "stackedNodes";

/** The layout a gpg model was trained with, for W services (its encoder from info). */
GpgLayout gpgLayoutOf(const LearnedModel &model, int services);

} // namespace schedlab
