// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"
#include "env/dispatchobservation.h"
#include "env/kaisreward.h"
#include "model/scenario.h"
#include "state/random.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace schedlab {

/** What a dispatch step is rewarded with, per slot of decisions. */
enum class DispatchReward {
    Kais,      ///< û_t = e^{−λ−εν} (KaiS Sec. III-A-1), as the cMMAC trainer computes it
    Throughput ///< the slot's agent-dispatched requests that completed within their deadline
};

struct DispatchEnvConfig
{
    /** The eAPs the agent decides for, 1 each; empty: every eAP (one shared agent). */
    std::vector<char> agentEaps;
    /** The dispatch policy of the other eAPs; empty: the scenario's. */
    std::string others;
    DispatchReward reward = DispatchReward::Kais;
    std::optional<double> epsilon; ///< ε of û_t; the scenario's kais.epsilon when unset
    double duration = 0.0;         ///< seconds per episode; 0 = the scenario's
};

/**
 * KaiS's dispatch MDP (Sec. III-A) over the real engine, one step per request an
 * agent eAP dispatches: observe() is that eAP's s_{b,t} and mask() its F_{b,t}
 * (DispatchObservation), act(a) sends the request and runs to the next one.
 *
 * Rewards are per slot, as cMMAC's are: a slot's reward is known once every request
 * the agent dispatched in it has completed or been dropped (kaisSlotReward, with λ
 * and ξ read as the scenario's policies.kais says), and act() returns the rewards of
 * the slots that became
 * known since the previous step (the first step also those before it; the last,
 * every slot's left). Over an episode they
 * sum to what the cMMAC trainer's reward sums to for the same actions. An episode
 * ends with the scenario's (or the given) duration. Deterministic: the same
 * scenario, configuration, seed and actions give the same trajectory.
 */
class DispatchEnvironment final : private SimObserver
{
public:
    /** Throws std::invalid_argument for a scenario or configuration it cannot run. */
    DispatchEnvironment(Scenario scenario, DispatchEnvConfig config);
    ~DispatchEnvironment() override;

    /** Starts an episode with this seed and runs to its first decision. */
    void reset(std::uint64_t seed);
    /** Sends the pending request by `action` (0 the cloud, j + 1 pool node j; a
     *  masked-out node goes to the cloud, as for any policy) and runs to the next
     *  decision; returns the step's reward. Throws std::logic_error once done and
     *  std::out_of_range for an action outside [0, actionCount()). */
    double act(int action);
    bool done() const { return mDone; }

    int observationSize() const { return mObservation.size(); }
    int actionCount() const { return mObservation.actions(); }
    /** s_{b,t} of the pending request (zeros once done). */
    const std::vector<float> &observe() const { return mState; }
    /** F_{b,t}: 1 for a valid action (all 0 once done). */
    const std::vector<std::uint8_t> &mask() const { return mMask; }
    /** The deciding eAP; -1 once done. */
    int eap() const { return mEap; }
    /** Per action, what greedy compares (DispatchObservation::writeLoads). */
    void writeLoads(std::span<double> load, std::span<double> memory) const;
    int steps() const { return mSteps; }
    /** The action the last request was sent by: the one given, or 0 (the cloud) when
     *  it named a node F did not allow. */
    int sentAction() const { return mSent; }
    const Engine &engine() const { return *mEngine; }
    const Scenario &scenario() const { return mScenario; }
    const DispatchObservation &observation() const { return mObservation; }
    RunResult finish();

private:
    struct SlotOutcome
    {
        SlotViolations violations;
        int onTime = 0;
        double xi = 0.0;
        bool closed = false;
    };

    void advance();
    SlotOutcome &slot(long index);
    /** `ended`: the episode is over; the outcomes still open are settled at once. */
    void harvest(bool ended);
    double rewardOf(const SlotOutcome &s) const;
    void onSlot(const SimState &state) override;
    void onComplete(const SimState &state, std::int32_t request, bool onTime) override;
    void onDrop(const SimState &state, std::int32_t request, DropSite site, int where) override;
    void resolve(std::int32_t request, bool missed);

    Scenario mScenario;
    DispatchEnvConfig mConfig;
    Topology mTopology;
    DispatchObservation mObservation;
    double mEpsilon = 1.0;
    std::unique_ptr<Engine> mEngine;
    std::deque<SlotOutcome> mSlots; ///< from mFirstSlot on, until their reward is taken
    long mFirstSlot = 0;
    std::unordered_map<std::int32_t, long> mSlotOf; ///< dispatched request -> its slot
    std::vector<float> mState;
    std::vector<std::uint8_t> mMask;
    Rng mUnusedRng; ///< DispatchContext wants one; the agent draws its own randomness
    int mEap = -1;
    int mSteps = 0;
    int mSent = 0;
    /** Rewards taken since the last step returned; those of the slots before the
     *  first decision go to the first step. */
    double mReward = 0.0;
    bool mDone = true;
};

} // namespace schedlab
