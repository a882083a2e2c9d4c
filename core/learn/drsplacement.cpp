// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/learnedpolicies.h"

#include "learn/drsdecision.h"
#include "learn/drsgreedy.h"
#include "placement/agentplacement.h"
#include "state/podusage.h"
#include "state/simstate.h"

#include <optional>
#include <stdexcept>

namespace schedlab {

namespace {

/** The DRS decision maker at run time (Sec. 4.1): the trained network's best
 *  feasible node for State_t as DrsDecision reads it. */
class DrsAgent final : public PlacementAgent
{
public:
    DrsAgent(const LearnedModel &model, const std::string &agent)
        : mAgent(agent), mNet(model, agent)
    {
    }

    int choose(const PodRequest &pod, const ClusterView &view) override
    {
        mDecision.read(pod, view);
        const DrsStateLayout &layout = mDecision.layout();
        if (layout.nodeCount() != mNet.nodeCount())
            throw std::invalid_argument(
                "placement policy '" + mAgent + "': the checkpoint was trained on " +
                std::to_string(mNet.nodeCount()) + " worker nodes, this cluster has " +
                std::to_string(layout.nodeCount()) + ": train on this scenario");
        const int a = mNet.act(mDecision.state(), mDecision.feasible());
        return a < 0 ? -1 : layout.engineNode(a);
    }

private:
    std::string mAgent;
    DrsGreedy mNet;
    DrsDecision mDecision;
};

} // namespace

std::unique_ptr<PlacementFramework> makeDrsPlacement(const std::string &agent,
                                                     const LearnedModel &model)
{
    return std::make_unique<AgentPlacement>(std::make_unique<DrsAgent>(model, agent), agent);
}

} // namespace schedlab
