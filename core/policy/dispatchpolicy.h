// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simstate.h"

#include <vector>

namespace schedlab {

class Rng;

/** What an eAP's dispatch agent sees when it places one request (KaiS Sec. III-A). */
struct DispatchContext
{
    const SimState &state;
    int eap;
    const Request &request;
    /** Edge nodes of the eAP's pool that host a ready replica of the request's
     *  service: the nodes the resource context F of eq. 4 marks available. */
    const std::vector<int> &candidates;
    Rng &rng; ///< the run's "dispatch" stream
};

/** Dispatch plane: chooses an edge node from `candidates`, or kCloud. */
class DispatchPolicy
{
public:
    virtual ~DispatchPolicy() = default;
    virtual void reset(const SimState &state) {}
    virtual int dispatch(const DispatchContext &ctx) = 0;
};

} // namespace schedlab
