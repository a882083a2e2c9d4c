// SPDX-License-Identifier: GPL-3.0-or-later
#include "env/drsenvironment.h"

#include "registry/buildpolicies.h"
#include "state/podusage.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace schedlab {

int DrsEnvironment::QueuedAgent::choose(const PodRequest &pod, const ClusterView &)
{
    // Keyed by pod: the engine may reach pods in another order than they were decided.
    const auto it = decisions.find(pod.pod);
    if (it == decisions.end())
        return -1; // not decided (e.g. outside the episode): it waits in the back-off queue
    const int node = it->second;
    decisions.erase(it);
    return node;
}

DrsEnvironment::DrsEnvironment(const Scenario &scenario, DrsEnvConfig config)
    : mScenario(scenario), mConfig(config)
{
    if (!scenario.hasDeployments())
        throw std::invalid_argument("the DRS environment needs pods: the scenario has no "
                                    "workload.deployments");
    if (std::abs(scenario.time.slot - config.monitor.interval) > 1e-9)
        throw std::invalid_argument("the DRS environment samples once per slot: set time.slot "
                                    "to the monitor interval (100ms)");
    if (config.episodePods < 1 || !(config.settle >= 0))
        throw std::invalid_argument("episode pods must be positive and T_i not negative");
    try {
        mLayout = DrsStateLayout(Topology::build(scenario));
    } catch (const std::invalid_argument &) {
        throw std::invalid_argument("the DRS environment needs an edge node without the "
                                    "control-plane taint");
    }
    mMonitor = DrsMonitor(nodeCount(), config.monitor);
    mSample.resize(std::size_t(nodeCount()));
}

DrsEnvironment::~DrsEnvironment() = default;

void DrsEnvironment::reset(std::uint64_t seed)
{
    RunOptions options;
    options.seed = seed;
    options.policies = mScenario.policies;
    PolicySet given;
    given.placement = makeAgentPlacement(mAgent);
    mAgent.decisions.clear();
    mEngine = std::make_unique<Engine>(mScenario, buildPolicySet(options, std::move(given)),
                                       options.config());
    mQueued.clear();
    mAttemptsSeen.assign(mEngine->state().pods.size(), 0);
    mMonitor.reset();
    mSteps = 0;
    mReward = 0.0;
    mRewardStates.clear();
    mPending = -1;
    mDone = false;
    const SimState &s = mEngine->state();
    for (int a = 0; a < nodeCount(); ++a)
        mSample[a] = nodeUtilisation(s.topology->nodes[engineNode(a)], s.nodes[engineNode(a)]);
    mMonitor.record(mSample);
    advanceToDecision();
}

int DrsEnvironment::podsResolved() const
{
    if (!mEngine)
        return 0;
    const auto &pods = mEngine->state().pods;
    const int n = std::min<int>(mConfig.episodePods, int(pods.size()));
    return int(std::count_if(pods.begin(), pods.begin() + n,
                             [](const Pod &p) { return p.phase != PodPhase::Pending; }));
}

bool DrsEnvironment::stepSlot()
{
    const SimState &s = mEngine->state();
    const long before = s.slot;
    const bool more = mEngine->stepSlot();
    if (s.slot == before)
        return false;
    for (int a = 0; a < nodeCount(); ++a)
        mSample[a] = nodeUtilisation(s.topology->nodes[engineNode(a)], s.nodes[engineNode(a)]);
    mMonitor.record(mSample);
    settleQueued();
    return more;
}

/** Drops the queued pods the engine has scheduled; one it skipped means the order broke. */
void DrsEnvironment::settleQueued()
{
    const SimState &s = mEngine->state();
    std::erase_if(mQueued, [&](int id) {
        const Pod &pod = s.pods[id];
        if (pod.phase != PodPhase::Pending || pod.attempts > mAttemptsSeen[id])
            return true;
        if (pod.scheduleAt < s.now)
            throw std::logic_error("the engine did not schedule a pod the agent decided on");
        return false;
    });
}

int DrsEnvironment::nextDue(double before) const
{
    const auto &pods = mEngine->state().pods;
    const int n = std::min<int>(mConfig.episodePods, int(pods.size()));
    int best = -1;
    for (int id = 0; id < n; ++id) {
        const Pod &pod = pods[id];
        if (pod.phase != PodPhase::Pending || pod.scheduleAt >= before)
            continue;
        if (std::find(mQueued.begin(), mQueued.end(), id) != mQueued.end())
            continue;
        if (best < 0 || pod.scheduleAt < pods[best].scheduleAt)
            best = id;
    }
    return best;
}

