// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/learnedpolicies.h"

#include "learn/gpgaction.h"
#include "learn/gpgforward.h"
#include "learn/gpgmodel.h"
#include "learn/gpgstate.h"
#include "learn/learnedmodel.h"
#include "state/topology.h"

#include <map>
#include <stdexcept>
#include <string>

namespace schedlab {

namespace {

/**
 * `gpg` at run time (KaiS Sec. III-B): every frame and edge site, the three-level
 * embedding of eq. 10, θ_g's values and eq. 11's softmax over the site's edge
 * nodes, the H most probable nodes, and for each the most probable of θ_q's 2W + 1
 * scaling actions ("choose to perform the action with the highest probability");
 * invalid ones become l = 0. The trained weights run in FastMlp, without torch.
 */
class GpgOrchestration final : public OrchestrationPolicy
{
public:
    explicit GpgOrchestration(const LearnedModel &model) : mModel(model)
    {
        requireAgent(model, "orchestration policy 'gpg'", {"gpg", "kais"});
    }

    void reset(const SimState &state) override
    {
        // H is the scenario's (policies.kais.H); the checkpoint records the H it was
        // trained with, and the networks do not depend on it.
        mNodesPerFrame = std::max(1, state.scenario->policies.kais.nodesPerFrame);
        const GpgLayout layout = gpgLayoutOf(mModel, state.serviceCount);
        const int trained = GpgNets::servicesOf(mModel);
        if (trained != layout.services)
            throw std::invalid_argument(
                "orchestration policy 'gpg': the checkpoint was trained for " +
                std::to_string(trained) + " services, this scenario has " +
                std::to_string(layout.services) + ": train on this scenario");
        try {
            mForward = GpgForward(mModel, layout, "orchestration policy 'gpg'");
        } catch (const CheckpointError &e) {
            throw std::invalid_argument(e.what());
        }
        mGraphs.clear();
        for (int site : state.topology->edgeSites) {
            GpgSiteGraph graph(*state.topology, layout.services, site);
            if (layout.stacked > 0 && graph.nodeCount() != layout.stacked)
                throw std::invalid_argument(
                    "orchestration policy 'gpg': the checkpoint stacks the states of " +
                    std::to_string(layout.stacked) + " edge nodes (state stacking), site '" +
                    state.scenario->sites[std::size_t(site)].name + "' has " +
                    std::to_string(graph.nodeCount()) + ": train on this scenario");
            mGraphs.emplace(site, std::move(graph));
        }
    }

    void onFrame(OrchestrationContext &ctx) override
    {
        const auto it = mGraphs.find(ctx.site());
        if (it == mGraphs.end() || it->second.nodeCount() == 0)
            return;
        const GpgSiteGraph &graph = it->second;
        mStates.resize(std::size_t(graph.nodeCount()) * graph.layout().size());
        graph.write(ctx.state(), mStates);
        mForward.embed(mStates, graph.groupOf(), graph.groups());
        GpgAction action = chooseGpgAction(mForward, mNodesPerFrame, nullptr);
        applyGpgAction(action, graph, ctx);
    }

private:
    LearnedModel mModel;
    int mNodesPerFrame = 2;
    GpgForward mForward;
    std::map<int, GpgSiteGraph> mGraphs; ///< by site
    std::vector<float> mStates;
};

} // namespace

std::unique_ptr<OrchestrationPolicy> makeGpgOrchestration(const LearnedModel &model)
{
    return std::make_unique<GpgOrchestration>(model);
}

} // namespace schedlab
