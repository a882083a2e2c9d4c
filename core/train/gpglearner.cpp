// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/gpglearner.h"

#include "state/simstate.h"
#include "state/topology.h"

#include <stdexcept>
#include <string>

namespace schedlab {

GpgLearner::GpgLearner(int services, const Options &options, const LearnedModel *initial)
    : mLayout{services, options.stackedNodes}, mOptions(options), mNetwork(mLayout, options.seed),
      mExplorer(explorer())
{
    if (options.nodesPerFrame < 1)
        throw std::invalid_argument("gpg: H (nodes per frame) must be at least 1");
    if (initial)
        mNetwork.setWeights(*initial, "the initial gpg model");
    refreshForward();
}

GpgLearner::Options GpgLearner::Options::of(const Scenario &scenario, std::uint64_t seed)
{
    Options o;
    o.nodesPerFrame = scenario.policies.kais.nodesPerFrame;
    o.stackedNodes = gpgStackedNodes(scenario, Topology::build(scenario));
    o.seed = seed;
    o.baselineByRemaining = scenario.policies.kais.gpgBaseline == "remaining";
    return o;
}

void GpgLearner::refreshForward()
{
    mForward = GpgForward(model(), mLayout, "gpg learner");
}

LearnedModel GpgLearner::model() const
{
    LearnedModel m;
    m.agent = "gpg";
    m.nets = mNetwork.weights();
    m.info[kGpgNodesPerFrameKey] = std::to_string(mOptions.nodesPerFrame);
    if (mLayout.stacked > 0) {
        m.info[kGpgEncoderKey] = "stacking";
        m.info[kGpgStackedNodesKey] = std::to_string(mLayout.stacked);
    }
    return m;
}

GpgExplorer GpgLearner::explorer() const
{
    return GpgExplorer(mLayout, mOptions.nodesPerFrame, mOptions.queueScale);
}

void GpgLearner::beginEpisode(GpgExplorer &explorer, std::uint64_t seed) const
{
    explorer.beginEpisode(seed, mForward);
}

GpgEpisode GpgLearner::endEpisode(GpgExplorer &explorer, const SimState &state)
{
    GpgEpisode out;
    out.applied = explorer.applied();
    std::vector<GpgBatch> batches;
    double rewardSum = 0.0;
    for (auto &[site, trajectory] : explorer.finish(state)) {
        const std::size_t t = trajectory.samples.size();
        Baseline &baseline = mBaselines[site];
        if (baseline.sum.size() < t) {
            baseline.sum.resize(t, 0.0);
            baseline.count.resize(t, 0);
        }
        double ret = 0.0; // G_τ = Σ_{τ' ≥ τ} ũ_τ'
        for (std::size_t k = t; k-- > 0;) {
            ret += trajectory.rewards[k];
            const std::size_t slot = mOptions.baselineByRemaining ? t - 1 - k : k;
            baseline.sum[slot] += ret;
            ++baseline.count[slot];
            const double mu = baseline.sum[slot] / baseline.count[slot];
            trajectory.samples[k].advantage = float(ret - mu);
            rewardSum += trajectory.rewards[k];
        }
        batches.push_back(
            {std::move(trajectory.groupOf), trajectory.groups, std::move(trajectory.samples)});
        out.decisions += int(t);
    }
    if (out.decisions == 0)
        return out;
    out.meanReward = rewardSum / out.decisions;
    const GpgNetwork::StepResult step = mNetwork.policyGradientStep(batches); // line 7
    out.loss = step.loss;
    out.entropy = step.entropy;
    refreshForward();
    return out;
}

} // namespace schedlab
