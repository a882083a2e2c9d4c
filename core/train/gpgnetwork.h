// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/gpglayout.h"
#include "learn/learnedmodel.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace schedlab {

/** One recorded GPG decision (s̃_τ, ã_τ) with its eq. 12 weight Σ_{τ'≥τ} ũ_{τ'} − μ_τ. */
struct GpgSample
{
    std::vector<float> states; ///< s̃ of the site's nodes, row-major (GpgSiteGraph::write)
    std::vector<int> nodes;    ///< ã•: graph nodes in the order chosen
    std::vector<int> scaling;  ///< ã⋆: θ_q's action per chosen node, index W + l
    float advantage = 0.0f;
};

/** Decisions of one site: one graph, so they are computed as one batch. */
struct GpgBatch
{
    std::vector<int> groupOf; ///< per graph node: its eAP group
    int groups = 0;
    std::vector<GpgSample> samples; ///< all with the same number of chosen nodes
};

/**
 * The GPG networks in torch (KaiS Sec. III-B, sizes and learning rate of Sec. IV-C;
 * names, shapes and the embedding in GpgNets and GpgForward): {f_i, h_i}_{i=1,2,3},
 * θ_g and θ_q, one Adam optimiser over all of them (θ* of eq. 12). Single-threaded
 * and seeded: the same seed and samples give the same weights. Torch stays behind
 * the pimpl.
 */
class GpgNetwork
{
public:
    GpgNetwork(const GpgLayout &layout, std::uint64_t seed);
    ~GpgNetwork();
    GpgNetwork(GpgNetwork &&) noexcept;
    GpgNetwork &operator=(GpgNetwork &&) noexcept;

    const GpgLayout &layout() const;

    /** g_n for every node of one site (torch's forward, for comparisons). */
    std::vector<float> nodeValues(std::span<const float> states, std::span<const int> groupOf,
                                  int groups) const;
    /** q_{n,l} for every node, row-major nodes × (2W + 1). */
    std::vector<float> scalingValues(std::span<const float> states, std::span<const int> groupOf,
                                     int groups) const;

    struct StepResult
    {
        double loss = 0.0;    ///< before the step
        double entropy = 0.0; ///< mean over samples of H(σ) + mean_h H(softmax q_h), nats
    };
    /**
     * One Adam step of eq. 12 over every sample of every batch: loss =
     * −Σ log π(ã_τ | s̃_τ) · advantage / samples, where π(ã_τ) is the probability of
     * drawing the nodes in order without replacement (eq. 11, renormalised after
     * each draw) times each node's scaling probability. Returns the loss before the
     * step; throws std::invalid_argument for malformed samples.
     */
    StepResult policyGradientStep(std::span<const GpgBatch> batches);

    /** The networks by GpgNets name, for a LearnedModel. */
    std::map<std::string, MlpWeights> weights() const;
    /** Replaces every network from `model`; throws CheckpointError naming `origin`
     *  (and changes nothing) when one is missing or shaped otherwise. */
    void setWeights(const LearnedModel &model, const std::string &origin);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace schedlab
