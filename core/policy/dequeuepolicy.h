// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/simstate.h"

namespace schedlab {

/**
 * Dequeue plane: the order in which queued requests leave a queue (KaiS III-A-3).
 * Queues are numbered: eAP queues 0..B-1 use it as Ψ, edge node n as B+n and the
 * cloud as B+N use it as Ψ'. The highest priority leaves first; ties keep queue order.
 */
class DequeuePolicy
{
public:
    virtual ~DequeuePolicy() = default;
    virtual void reset(const SimState &state, int queueCount) {}
    virtual double priority(int queue, const Request &request, double now) const = 0;
    /** A request of `service` that left `queue` finished after `seconds`
     *  (from eAP dequeue to completion for Ψ, execution only for Ψ'). */
    virtual void observe(int queue, int service, double seconds) {}
    /** Slot boundary: fold the slot's observations into the estimates. */
    virtual void endSlot() {}
    /** True when priority is queue order, which lets the engine skip the scan. */
    virtual bool isFifo() const { return false; }
};

} // namespace schedlab
