// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/registry.h"

#include "global/architecture.h"

#include "policy/dequeue/dequeuepolicies.h"
#include "policy/dispatch/dispatchpolicies.h"
#include "policy/orchestration/orchestrationpolicies.h"
#include "placement/agentplacement.h"
#include "placement/drsplacement.h"
#include "placement/placementframework.h"

#include <stdexcept>

#include <algorithm>
#include <functional>

namespace schedlab {

const std::vector<PolicyInfo> &policyCatalog()
{
    static const std::vector<PolicyInfo> catalog = [] {
        std::vector<PolicyInfo> c = {
            {Plane::Dispatch, "random", "uniform over available edge nodes and the cloud", "KaiS V"},
            {Plane::Dispatch, "round-robin", "each eAP cycles over its pool and the cloud", "KaiS V"},
            {Plane::Dispatch, "greedy", "the available edge node with the lowest utilisation",
             "KaiS V"},
            {Plane::Dispatch, "kube-default",
             "filter by fit, score LeastAllocated + BalancedAllocation; cloud if none fits",
             "DRS 2.1, LRS IV-B"},
            {Plane::Dispatch, "firmament",
             "centralised: min-cost max-flow over the slot's requests, after an upload to the "
             "cloud and back",
             "KaiS V; Firmament (OSDI'16)"},
            {Plane::Dispatch, "cmmac",
             "learned: one actor per eAP over its local state, masked by the resource context",
             "KaiS III-A, eq. 2-7", "cmmac"},
            {Plane::Dequeue, "fifo", "first in, first out", "KaiS III-A-3"},
            {Plane::Dequeue, "latency-greedy", "least time to deadline first", "KaiS III-A-3"},
            {Plane::Dequeue, "discounted-experience",
             "priority from discounted completion-time experience (Ψ at eAPs, Ψ' at nodes)",
             "KaiS eq. 8-9"},
            {Plane::Orchestration, "static", "the scenario's initial replicas, never changed", "-"},
            {Plane::Orchestration, "hpa",
             "Kubernetes HPA: ceil(current x metric/target), tolerance, stabilisation",
             "KaiS V (Native)"},
            {Plane::Orchestration, "gsp-ss",
             "LP shadow request scheduling on known arrival rates, then greedy replica placement",
             "KaiS V; Farhadi et al. (INFOCOM'19)"},
            {Plane::Orchestration, "gpg",
             "learned: GNN embedding of nodes, eAPs and cluster; H high-value nodes, one "
             "scaling action each",
             "KaiS III-B, eq. 10-12", "gpg"},
            {Plane::Placement, "kube-default",
             "pods: filter (fit, taints, node selector) and score LeastAllocated + "
             "BalancedAllocation + ImageLocality + TaintToleration",
             "DRS 2.1, LRS IV-B"},
            {Plane::Placement, "layer", "kube-default + layer sharing score, static weight 4",
             "LRS eq. 1-5, VI-A"},
            {Plane::Placement, "lrscheduler",
             "kube-default + layer sharing score, dynamic weight from load and balance",
             "LRS eq. 11-13, Alg. 1"},
            {Plane::Placement, "kubehice",
             "kube-default + arch filter, performance score and per-node cpu (CPU k_b/k_j) "
             "from estimated node performance; image rewritten for the node's arch",
             "KubeHICE eq. 1-5, Table II"},
            {Plane::Placement, "random", "a node drawn uniformly from those passing the filters",
             "DRS 5.3"},
            {Plane::Placement, "round-robin", "the next node in turn that passes the filters",
             "DRS 5.3"},
            {Plane::Placement, "drs",
             "learned: DQN over node utilisations and the pod's demand, best feasible node",
             "DRS 3, eq. 7-14, Alg. 2", "drs"},
            {Plane::Placement, "double-dqn", "learned: DRS with the Double DQN target", "DRS 5.3.2",
             "double-dqn"},
            {Plane::Placement, "dueling-dqn", "learned: DRS with a dueling Q-network", "DRS 5.3.2",
             "dueling-dqn"},
            {Plane::Placement, "ppo", "learned: DRS state and reward, PPO actor-critic", "DRS 5.3.2",
             "ppo"},
            };
        for (const global::GlobalArchitecture &a : global::globalArchitectures())
            c.push_back({Plane::Global, a.name, a.summary, a.source});
        return c;
    }();
    return catalog;
}

std::string planeName(Plane plane)
{
    switch (plane) {
    case Plane::Dispatch: return "dispatch";
    case Plane::Dequeue: return "dequeue";
    case Plane::Orchestration: return "orchestration";
    case Plane::Placement: return "placement";
    case Plane::Global: return "global";
    }
    return "?";
}

const PolicyInfo *findPolicy(Plane plane, const std::string &name)
{
    for (const PolicyInfo &p : policyCatalog())
        if (p.plane == plane && p.name == name)
            return &p;
    return nullptr;
}

bool isKnownPolicy(Plane plane, const std::string &name)
{
    return findPolicy(plane, name) != nullptr;
}

bool agentTrains(const std::string &agent, const PolicyInfo &policy)
{
    if (policy.agent.empty())
        return false;
    if (agent == "kais")
        return policy.agent == "cmmac" || policy.agent == "gpg";
    return policy.agent == agent;
}

std::string needsCheckpointMessage(const PolicyInfo &info)
{
    return planeName(info.plane) + " policy '" + info.name +
           "' is learned and needs trained weights: run `schedlab-cli train SCENARIO --agent " +
           info.agent + " --checkpoint FILE`, then pass --checkpoint FILE" +
           (agentTrains("kais", info) ? " (`--agent kais` trains cmmac and gpg together)" : "");
}

namespace {
std::size_t editDistance(const std::string &a, const std::string &b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}
} // namespace

std::string unknownPolicyMessage(Plane plane, const std::string &name)
{
    std::string known, closest;
    std::size_t best = 3;
    for (const PolicyInfo &p : policyCatalog()) {
        if (p.plane != plane)
            continue;
        known += (known.empty() ? "" : ", ") + p.name;
        const std::size_t d = editDistance(name, p.name);
        if (d < best) {
            best = d;
            closest = p.name;
        }
    }
    std::string msg = "unknown " + planeName(plane) + " policy '" + name + "'";
    if (!closest.empty())
        msg += " (did you mean '" + closest + "'?)";
    return msg + "; known: " + known;
}

namespace {
/** The model a learned policy runs; throws when there is none. */
const LearnedModel &requireModel(Plane plane, const std::string &name, const LearnedModel *model)
{
    if (!model)
        throw std::invalid_argument(needsCheckpointMessage(*findPolicy(plane, name)));
    return *model;
}
} // namespace

std::unique_ptr<DispatchPolicy> makeDispatchPolicy(const std::string &name,
                                                   const LearnedModel *model)
{
    if (name == "random")
        return makeRandomDispatch();
    if (name == "round-robin")
        return makeRoundRobinDispatch();
    if (name == "greedy")
        return makeGreedyDispatch();
    if (name == "kube-default")
        return makeKubeDefaultDispatch();
    if (name == "firmament")
        return makeFirmamentDispatch();
    if (name == "cmmac")
        return makeCmmacDispatch(requireModel(Plane::Dispatch, name, model));
    return nullptr;
}

std::unique_ptr<DequeuePolicy> makeDequeuePolicy(const std::string &name)
{
    if (name == "fifo")
        return makeFifoDequeue();
    if (name == "latency-greedy")
        return makeLatencyGreedyDequeue();
    if (name == "discounted-experience")
        return makeDiscountedExperienceDequeue();
    return nullptr;
}

std::unique_ptr<OrchestrationPolicy> makeOrchestrationPolicy(const std::string &name,
                                                             const LearnedModel *model)
{
    if (name == "static")
        return makeStaticOrchestration();
    if (name == "hpa")
        return makeHpaOrchestration();
    if (name == "gsp-ss")
        return makeGspSsOrchestration();
    if (name == "gpg")
        return makeGpgOrchestration(requireModel(Plane::Orchestration, name, model));
    return nullptr;
}

std::unique_ptr<PlacementFramework> makePlacementPolicy(const std::string &name,
                                                        const LearnedModel *model)
{
    if (name == "kube-default")
        return makeKubeDefaultPlacement();
    if (name == "layer")
        return makeLayerPlacement();
    if (name == "lrscheduler")
        return makeLrScheduler();
    if (name == "kubehice")
        return makeKubeHicePlacement();
    if (name == "random")
        return makeRandomPlacement();
    if (name == "round-robin")
        return makeRoundRobinPlacement();
    if (name == "drs" || name == "double-dqn" || name == "dueling-dqn" || name == "ppo")
        return makeDrsPlacement(name, requireModel(Plane::Placement, name, model));
    return nullptr;
}

} // namespace schedlab
