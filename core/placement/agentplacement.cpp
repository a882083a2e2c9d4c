// SPDX-License-Identifier: GPL-3.0-or-later
#include "placement/agentplacement.h"

#include "placement/kubeplugins.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

namespace {
/** Filters every node but the agent's choice, which then scores 100. */
class AgentChoice final : public PlacementPlugin
{
public:
    explicit AgentChoice(PlacementAgent &agent) : mAgent(agent) {}
    const char *name() const override { return "AgentChoice"; }
    bool hasFilter() const override { return true; }
    bool hasScore() const override { return true; }

    void preFilter(const PodRequest &pod, const ClusterView &view) override
    {
        mChosen = mAgent.choose(pod, view);
    }
    const char *filter(const PodRequest &, const ClusterView &, int node) const override
    {
        return node == mChosen ? nullptr : "node not chosen by the agent";
    }
    void score(const PodRequest &, const ClusterView &, int, PluginResult &out) const override
    {
        out.raw = 1.0;
        out.normalized = kMaxNodeScore;
    }

private:
    PlacementAgent &mAgent;
    int mChosen = -1;
};

} // namespace

AgentPlacement::AgentPlacement(PlacementAgent &agent, std::string name)
    : PlacementFramework(std::move(name))
{
    addPlugin(makeNodeResourcesFit(), 0.0);
    addPlugin(makeTaintToleration(), 0.0);
    addPlugin(makeNodeAffinity(), 0.0);
    addPlugin(std::make_unique<AgentChoice>(agent), 1.0);
}

AgentPlacement::AgentPlacement(std::unique_ptr<PlacementAgent> agent, std::string name)
    : AgentPlacement(*agent, std::move(name))
{
    mOwned = std::move(agent);
}

double AgentPlacement::retryDelay(int failures, const PodRequest &, const ClusterView &) const
{
    return kubeBackoff(failures);
}

std::unique_ptr<PlacementFramework> makeAgentPlacement(PlacementAgent &agent)
{
    return std::make_unique<AgentPlacement>(agent);
}

std::vector<char> feasibleNodes(const PodRequest &pod, const ClusterView &view)
{
    static const auto filters = [] {
        std::vector<std::unique_ptr<PlacementPlugin>> f;
        f.push_back(makeNodeResourcesFit());
        f.push_back(makeTaintToleration());
        f.push_back(makeNodeAffinity());
        return f;
    }();
    std::vector<char> ok(std::size_t(view.nodeCount), 1);
    for (int n = 0; n < view.nodeCount; ++n)
        for (const auto &f : filters)
            if (f->filter(pod, view, n))
                ok[n] = 0;
    return ok;
}

} // namespace schedlab
