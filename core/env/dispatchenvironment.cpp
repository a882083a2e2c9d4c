// SPDX-License-Identifier: GPL-3.0-or-later
#include "env/dispatchenvironment.h"

#include "env/kaisreward.h"
#include "policy/dispatchpolicy.h"
#include "registry/buildpolicies.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace schedlab {

namespace {
std::vector<char> agentFlags(const DispatchEnvConfig &config, int eaps)
{
    if (config.agentEaps.empty())
        return std::vector<char>(std::size_t(eaps), 1);
    if (int(config.agentEaps.size()) != eaps)
        throw std::invalid_argument("dispatch environment: give one agent flag per eAP (" +
                                    std::to_string(eaps) + ")");
    if (std::none_of(config.agentEaps.begin(), config.agentEaps.end(),
                     [](char c) { return c != 0; }))
        throw std::invalid_argument("dispatch environment: the agent decides for no eAP");
    return config.agentEaps;
}
} // namespace

DispatchEnvironment::DispatchEnvironment(Scenario scenario, DispatchEnvConfig config)
    : mScenario(std::move(scenario)), mConfig(std::move(config)),
      mTopology(Topology::build(mScenario)),
      mObservation(mTopology, int(mScenario.services.size()),
                   mScenario.policies.kais.stateScale == "squashed"),
      mEpsilon(mConfig.epsilon.value_or(mScenario.policies.kais.epsilon))
{
    if (mTopology.eaps.empty())
        throw std::invalid_argument("dispatch environment: the scenario has no eAP");
    mConfig.agentEaps = agentFlags(mConfig, int(mTopology.eaps.size()));
    if (!(mEpsilon >= 0.0))
        throw std::invalid_argument("dispatch environment: epsilon must be 0 or more");
    mState.assign(std::size_t(mObservation.size()), 0.0f);
    mMask.assign(std::size_t(mObservation.actions()), 0);
}

DispatchEnvironment::~DispatchEnvironment() = default;

void DispatchEnvironment::reset(std::uint64_t seed)
{
    RunOptions options;
    options.seed = seed;
    options.duration = mConfig.duration;
    options.policies = mScenario.policies;
    const bool everyEap = std::all_of(mConfig.agentEaps.begin(), mConfig.agentEaps.end(),
                                      [](char c) { return c != 0; });
    if (!mConfig.others.empty())
        options.policies.dispatch = mConfig.others;
    else if (everyEap)
        options.policies.dispatch = "greedy"; // never asked: every eAP is the agent's
    mEngine.reset();
    mEngine = std::make_unique<Engine>(mScenario, buildPolicySet(options), options.config());
    mEngine->setExternalDispatch(mConfig.agentEaps);
    mEngine->addObserver(this);
    mSlots.clear();
    mFirstSlot = 0;
    mSlotOf.clear();
    mSteps = 0;
    mReward = 0.0;
    mDone = false;
    advance();
}

double DispatchEnvironment::act(int action)
{
    if (mDone)
        throw std::logic_error("dispatch environment: the episode is over; reset it");
    if (action < 0 || action >= actionCount())
        throw std::out_of_range("dispatch environment: action " + std::to_string(action) +
                                " outside 0.." + std::to_string(actionCount() - 1));
    const PendingDispatch *p = mEngine->nextExternalDecision();
    SlotViolations &outcome = slot(mEngine->state().slot).violations;
    ++outcome.decisions;
    ++outcome.open;
    mSlotOf[p->request] = mEngine->state().slot;
    const int eap = p->eap;
    const std::int32_t request = p->request;
    mEngine->decideExternal(mObservation.target(eap, action));
    const int sentTo = mEngine->state().requests[std::size_t(request)].target;
    mSent = sentTo == kCloud ? 0 : mObservation.local(eap).poolIndex(sentTo) + 1;
    ++mSteps;
    advance();
    return std::exchange(mReward, 0.0);
}

