// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/simstate.h"

namespace schedlab {

/**
 * What an orchestration policy may read and do at a frame boundary, for one edge
 * site: each edge cluster has its own orchestrator (KaiS Sec. II-A), so replica
 * counts, bounds and metrics are per site.
 */
class OrchestrationContext
{
public:
    virtual ~OrchestrationContext() = default;
    virtual const SimState &state() const = 0;
    /** The edge site (index into Scenario::sites) this decision is for. */
    virtual int site() const = 0;
    virtual double frameSeconds() const = 0;
    /** Core-seconds the service's replicas in this site were busy during the last frame. */
    virtual double frameBusyCoreSeconds(int service) const = 0;
    /** Replicas of the service in this site, ready or still pulling, not draining. */
    virtual int edgeReplicas(int service) const = 0;
    /** Adds one replica where the scenario's placement puts it; false if no node fits. */
    virtual bool scaleUp(int service) = 0;
    /** Removes one replica (an idle one first); false if there is none. */
    virtual bool scaleDown(int service) = 0;
    /** Adds one replica of the service on edge node `node` (a Topology node id) of
     *  this site: for policies that choose the node themselves (KaiS GPG, Sec.
     *  III-B-2). False when the node is not one of the site's edge nodes, its image
     *  has no variant for the node's arch, or the replica does not fit. */
    virtual bool scaleUpOn(int service, int node) = 0;
    /** Removes one ready replica of the service from `node`, an idle one first,
     *  else a busy one drains; false when the node has none. */
    virtual bool scaleDownOn(int service, int node) = 0;
};

/** Orchestration plane: runs once per frame and edge site (KaiS two-time-scale, Sec. II-B). */
class OrchestrationPolicy
{
public:
    virtual ~OrchestrationPolicy() = default;
    virtual void reset(const SimState &state) {}
    virtual void onFrame(OrchestrationContext &ctx) = 0;
};

} // namespace schedlab
