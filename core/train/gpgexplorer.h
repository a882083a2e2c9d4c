// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/gpgforward.h"
#include "learn/gpglayout.h"
#include "learn/gpgstate.h"
#include "policy/orchestrationpolicy.h"
#include "state/random.h"
#include "train/gpgnetwork.h"

#include <cstdint>
#include <map>
#include <vector>

namespace schedlab {

/** One site's decisions in an episode and the reward ũ_τ each earned. */
struct GpgTrajectory
{
    std::vector<int> groupOf; ///< the site's graph (GpgSiteGraph)
    int groups = 0;
    std::vector<GpgSample> samples;
    std::vector<double> rewards; ///< ũ_τ of samples[τ], once known
};

/**
 * GPG acting in one training episode (KaiS Algorithm 1, lines 3–6): every frame and
 * edge site it stores the reward ũ_{τ−1} of its previous decision there, embeds the
 * site (eq. 10), draws H nodes from eq. 11 without replacement and a scaling action
 * for each from θ_q, executes them (invalid ones become l = 0) and records
 * (s̃_τ, ã_τ). It acts with its own copy of the networks' forward pass, so explorers
 * of parallel episodes share nothing; GpgLearner learns from what they recorded.
 * Exploration draws from the stream "gpg.explore" of the episode's seed.
 */
class GpgExplorer final : public OrchestrationPolicy
{
public:
    GpgExplorer(GpgLayout layout, int nodesPerFrame, double queueScale)
        : mLayout(layout), mNodesPerFrame(nodesPerFrame), mQueueScale(queueScale)
    {
    }

    /** Clears the episode's records, reseeds exploration and acts with `forward`. */
    void beginEpisode(std::uint64_t seed, const GpgForward &forward);
    void reset(const SimState &state) override;
    void onFrame(OrchestrationContext &ctx) override;
    /** Stores every site's last reward from the final state and hands over the
     *  episode's trajectories, by site. */
    std::map<int, GpgTrajectory> finish(const SimState &state);
    /** Decisions recorded in this episode so far. */
    int decisions() const;
    /** Scaling actions that took effect in this episode. */
    int applied() const { return mApplied; }
    /** ũ = e^{−Σ_n |Q_{n,τ}| / κ} for `graph`'s site in `state` (GpgLearner). */
    double reward(const SimState &state, const GpgSiteGraph &graph) const;

private:
    GpgLayout mLayout;
    int mNodesPerFrame;
    double mQueueScale;
    GpgForward mForward;
    Rng mRng;
    std::map<int, GpgSiteGraph> mGraphs;   ///< by site
    std::map<int, GpgTrajectory> mEpisode; ///< by site
    std::vector<float> mStates;
    int mApplied = 0;
};

} // namespace schedlab
