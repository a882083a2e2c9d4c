// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"
#include "env/kaisreward.h"
#include "learn/fastmlp.h"
#include "learn/localstate.h"
#include "policy/dispatchpolicy.h"

#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

namespace schedlab {

/** One eAP agent's dispatch decision: s_{b,t}, F_{b,t} and a_{b,t} (Algorithm 1, l. 13). */
struct Decision
{
    int actor = 0;
    int eap = 0;
    std::vector<float> state;
    std::vector<std::uint8_t> mask;
    int action = 0;
};

/**
 * One slot of experience. Its reward û_t = e^{−λ−εν} (kaisSlotReward) is known once
 * every request its agents dispatched has an outcome.
 */
struct SlotRecord
{
    std::vector<float> before, after; ///< ŝ_t and ŝ_{t+1}
    std::vector<Decision> decisions;
    SlotViolations violations;
    double xi = 0.0;     ///< ξ at the end of the slot
    bool closed = false; ///< the slot has run
    bool ready() const { return closed && violations.open == 0; }
};

/**
 * The actors while training, and the bookkeeping of outcomes: each eAP samples its
 * action from eq. 5 with the current weights (FastMlp copies of the actors) and
 * the decision joins the current slot's record; completions and drops reported by
 * the engine close the requests of their slot.
 */
class ExperienceCollector final : public DispatchPolicy, public SimObserver
{
public:
    ExperienceCollector(const std::vector<LocalStateBuilder> &local,
                        const std::vector<int> &actorOf, const std::vector<FastMlp> &actors)
        : mLocal(local), mActorOf(actorOf), mActors(actors)
    {
    }

    /** Starts the record of the next slot with its state ŝ_t. */
    void beginSlot(long slot, std::vector<float> state);
    /** Closes the running slot with ŝ_{t+1} and ξ. */
    void endSlot(std::vector<float> state, double xi);

    int dispatch(const DispatchContext &ctx) override;
    void onComplete(const SimState &state, std::int32_t request, bool onTime) override;
    void onDrop(const SimState &state, std::int32_t request, DropSite site, int where) override;

    /** Records, oldest first; front().slot is firstSlot(). */
    std::deque<SlotRecord> &records() { return mRecords; }
    long firstSlot() const { return mFirstSlot; }
    void popFront();
    /** The episode ended at `state.now`: a request still open past its deadline
     *  missed it, one before its deadline has no outcome (SlotRecord::unknown). */
    void closeAll(const SimState &state);

    double entropySum = 0.0; ///< of eq. 5's distribution over every decision
    long decisions = 0;

private:
    void resolve(std::int32_t request, bool missed);

    const std::vector<LocalStateBuilder> &mLocal;
    const std::vector<int> &mActorOf;
    const std::vector<FastMlp> &mActors;
    std::deque<SlotRecord> mRecords;
    long mFirstSlot = 0;
    long mCurrent = -1;
    std::unordered_map<std::int32_t, long> mSlotOf; ///< request id -> slot it was dispatched in
};

} // namespace schedlab