void DispatchEnvironment::advance()
{
    const PendingDispatch *p = mEngine->nextExternalDecision();
    if (!p) {
        mDone = true;
        mEap = -1;
        harvest(true);
        std::fill(mState.begin(), mState.end(), 0.0f);
        std::fill(mMask.begin(), mMask.end(), std::uint8_t(0));
        return;
    }
    mEap = p->eap;
    const SimState &state = mEngine->state();
    const DispatchContext ctx{state, p->eap, state.requests[std::size_t(p->request)],
                              *p->candidates, mUnusedRng};
    mObservation.write(ctx, mState, mMask);
}

void DispatchEnvironment::writeLoads(std::span<double> load, std::span<double> memory) const
{
    if (mDone) {
        std::fill(load.begin(), load.end(), 0.0);
        std::fill(memory.begin(), memory.end(), 0.0);
        return;
    }
    mObservation.writeLoads(mEngine->state(), mEngine->cpuLoads(), mEngine->memAllocated(), mEap,
                            load, memory);
}

DispatchEnvironment::SlotOutcome &DispatchEnvironment::slot(long index)
{
    if (mSlots.empty())
        mFirstSlot = index;
    while (mFirstSlot + long(mSlots.size()) <= index)
        mSlots.emplace_back();
    return mSlots[std::size_t(index - mFirstSlot)];
}

double DispatchEnvironment::rewardOf(const SlotOutcome &s) const
{
    if (mConfig.reward == DispatchReward::Throughput)
        return double(s.onTime);
    return kaisSlotReward(s.violations, s.xi, mScenario.policies.kais, mEpsilon);
}

/** Takes the rewards of the oldest slots whose outcomes are all known (`ended`: of
 *  every slot, the open outcomes settled as the trainer settles them at the end). */
void DispatchEnvironment::harvest(bool ended)
{
    if (ended) {
        const SimState &state = mEngine->state();
        for (const auto &[request, index] : mSlotOf)
            if (index >= mFirstSlot && index < mFirstSlot + long(mSlots.size()))
                mSlots[std::size_t(index - mFirstSlot)].violations.endOpen(
                    state.requests[std::size_t(request)].deadline <= state.now);
        mSlotOf.clear();
    }
    while (!mSlots.empty() && mSlots.front().closed &&
           (ended || mSlots.front().violations.open == 0)) {
        mReward += rewardOf(mSlots.front());
        mSlots.pop_front();
        ++mFirstSlot;
    }
}

void DispatchEnvironment::onSlot(const SimState &state)
{
    SlotOutcome &s = slot(state.slot - 1);
    s.xi = mEngine->metrics().lastXi();
    s.closed = true;
    harvest(false);
}

void DispatchEnvironment::onComplete(const SimState &, std::int32_t request, bool onTime)
{
    resolve(request, !onTime);
}

void DispatchEnvironment::onDrop(const SimState &state, std::int32_t request, DropSite site,
                                 int where)
{
    if (site == DropSite::Eap && mConfig.agentEaps[std::size_t(where)])
        ++slot(state.slot).violations.droppedAtEap; // never dispatched: it violates now
    resolve(request, true);
}

void DispatchEnvironment::resolve(std::int32_t request, bool missed)
{
    const auto it = mSlotOf.find(request);
    if (it == mSlotOf.end())
        return; // dispatched by another eAP's policy, or dropped before its dispatch
    const long index = it->second - mFirstSlot;
    mSlotOf.erase(it);
    if (index < 0 || index >= long(mSlots.size()))
        return;
    SlotOutcome &s = mSlots[std::size_t(index)];
    --s.violations.open;
    s.violations.missed += missed;
    s.onTime += !missed;
}

RunResult DispatchEnvironment::finish()
{
    if (!mEngine)
        throw std::logic_error("dispatch environment: no episode to finish; reset it");
    return mEngine->finish();
}

} // namespace schedlab