bool DrsEnvironment::advanceToDecision()
{
    const SimState &s = mEngine->state();
    const int target = std::min<int>(mConfig.episodePods, int(s.pods.size()));
    for (;;) {
        if (mQueued.empty() && podsResolved() >= target)
            break;
        const int due = nextDue(double(s.slot + 1) * mScenario.time.slot);
        if (due >= 0) {
            mPending = due;
            buildState();
            return true;
        }
        if (!stepSlot())
            break;
    }
    mPending = -1;
    mDone = true;
    return false;
}

StepResult DrsEnvironment::act(int action)
{
    if (mDone || action < 0 || action >= nodeCount())
        throw std::out_of_range("action " + std::to_string(action) + " outside 0.." +
                                std::to_string(nodeCount() - 1) +
                                (mDone ? " or episode over" : ""));
    const SimState &s = mEngine->state();
    const int pod = mPending;
    mAgent.decisions[pod] = engineNode(action);
    mQueued.push_back(pod);
    mAttemptsSeen[pod] = s.pods[pod].attempts;
    ++mSteps;
    // The reward is read T_i later, or at the next decision if that comes first.
    const double deadline = s.now + mConfig.settle;
    for (;;) {
        if (nextDue(double(s.slot + 1) * mScenario.time.slot) >= 0)
            break;
        if (!stepSlot() || s.now >= deadline - 1e-9)
            break;
    }
    mReward = currentReward();
    StepResult result;
    result.reward = mReward;
    result.bound = s.pods[pod].node >= 0 && s.pods[pod].phase != PodPhase::Failed;
    advanceToDecision();
    result.done = mDone;
    return result;
}

double DrsEnvironment::currentReward()
{
    mRewardStates.resize(std::size_t(nodeCount()));
    for (int a = 0; a < nodeCount(); ++a)
        mRewardStates[a] = mMonitor.state(a);
    return placementReward(mConfig.reward, mRewardStates, mEngine->state());
}

PodRequest DrsEnvironment::requestOf(int id) const
{
    return mEngine->podRequest(id);
}

void DrsEnvironment::buildState()
{
    mState.assign(std::size_t(stateSize()), 0.0);
    std::vector<UsageProfile> nodes(static_cast<std::size_t>(nodeCount()));
    for (int a = 0; a < nodeCount(); ++a)
        nodes[a] = mMonitor.state(a);
    mLayout.writeNodes(nodes, mState);
    const Pod &pod = mEngine->state().pods[mPending];
    const PodTemplate &t = mScenario.workload.deployments[pod.stream].pods[pod.templ];
    mLayout.writePod(t, pod.cpuLimit > 0 ? pod.cpuLimit : pod.cpu, pod.memory, mState);
}

std::vector<char> DrsEnvironment::feasibleActions()
{
    std::vector<char> out(std::size_t(nodeCount()), 0);
    if (mPending < 0)
        return out;
    // The decisions the engine has not applied yet hold their nodes already, as
    // kube-scheduler's assumed pods do: each reserves what it requests where it fits.
    ClusterView view = mEngine->clusterView();
    std::vector<NodeState> assumed;
    if (!mQueued.empty()) {
        assumed.assign(view.nodes, view.nodes + mEngine->state().nodes.size());
        view.nodes = assumed.data();
        for (const int queued : mQueued) {
            const PodRequest request = requestOf(queued);
            const int node = mAgent.decisions.at(queued);
            if (!feasibleNodes(request, view)[std::size_t(node)])
                continue;
            NodeState &ns = assumed[std::size_t(node)];
            ns.cpuAlloc += request.cpuOn(node);
            ns.memAlloc += request.memory;
            ++ns.pods;
        }
    }
    const std::vector<char> ok = feasibleNodes(requestOf(mPending), view);
    for (int a = 0; a < nodeCount(); ++a)
        out[a] = ok[engineNode(a)];
    return out;
}

RunResult DrsEnvironment::finish()
{
    return mEngine->finish();
}

} // namespace schedlab
