// SPDX-License-Identifier: GPL-3.0-or-later
// DRS's heuristic baselines (Sec. 5.3): the DRS scheduling process with a fixed rule
// in place of the decision maker's network.
#include "placement/agentplacement.h"

#include "state/random.h"

namespace schedlab {

namespace {

class RandomAgent final : public PlacementAgent
{
public:
    int choose(const PodRequest &pod, const ClusterView &view) override
    {
        const std::vector<char> ok = feasibleNodes(pod, view);
        std::vector<int> nodes;
        for (int n = 0; n < view.nodeCount; ++n)
            if (ok[n])
                nodes.push_back(n);
        if (nodes.empty())
            return -1; // the back-off queue
        return view.tieBreak ? nodes[view.tieBreak->below(std::uint32_t(nodes.size()))] : nodes[0];
    }
};

class RoundRobinAgent final : public PlacementAgent
{
public:
    int choose(const PodRequest &pod, const ClusterView &view) override
    {
        const std::vector<char> ok = feasibleNodes(pod, view);
        for (int k = 1; k <= view.nodeCount; ++k) {
            const int n = (mLast + k) % view.nodeCount;
            if (ok[n])
                return mLast = n;
        }
        return -1;
    }

private:
    int mLast = -1;
};

} // namespace

std::unique_ptr<PlacementFramework> makeRandomPlacement()
{
    return std::make_unique<AgentPlacement>(std::make_unique<RandomAgent>(), "random");
}

std::unique_ptr<PlacementFramework> makeRoundRobinPlacement()
{
    return std::make_unique<AgentPlacement>(std::make_unique<RoundRobinAgent>(), "round-robin");
}

} // namespace schedlab
