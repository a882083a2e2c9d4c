// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/learnedpolicies.h"

#include "learn/cmmacmodel.h"
#include "learn/fastmlp.h"
#include "learn/learnedmodel.h"
#include "learn/localstate.h"
#include "policy/dispatch/centralroundtrip.h"

#include <map>
#include <stdexcept>

namespace schedlab {

namespace {

/**
 * `cmmac` at run time: each eAP's actor θ_p reads its local state s_{b,t}
 * (KaiS Sec. III-A-1), the resource context F (eq. 4) masks the positive logits,
 * and the action is drawn from eq. 5's distribution with the run's dispatch
 * stream. The trained weights run in FastMlp: no torch, no allocation per decision;
 * each eAP keeps its actor's first-layer sums between its decisions (FirstLayerMemo),
 * so a decision reads the weights of the state entries that changed since its last.
 */
class CmmacDispatch final : public DispatchPolicy
{
public:
    explicit CmmacDispatch(const LearnedModel &model) : mModel(model)
    {
        requireAgent(model, "dispatch policy 'cmmac'", {"cmmac", "kais"});
    }

    void reset(const SimState &state) override
    {
        const Topology &topology = *state.topology;
        mLocal.clear();
        mActorOf.clear();
        mMemos.assign(topology.eaps.size(), {});
        std::map<std::string, int> actors;
        for (int b = 0; b < int(topology.eaps.size()); ++b) {
            mLocal.emplace_back(topology, state.serviceCount, b, squashed());
            const LocalStateLayout &layout = mLocal.back().layout();
            const std::string name = cmmacActorName(layout);
            auto [it, added] = actors.emplace(name, int(mActors.size()));
            if (added) {
                const MlpWeights *w = mModel.net(name);
                if (!w || w->inputSize() != layout.size() || w->outputSize() != layout.actions())
                    throw std::invalid_argument(
                        "dispatch policy 'cmmac': the checkpoint has no actor for eAP '" +
                        topology.eaps[b].name + "' (" + std::to_string(layout.services) +
                        " services, a pool of " + std::to_string(layout.pool) +
                        " edge nodes); it was trained on another topology: train on this "
                        "scenario");
                mActors.emplace_back(*w, FastMlp::Head::ReluPlusOne);
                mStates.emplace_back(std::size_t(layout.size()));
                mMasks.emplace_back(std::size_t(layout.actions()));
            }
            mActorOf.push_back(it->second);
        }
    }

    int dispatch(const DispatchContext &ctx) override
    {
        const LocalStateBuilder &local = mLocal[ctx.eap];
        const int a = mActorOf[ctx.eap];
        local.write(ctx, mStates[a]);
        local.writeMask(ctx, mMasks[a]);
        return local.target(mActors[a].choose(mStates[a], mMasks[a], ctx.rng, &mMemos[ctx.eap]));
    }

private:
    bool squashed() const
    {
        const auto it = mModel.info.find(kStateScaleKey);
        return it != mModel.info.end() && it->second == "squashed";
    }

    LearnedModel mModel;
    std::vector<LocalStateBuilder> mLocal;
    std::vector<int> mActorOf; ///< per eAP: index into mActors
    std::vector<FastMlp> mActors;
    std::vector<std::vector<float>> mStates;
    std::vector<std::vector<std::uint8_t>> mMasks;
    std::vector<FirstLayerMemo> mMemos; ///< per eAP
};

/**
 * cMMAC dispatching from the cloud (KaiS Sec. V, Fig. 9c: "we maintain a cMMAC
 * agent for each eAP in the cloud to dispatch requests in a centralized manner
 * for comparison"): the same actors, deciding where they are, but each eAP's
 * requests wait for the upload of its observations and for the decisions to
 * come back (centralRoundTrip, the scenario's `central_dispatch`).
 */
class CentralCmmacDispatch final : public DispatchPolicy
{
public:
    explicit CentralCmmacDispatch(const LearnedModel &model) : mActors(model) {}

    void reset(const SimState &state) override
    {
        mActors.reset(state);
        mDelay.assign(state.topology->eaps.size(), 0.0);
    }
    bool centralised() const override { return true; }
    void beginSlot(const SimState &state, const std::vector<SlotRequest> &batch) override
    {
        mDelay = centralRoundTrip(state, batch);
    }
    int dispatch(const DispatchContext &ctx) override { return mActors.dispatch(ctx); }
    double decisionDelay(int eap) const override { return mDelay[std::size_t(eap)]; }

private:
    CmmacDispatch mActors;
    std::vector<double> mDelay;
};

} // namespace

std::unique_ptr<DispatchPolicy> makeCentralCmmacDispatch(const LearnedModel &model)
{
    return std::make_unique<CentralCmmacDispatch>(model);
}

std::unique_ptr<DispatchPolicy> makeCmmacDispatch(const LearnedModel &model)
{
    return std::make_unique<CmmacDispatch>(model);
}

} // namespace schedlab
