// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/gpglearner.h"

#include "learn/gpgaction.h"
#include "state/simstate.h"
#include "state/topology.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace schedlab {

GpgLearner::GpgLearner(int services, const Options &options, const LearnedModel *initial)
    : mLayout{services, options.stackedNodes}, mOptions(options), mNetwork(mLayout, options.seed)
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

void GpgLearner::beginEpisode(std::uint64_t seed)
{
    mRng = Rng::stream(seed, "gpg.explore");
    mEpisode.clear();
    mApplied = 0;
}

void GpgLearner::reset(const SimState &state)
{
    if (state.serviceCount != mLayout.services)
        throw std::invalid_argument(
            "gpg: the learner was built for " + std::to_string(mLayout.services) +
            " services, the scenario has " + std::to_string(state.serviceCount));
    mGraphs.clear();
    for (int site : state.topology->edgeSites)
        mGraphs.emplace(site, GpgSiteGraph(*state.topology, mLayout.services, site));
}

double GpgLearner::reward(const SimState &state, const GpgSiteGraph &graph) const
{
    const double scale =
        mOptions.queueScale > 0.0 ? mOptions.queueScale : std::max(1, graph.nodeCount());
    return std::exp(-double(graph.queuedRequests(state)) / scale);
}

void GpgLearner::onFrame(OrchestrationContext &ctx)
{
    const auto it = mGraphs.find(ctx.site());
    if (it == mGraphs.end() || it->second.nodeCount() == 0)
        return;
    const GpgSiteGraph &graph = it->second;
    Trajectory &trajectory = mEpisode[ctx.site()];
    if (trajectory.rewards.size() < trajectory.samples.size()) // Algorithm 1, line 3
        trajectory.rewards.push_back(reward(ctx.state(), graph));

    mStates.resize(std::size_t(graph.nodeCount()) * mLayout.size());
    graph.write(ctx.state(), mStates);
    mForward.embed(mStates, graph.groupOf(), graph.groups());                    // line 4
    GpgAction action = chooseGpgAction(mForward, mOptions.nodesPerFrame, &mRng); // line 5
    mApplied += applyGpgAction(action, graph, ctx);                              // line 6
    trajectory.samples.push_back({mStates, action.nodes, action.scaling, 0.0f});
}

int GpgLearner::decisions() const
{
    int n = 0;
    for (const auto &[site, t] : mEpisode)
        n += int(t.samples.size());
    return n;
}

GpgEpisode GpgLearner::endEpisode(const SimState &state)
{
    GpgEpisode out;
    out.applied = mApplied;
    std::vector<GpgBatch> batches;
    double rewardSum = 0.0;
    for (auto &[site, trajectory] : mEpisode) {
        const GpgSiteGraph &graph = mGraphs.at(site);
        if (trajectory.rewards.size() < trajectory.samples.size())
            trajectory.rewards.push_back(reward(state, graph));
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
        batches.push_back({graph.groupOf(), graph.groups(), std::move(trajectory.samples)});
        out.decisions += int(t);
    }
    mEpisode.clear();
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
