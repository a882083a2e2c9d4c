// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simstate.h"

namespace schedlab {

/** What an orchestration policy may read and do at a frame boundary. */
class OrchestrationContext
{
public:
    virtual ~OrchestrationContext() = default;
    virtual const SimState &state() const = 0;
    virtual double frameSeconds() const = 0;
    /** Core-seconds the service's edge replicas were busy during the last frame. */
    virtual double frameBusyCoreSeconds(int service) const = 0;
    /** Edge replicas of the service, ready or still pulling, not draining. */
    virtual int edgeReplicas(int service) const = 0;
    /** Adds one replica where the scenario's placement puts it; false if no node fits. */
    virtual bool scaleUp(int service) = 0;
    /** Removes one replica (an idle one first); false if there is none. */
    virtual bool scaleDown(int service) = 0;
};

/** Orchestration plane: runs once per frame (KaiS two-time-scale, Sec. II-B). */
class OrchestrationPolicy
{
public:
    virtual ~OrchestrationPolicy() = default;
    virtual void reset(const SimState &state) {}
    virtual void onFrame(OrchestrationContext &ctx) = 0;
};

} // namespace schedlab
