// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"
#include "env/drsmonitor.h"
#include "env/placementreward.h"
#include "learn/drsstate.h"
#include "placement/agentplacement.h"

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace schedlab {

struct DrsEnvConfig
{
    int episodePods = 300; ///< pods per episode (Sec. 5.3.2: 300 pods, one per step)
    double settle = 5.0;   ///< T_i: seconds from an action to its reward (Sec. 4.2)
    RewardSettings reward;
    MonitorConfig monitor;
};

/** What one action led to. */
struct StepResult
{
    double reward = 0.0;
    bool bound = false; ///< the pod was bound to the chosen node (else: back-off queue)
    bool done = false;
};

/**
 * The DRS scheduling MDP (Sec. 3) over the real engine, for placement agents.
 *
 * The action space is the edge nodes without the control-plane taint, in topology
 * order (eq. 10). observe() gives State_t of eq. 7 as DrsStateLayout lays it out:
 * per node the monitor's six normalised utilisations (eq. 8), then the pending
 * pod's six (eq. 9), all in [0, 1]; its length is 6·nodeCount() + 6.
 *
 * act(a) places the pending pod on node a through the `agent` placement policy:
 * the pod passes the Kubernetes filters and is bound, pulled, started and run by
 * the engine; if node a fails a filter, the pod goes to the back-off queue and
 * comes back as a later step (Sec. 3.2). The reward is taken T_i after the action
 * (or at the next decision, if sooner) from the monitor. An episode ends once its
 * pods are bound or failed, or the scenario's duration is over. The scenario's
 * slot must equal the monitor interval: the monitor samples once per slot.
 * Deterministic: the same scenario, configuration and seed give the same trajectory.
 * Keeps a reference to the scenario, which must outlive it.
 */
class DrsEnvironment
{
public:
    /** Throws std::invalid_argument if the scenario cannot host the environment. */
    explicit DrsEnvironment(const Scenario &scenario, DrsEnvConfig config = {});
    ~DrsEnvironment();

    /** Starts an episode with this seed and runs to its first decision. */
    void reset(std::uint64_t seed);

    int nodeCount() const { return mLayout.nodeCount(); }
    int stateSize() const { return mLayout.size(); }
    const DrsStateLayout &layout() const { return mLayout; }
    /** State_t for the pending pod (eq. 7–9). */
    const std::vector<double> &observe() const { return mState; }
    /** Places the pending pod on node `action` (0..nodeCount()-1); throws std::out_of_range
     *  for other values or after the episode ended. */
    StepResult act(int action);
    /** The last action's reward (eq. 14 or the selected setting). */
    double reward() const { return mReward; }
    /** The monitor's node states the last reward was computed from, T_i after the
     *  action: the node part of State_{t+1} in Algorithm 2, line 8. */
    const std::vector<UsageProfile> &rewardStates() const { return mRewardStates; }
    bool done() const { return mDone; }
    int steps() const { return mSteps; }
    /** Pods of the episode bound or failed so far. */
    int podsResolved() const;

    /** The pending pod's engine id; -1 once done. */
    int pendingPod() const { return mPending; }
    /** Which actions pass the filters for the pending pod (a mask agents may use), with
     *  the nodes of decisions the engine has not applied yet held for them. */
    std::vector<char> feasibleActions();
    /** The monitor's state of action-space node `a` (eq. 8). */
    UsageProfile nodeState(int a) const { return mMonitor.state(a); }
    /** Engine node id of action `a`. */
    int engineNode(int a) const { return mLayout.engineNode(a); }
    const Engine &engine() const { return *mEngine; }
    RunResult finish();

private:
    class QueuedAgent final : public PlacementAgent
    {
    public:
        std::map<std::int32_t, int> decisions; ///< pod -> node, until the engine applies it
        int choose(const PodRequest &pod, const ClusterView &) override;
    };

    bool stepSlot();
    int nextDue(double before) const;
    bool advanceToDecision();
    void settleQueued();
    double currentReward();
    void buildState();
    PodRequest requestOf(int pod) const;

    const Scenario &mScenario;
    DrsEnvConfig mConfig;
    DrsStateLayout mLayout;
    DrsMonitor mMonitor;
    QueuedAgent mAgent;
    std::unique_ptr<Engine> mEngine;
    std::vector<int> mQueued; ///< pods with a decision the engine has not yet applied
    std::vector<int> mAttemptsSeen;
    std::vector<UsageProfile> mSample;
    std::vector<UsageProfile> mRewardStates;
    std::vector<double> mState;
    int mPending = -1;
    int mSteps = 0;
    double mReward = 0.0;
    bool mDone = true;
};

} // namespace schedlab
