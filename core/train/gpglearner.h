// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/gpgforward.h"
#include "learn/gpgmodel.h"
#include "learn/gpgstate.h"
#include "learn/learnedmodel.h"
#include "model/scenario.h"
#include "policy/orchestrationpolicy.h"
#include "train/gpgexplorer.h"
#include "train/gpgnetwork.h"

#include <cstdint>
#include <map>
#include <vector>

namespace schedlab {

/** What one GPG training episode did (GpgLearner::endEpisode). */
struct GpgEpisode
{
    int decisions = 0;       ///< frames × edge sites decided
    int applied = 0;         ///< scaling actions that took effect (invalid ones became l = 0)
    double meanReward = 0.0; ///< mean ũ_τ per decision
    double loss = 0.0;       ///< eq. 12's loss before the update
    double entropy = 0.0;    ///< mean policy entropy, nats (GpgNetwork::StepResult)
};

/**
 * GPG while it learns (KaiS Algorithm 1, lines 3–7, and eq. 12): an
 * OrchestrationPolicy that acts in a training episode (through its own
 * GpgExplorer, which see) and updates θ* when the episode ends. The sites share
 * one set of networks; each is its own trajectory. Episodes that run in parallel
 * act through explorers of their own (explorer(), beginEpisode and endEpisode
 * taking one), and the learner learns from them one after another.
 *
 * Reward. The paper's ũ_τ = e^{−Σ_n |Q_{n,τ}|} is 0 in float (and below 1e-13
 * in double) once a few tens of requests queue, so every return would be the same
 * 0 and eq. 12 would learn nothing. GpgLearner uses ũ_τ = e^{−Σ_n |Q_{n,τ}| / κ}
 * with κ the site's edge node count by default (e^{−mean queue per node}):
 * a monotone transform of the paper's (κ = 1 gives it exactly), equal to 1 for
 * empty queues, that still tells 20 queued requests from 40. |Q_{n,τ}| is the
 * node's queue Q'_n (requests waiting, not in service) when the next frame
 * begins, or when the episode ends for the last decision.
 *
 * Eq. 12 at endEpisode: returns G_τ = Σ_{τ'≥τ} ũ_{τ'} per site; the baseline μ_τ
 * is "the cumulative reward from frame τ onwards, averaged over all training
 * episodes": the mean G over all episodes so far, this one included, per site and
 * number of frames from τ to the episode's end (episodes of a curriculum differ in
 * length, and G_τ sums the frames left: averaged per frame index instead, the first
 * frames of a long episode would be compared with short episodes' whole returns);
 * one Adam step on −Σ_τ log π(ã_τ | s̃_τ)(G_τ − μ_τ) / decisions. The first
 * episode's advantages are therefore 0.
 *
 * To combine GPG with another learner in one loop (Algorithm 1: cMMAC every slot,
 * GPG every frame), make the GpgLearner the episode's orchestration plane:
 *
 *     GpgLearner gpg(int(scenario.services.size()), {});
 *     for (int k = 0; k < episodes; ++k) {
 *         gpg.beginEpisode(seed + k);
 *         RunOptions run;
 *         run.seed = seed + k;
 *         run.policies = scenario.policies;     // dispatch: the other learner's
 *         PolicySet given;
 *         given.orchestration = PolicySlot<OrchestrationPolicy>::lent(gpg); // not owned
 *         Engine engine(scenario, buildPolicySet(run, std::move(given)), run.config());
 *                                               // calls gpg.reset()
 *         while (engine.stepSlot()) { ... }     // gpg.onFrame() runs at each frame end
 *         engine.finish();
 *         const GpgEpisode e = gpg.endEpisode(engine.state());
 *     }
 *     LearnedModel both = otherModel;           // "gpg.*" names clash with no other agent's
 *     for (auto &[name, net] : gpg.model().nets) both.nets[name] = net;
 *
 * Deterministic: exploration draws from the stream "gpg.explore" of the seed given
 * to beginEpisode. Not thread-safe; explorers of their own are.
 */
class GpgLearner final : public OrchestrationPolicy
{
public:
    struct Options
    {
        int nodesPerFrame = KaisParameters{}.nodesPerFrame; ///< H
        int stackedNodes = 0;    ///< state stacking over this many nodes (KaiS Fig. 13b); 0: GNN
        double queueScale = 0.0; ///< κ of the reward; 0: the site's edge node count
        /** μ_τ averaged per frames left to the episode's end (KaisParameters::gpgBaseline
         *  "remaining"), else per frame index. */
        bool baselineByRemaining = true;
        std::uint64_t seed = 1; ///< initial weights

        /** H and the encoder of `scenario`'s `policies.kais`; throws
         *  std::invalid_argument when state stacking cannot apply to it. */
        static Options of(const Scenario &scenario, std::uint64_t seed);
    };

    /** `initial` set: training continues from its weights (CheckpointError when they
     *  do not fit W services). */
    GpgLearner(int services, const Options &options, const LearnedModel *initial = nullptr);

    const GpgLayout &layout() const { return mLayout; }
    /** Clears the episode's records and reseeds exploration. */
    void beginEpisode(std::uint64_t seed) { beginEpisode(mExplorer, seed); }
    void reset(const SimState &state) override { mExplorer.reset(state); }
    void onFrame(OrchestrationContext &ctx) override { mExplorer.onFrame(ctx); }
    /** Stores the last rewards from the final state, then the eq. 12 update. */
    GpgEpisode endEpisode(const SimState &state) { return endEpisode(mExplorer, state); }
    /** Decisions recorded in this episode so far. */
    int decisions() const { return mExplorer.decisions(); }
    /** ũ for `graph`'s site in `state`. */
    double reward(const SimState &state, const GpgSiteGraph &graph) const
    {
        return mExplorer.reward(state, graph);
    }

    /** An explorer for an episode of its own, acting as this learner would. */
    GpgExplorer explorer() const;
    /** Starts `explorer`'s episode with the networks as they are now. */
    void beginEpisode(GpgExplorer &explorer, std::uint64_t seed) const;
    /** The eq. 12 update from the episode `explorer` ran, which ended in `state`. */
    GpgEpisode endEpisode(GpgExplorer &explorer, const SimState &state);

    /** The networks now, agent "gpg", with H in info. */
    LearnedModel model() const;

private:
    struct Baseline
    {
        std::vector<double> sum; ///< per frames left (or frame index): Σ over episodes of G_τ
        std::vector<int> count;
    };

    void refreshForward();

    GpgLayout mLayout;
    Options mOptions;
    GpgNetwork mNetwork;
    GpgForward mForward;
    GpgExplorer mExplorer;              ///< the learner's own, as an OrchestrationPolicy
    std::map<int, Baseline> mBaselines; ///< by site, over episodes
};

} // namespace schedlab
