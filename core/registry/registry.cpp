// SPDX-License-Identifier: GPL-3.0-or-later
// The registry: one row per policy (kube-scheduler's plugins/registry.go). A new
// policy is its own file plus one row here.
#include "registry/registry.h"

#include "base/suggest.h"
#include "engine/policyset.h"
#include "learn/drsmodel.h"
#include "learn/learnedpolicies.h"
#include "placement/agentplacement.h"
#include "placement/placementframework.h"
#include "policy/dequeue/dequeuepolicies.h"
#include "policy/dispatch/dispatchpolicies.h"
#include "policy/global/architecture.h"
#include "policy/orchestration/orchestrationpolicies.h"

#include <algorithm>
#include <stdexcept>

namespace schedlab {

namespace {
void put(PolicySet &set, std::unique_ptr<DispatchPolicy> p) { set.dispatch = std::move(p); }
void put(PolicySet &set, std::unique_ptr<DequeuePolicy> p) { set.dequeue = std::move(p); }
void put(PolicySet &set, std::unique_ptr<OrchestrationPolicy> p) { set.orchestration = std::move(p); }
void put(PolicySet &set, std::unique_ptr<PlacementFramework> p) { set.placement = std::move(p); }

/** The factory of a policy made from nothing ... */
template <auto make>
void plain(PolicySet &set, const LearnedModel *) { put(set, make()); }
/** ... and of one that runs trained weights. */
template <auto make>
void learned(PolicySet &set, const LearnedModel *model) { put(set, make(*model)); }
} // namespace

namespace {
/** A list: rows stay where they are when one is registered. */
std::list<PolicyInfo> &catalogRows()
{
    static std::list<PolicyInfo> catalog = [] {
        std::list<PolicyInfo> c = {
            {Plane::Dispatch, "random", "uniform over available edge nodes and the cloud", "KaiS V",
             plain<makeRandomDispatch>},
            {Plane::Dispatch, "round-robin", "each eAP cycles over its pool and the cloud",
             "KaiS V", plain<makeRoundRobinDispatch>},
            {Plane::Dispatch, "greedy", "the available edge node with the lowest utilisation",
             "KaiS V", plain<makeGreedyDispatch>},
            {Plane::Dispatch, "kube-default",
             "filter by fit, score LeastAllocated + BalancedAllocation; cloud if none fits",
             "DRS 2.1, LRS IV-B", plain<makeKubeDefaultDispatch>},
            {Plane::Dispatch, "firmament",
             "centralised: min-cost max-flow over the slot's requests, after an upload to the "
             "cloud and back",
             "KaiS V; Firmament (OSDI'16)", plain<makeFirmamentDispatch>},
            {Plane::Dispatch, "gsp-ss",
             "requests split as the LP shadow schedule on known arrival rates says, the rest "
             "to the cloud",
             "KaiS V; Farhadi et al. (INFOCOM'19)", plain<makeGspSsDispatch>},
            {Plane::Dispatch, "cmmac",
             "learned: one actor per eAP over its local state, masked by the resource context",
             "KaiS III-A, eq. 2-7", learned<makeCmmacDispatch>, "cmmac"},
            {Plane::Dispatch, "cmmac-central",
             "learned: the cmmac actors run in the cloud; requests wait for the upload and the "
             "decisions",
             "KaiS V, Fig. 9c", learned<makeCentralCmmacDispatch>, "cmmac"},
            {Plane::Dequeue, "fifo", "first in, first out", "KaiS III-A-3", plain<makeFifoDequeue>},
            {Plane::Dequeue, "latency-greedy", "least time to deadline first", "KaiS III-A-3",
             plain<makeLatencyGreedyDequeue>},
            {Plane::Dequeue, "discounted-experience",
             "priority from discounted completion-time experience (Ψ at eAPs, Ψ' at nodes)",
             "KaiS eq. 8-9", plain<[] { return makeDiscountedExperienceDequeue(); }>},
            {Plane::Orchestration, "static", "the scenario's initial replicas, never changed", "-",
             plain<makeStaticOrchestration>},
            {Plane::Orchestration, "hpa",
             "Kubernetes HPA: ceil(current x metric/target), tolerance, stabilisation",
             "KaiS V (Native)", plain<[] { return makeHpaOrchestration(); }>},
            {Plane::Orchestration, "gsp-ss",
             "LP shadow request scheduling on known arrival rates, then greedy replica placement",
             "KaiS V; Farhadi et al. (INFOCOM'19)", plain<makeGspSsOrchestration>},
            {Plane::Orchestration, "gpg",
             "learned: GNN embedding of nodes, eAPs and cluster; H high-value nodes, one "
             "scaling action each",
             "KaiS III-B, eq. 10-12", learned<makeGpgOrchestration>, "gpg"},
            {Plane::Placement, "kube-default",
             "pods: filter (fit, taints, node selector) and score LeastAllocated + "
             "BalancedAllocation + ImageLocality + TaintToleration",
             "DRS 2.1, LRS IV-B", plain<makeKubeDefaultPlacement>},
            {Plane::Placement, "layer", "kube-default + layer sharing score, static weight 4",
             "LRS eq. 1-5, VI-A", plain<[] { return makeLayerPlacement(); }>},
            {Plane::Placement,
             "lrscheduler",
             "kube-default + layer sharing score, dynamic weight from load and balance",
             "LRS eq. 11-13, Alg. 1",
             plain<[] { return makeLrScheduler(); }>,
             {},
             {{"LayerSharing", "ω1 or ω2, LRS eq. 13"}}},
            {Plane::Placement, "kubehice",
             "kube-default + arch filter, performance score and per-node cpu (CPU k_b/k_j) "
             "from estimated node performance; image rewritten for the node's arch",
             "KubeHICE eq. 1-5, Table II", plain<makeKubeHicePlacement>},
            {Plane::Placement, "random", "a node drawn uniformly from those passing the filters",
             "DRS 5.3", plain<makeRandomPlacement>},
            {Plane::Placement, "round-robin", "the next node in turn that passes the filters",
             "DRS 5.3", plain<makeRoundRobinPlacement>},
            {Plane::Placement, "drs",
             "learned: DQN over node utilisations and the pod's demand, best feasible node",
             "DRS 3, eq. 7-14, Alg. 2",
             learned<[](const LearnedModel &m) { return makeDrsPlacement("drs", m); }>, "drs"},
            {Plane::Placement, "double-dqn", "learned: DRS with the Double DQN target", "DRS 5.3.2",
             learned<[](const LearnedModel &m) { return makeDrsPlacement("double-dqn", m); }>,
             "double-dqn"},
            {Plane::Placement, "dueling-dqn", "learned: DRS with a dueling Q-network", "DRS 5.3.2",
             learned<[](const LearnedModel &m) { return makeDrsPlacement("dueling-dqn", m); }>,
             "dueling-dqn"},
            {Plane::Placement, "ppo", "learned: DRS state and reward, PPO actor-critic",
             "DRS 5.3.2", learned<[](const LearnedModel &m) { return makeDrsPlacement("ppo", m); }>,
             "ppo"},
            {Plane::Placement, "sac", "learned: DRS state and reward, discrete soft actor-critic",
             "DRS 5.3.2", learned<[](const LearnedModel &m) { return makeDrsPlacement("sac", m); }>,
             "sac"},
            {Plane::Placement, "rlsk",
             "learned: DRS's DQN with RLSK's reward (cpu and memory only)", "DRS 5.3.5, Table 5",
             learned<[](const LearnedModel &m) { return makeDrsPlacement("rlsk", m); }>, "rlsk"},
            {Plane::Placement, "deeprm",
             "learned: DRS's DQN with DeepRM's slowdown reward −Σ 1/T_j", "DRS 5.3.5, Table 5",
             learned<[](const LearnedModel &m) { return makeDrsPlacement("deeprm", m); }>,
             "deeprm"},
            {Plane::Placement, "multi-deeprm",
             "learned: DRS's DQN with Multi-DeepRM's per-machine slowdown reward",
             "DRS 5.3.5, Table 5",
             learned<[](const LearnedModel &m) { return makeDrsPlacement("multi-deeprm", m); }>,
             "multi-deeprm"},
        };
        for (const global::GlobalArchitecture &a : global::globalArchitectures())
            c.push_back({Plane::Global, a.name, a.summary, a.source});
        return c;
    }();
    return catalog;
}
} // namespace

const std::list<PolicyInfo> &policyCatalog() { return catalogRows(); }

void registerPolicy(PolicyInfo info)
{
    if (findPolicy(info.plane, info.name))
        throw std::invalid_argument(planeName(info.plane) + " policy '" + info.name +
                                    "' is registered already");
    if (!info.make && info.plane != Plane::Global)
        throw std::invalid_argument(planeName(info.plane) + " policy '" + info.name +
                                    "' has no factory");
    std::list<PolicyInfo> &rows = catalogRows();
    // After the last row of its plane, so that lists keep planes together.
    auto at = rows.end();
    for (auto it = rows.begin(); it != rows.end(); ++it)
        if (it->plane == info.plane)
            at = std::next(it);
    rows.insert(at, std::move(info));
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

std::vector<std::string> policyNames(Plane plane)
{
    std::vector<std::string> names;
    for (const PolicyInfo &p : policyCatalog())
        if (p.plane == plane)
            names.push_back(p.name);
    return names;
}

std::string unknownPolicyMessage(Plane plane, const std::string &name)
{
    const std::vector<std::string> known = policyNames(plane);
    std::string list;
    for (const std::string &n : known)
        list += (list.empty() ? "" : ", ") + n;
    return "unknown " + planeName(plane) + " policy '" + name + "'" + didYouMean(name, known) +
           "; known: " + list;
}

bool agentTrains(const std::string &agent, const PolicyInfo &policy)
{
    if (policy.agent.empty())
        return false;
    if (agent == "kais")
        return policy.agent == "cmmac" || policy.agent == "gpg";
    if (agent == kDrsFamilyAgent)
        return policy.plane == Plane::Placement;
    return policy.agent == agent;
}

std::string needsCheckpointMessage(const PolicyInfo &info)
{
    return planeName(info.plane) + " policy '" + info.name +
           "' is learned and needs trained weights: run `schedlab-cli train SCENARIO --agent " +
           info.agent + " --checkpoint FILE`, then pass --checkpoint FILE" +
           (agentTrains("kais", info) ? " (`--agent kais` trains cmmac and gpg together)" : "");
}

std::vector<std::string> placementPluginNames(const std::string &policy)
{
    const PolicyInfo *info = findPolicy(Plane::Placement, policy);
    if (!info || !info->agent.empty())
        return {};
    PolicySet set;
    info->make(set, nullptr);
    std::vector<std::string> names;
    for (int p = 0; p < set.placement->pluginCount(); ++p)
        names.emplace_back(set.placement->pluginName(p));
    return names;
}

std::string placementWeightProblem(const std::string &policy, const std::string &plugin)
{
    const std::vector<std::string> plugins = placementPluginNames(policy);
    if (plugins.empty())
        return "placement policy '" + policy + "' has no weights to set";
    if (std::find(plugins.begin(), plugins.end(), plugin) == plugins.end())
        return "placement policy '" + policy + "' has no plugin '" + plugin + "'" +
               didYouMean(plugin, plugins) + "; its plugins: " + joinAlternatives(plugins);
    for (const OwnWeight &own : findPolicy(Plane::Placement, policy)->ownWeights)
        if (own.plugin == plugin)
            return policy + " sets the " + plugin + " weight itself (" + own.how + ")";
    return {};
}

} // namespace schedlab
