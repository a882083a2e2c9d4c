// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/gpgexplorer.h"

#include "learn/gpgaction.h"
#include "state/simstate.h"
#include "state/topology.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace schedlab {

void GpgExplorer::beginEpisode(std::uint64_t seed, const GpgForward &forward)
{
    mForward = forward;
    mRng = Rng::stream(seed, "gpg.explore");
    mEpisode.clear();
    mApplied = 0;
}

void GpgExplorer::reset(const SimState &state)
{
    if (state.serviceCount != mLayout.services)
        throw std::invalid_argument(
            "gpg: the learner was built for " + std::to_string(mLayout.services) +
            " services, the scenario has " + std::to_string(state.serviceCount));
    mGraphs.clear();
    for (int site : state.topology->edgeSites)
        mGraphs.emplace(site, GpgSiteGraph(*state.topology, mLayout.services, site));
}

double GpgExplorer::reward(const SimState &state, const GpgSiteGraph &graph) const
{
    const double scale = mQueueScale > 0.0 ? mQueueScale : std::max(1, graph.nodeCount());
    return std::exp(-double(graph.queuedRequests(state)) / scale);
}

void GpgExplorer::onFrame(OrchestrationContext &ctx)
{
    const auto it = mGraphs.find(ctx.site());
    if (it == mGraphs.end() || it->second.nodeCount() == 0)
        return;
    const GpgSiteGraph &graph = it->second;
    GpgTrajectory &trajectory = mEpisode[ctx.site()];
    if (trajectory.rewards.size() < trajectory.samples.size()) // Algorithm 1, line 3
        trajectory.rewards.push_back(reward(ctx.state(), graph));

    mStates.resize(std::size_t(graph.nodeCount()) * mLayout.size());
    graph.write(ctx.state(), mStates);
    mForward.embed(mStates, graph.groupOf(), graph.groups());            // line 4
    GpgAction action = chooseGpgAction(mForward, mNodesPerFrame, &mRng); // line 5
    mApplied += applyGpgAction(action, graph, ctx);                      // line 6
    trajectory.samples.push_back({mStates, action.nodes, action.scaling, 0.0f});
}

int GpgExplorer::decisions() const
{
    int n = 0;
    for (const auto &[site, t] : mEpisode)
        n += int(t.samples.size());
    return n;
}

std::map<int, GpgTrajectory> GpgExplorer::finish(const SimState &state)
{
    for (auto &[site, trajectory] : mEpisode) {
        const GpgSiteGraph &graph = mGraphs.at(site);
        if (trajectory.rewards.size() < trajectory.samples.size())
            trajectory.rewards.push_back(reward(state, graph));
        trajectory.groupOf = graph.groupOf();
        trajectory.groups = graph.groups();
    }
    return std::exchange(mEpisode, {});
}

} // namespace schedlab
