// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementframework.h"

#include <memory>
#include <string>
#include <vector>

namespace schedlab {

/**
 * Picks a node for a pod: a scripted rule, a learned network or an environment
 * that waits for an external action. Consulted by the `agent` placement policy
 * in the Score stage, after the filters (DRS Sec. 4.1).
 */
class PlacementAgent
{
public:
    virtual ~PlacementAgent() = default;
    /** A node id in 0..view.nodeCount-1; any other value places the pod nowhere. */
    virtual int choose(const PodRequest &pod, const ClusterView &view) = 0;
};

/**
 * The DRS scheduler (Sec. 2.1, 3.2, 4.1): the Kubernetes filters (NodeResourcesFit,
 * TaintToleration, NodeAffinity), then the agent's node scores highest. A pod whose
 * chosen node fails a filter cannot be bound and goes to the back-off queue, retried
 * after 1 s, doubling up to 10 s (kube-scheduler's podInitialBackoff / podMaxBackoff).
 */
class AgentPlacement final : public PlacementFramework
{
public:
    explicit AgentPlacement(PlacementAgent &agent, std::string name = "agent");
    /** Owns its agent: a registry policy such as `random` or `drs`. */
    AgentPlacement(std::unique_ptr<PlacementAgent> agent, std::string name);
    double retryDelay(int failures, const PodRequest &, const ClusterView &) const override;

private:
    std::unique_ptr<PlacementAgent> mOwned;
};

std::unique_ptr<PlacementFramework> makeAgentPlacement(PlacementAgent &agent);

/** `random` (DRS Sec. 5.3): a node drawn uniformly from those passing the filters,
 *  with the view's tie-break stream. */
std::unique_ptr<PlacementFramework> makeRandomPlacement();
/** `round-robin` (DRS Sec. 5.3): the next node after the last chosen one, in node
 *  order, that passes the filters. */
std::unique_ptr<PlacementFramework> makeRoundRobinPlacement();

/** Per node: 1 if the pod passes the agent policy's filters there. */
std::vector<char> feasibleNodes(const PodRequest &pod, const ClusterView &view);

} // namespace schedlab
