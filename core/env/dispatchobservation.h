// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/localstate.h"

#include <cstdint>
#include <span>
#include <vector>

namespace schedlab {

struct DispatchContext;
struct SimState;
struct Topology;

/**
 * One dispatch decision as an agent outside the engine sees it: the cMMAC local
 * state s_{b,t} and resource context F_{b,t} (KaiS Sec. III-A-1, eq. 4) of the
 * deciding eAP, in LocalStateLayout's order, zero-padded to the largest eAP so that
 * one agent can act for every eAP. Action 0 is the cloud and action j + 1 the eAP's
 * pool node j (topology order, so ascending node id); actions past an eAP's pool are
 * masked out. Beside the state, what the built-in baselines compare, exactly: each
 * action's node load (requests on it per core) and memory allocation.
 */
class DispatchObservation
{
public:
    /** `squashed`: LocalStateBuilder's squashed entries (KaisParameters::stateScale). */
    DispatchObservation(const Topology &topology, int services, bool squashed = false);

    int size() const { return mSize; }
    int actions() const { return mActions; }
    int eaps() const { return int(mLocal.size()); }
    const LocalStateBuilder &local(int eap) const { return mLocal[std::size_t(eap)]; }
    /** The target of `action` at `eap`: kCloud for 0 and for actions past its pool. */
    int target(int eap, int action) const;

    /** s_{b,t} into `state` (size()) and F_{b,t} into `mask` (actions()). */
    void write(const DispatchContext &ctx, std::span<float> state,
               std::span<std::uint8_t> mask) const;
    /** Per action: SimState::cpuLoad and memAllocated of its node (read from the
     *  engine's arrays of them when given: DispatchContext::cpuLoads, memAllocated);
     *  0 for the cloud and past the pool. */
    void writeLoads(const SimState &state, std::span<const double> cpuLoads,
                    std::span<const double> memAllocated, int eap, std::span<double> load,
                    std::span<double> memory) const;

private:
    std::vector<LocalStateBuilder> mLocal;
    int mSize = 0;
    int mActions = 0;
};

} // namespace schedlab
