// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/learnedpolicies.h"

#include "learn/drsstate.h"
#include "learn/drsgreedy.h"
#include "placement/agentplacement.h"
#include "state/podusage.h"
#include "state/simstate.h"

#include <optional>
#include <stdexcept>

namespace schedlab {

namespace {

/**
 * The DRS decision maker at run time (Sec. 4.1): State_t from what the scheduler
 * sees when it scores, then the trained network's best feasible node.
 *
 * Node_t^i (eq. 8) is the node's six utilisations at the decision, from the
 * engine's use rates (nodeUtilisation), where training's monitor averages its
 * last three or five 100 ms samples (Sec. 3.1). Use rates change only when a pod
 * starts or ends, so the two differ only at decisions within 0.5 s of such an
 * event; the placement plane gets no per-slot call that could keep the monitor's
 * queues. Pod_t (eq. 9) is read from the pod's template, its configuration file,
 * exactly as in training.
 */
class DrsAgent final : public PlacementAgent
{
public:
    DrsAgent(const LearnedModel &model, const std::string &agent)
        : mAgent(agent), mNet(model, agent)
    {
    }

    int choose(const PodRequest &pod, const ClusterView &view) override
    {
        if (!mLayout)
            bind(*view.topology);
        for (int a = 0; a < mLayout->nodeCount(); ++a) {
            const int n = mLayout->engineNode(a);
            mNodes[a] = nodeUtilisation(view.topology->nodes[n], view.nodes[n]);
        }
        mLayout->writeNodes(mNodes, mState);
        const double cores = pod.cpuLimit > 0 ? pod.cpuLimit : pod.cpu;
        if (pod.spec) {
            mLayout->writePod(*pod.spec, cores, pod.memory, mState);
        } else { // a request made outside a run: its cpu request is all it says
            PodTemplate t;
            t.usage[int(Metric::Cpu)] = cores;
            mLayout->writePod(t, cores, pod.memory, mState);
        }
        const std::vector<char> ok = feasibleNodes(pod, view);
        for (int a = 0; a < mLayout->nodeCount(); ++a)
            mFeasible[a] = ok[mLayout->engineNode(a)];
        const int a = mNet.act(mState, mFeasible);
        return a < 0 ? -1 : mLayout->engineNode(a);
    }

private:
    void bind(const Topology &topology)
    {
        mLayout.emplace(topology);
        if (mLayout->nodeCount() != mNet.nodeCount())
            throw std::invalid_argument(
                "placement policy '" + mAgent + "': the checkpoint was trained on " +
                std::to_string(mNet.nodeCount()) + " worker nodes, this cluster has " +
                std::to_string(mLayout->nodeCount()) + ": train on this scenario");
        mNodes.resize(std::size_t(mLayout->nodeCount()));
        mState.resize(std::size_t(mLayout->size()));
        mFeasible.resize(std::size_t(mLayout->nodeCount()));
    }

    std::string mAgent;
    DrsGreedy mNet;
    std::optional<DrsStateLayout> mLayout;
    std::vector<UsageProfile> mNodes;
    std::vector<double> mState;
    std::vector<char> mFeasible;
};

} // namespace

std::unique_ptr<PlacementFramework> makeDrsPlacement(const std::string &agent,
                                                     const LearnedModel &model)
{
    return std::make_unique<AgentPlacement>(std::make_unique<DrsAgent>(model, agent), agent);
}

} // namespace schedlab
