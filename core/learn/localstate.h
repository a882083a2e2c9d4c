// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/statelayout.h"

#include <cstdint>
#include <span>
#include <vector>

namespace schedlab {

struct DispatchContext;
struct Request;
struct SimState;
struct Topology;

/**
 * Writes one eAP agent's cMMAC local state s_{b,t} (KaiS Sec. III-A-1) and its
 * resource context F_{b,t} (eq. 4) in the layout of LocalStateLayout, with the
 * normalisations documented there. Fixes the eAP's pool (every edge node of its
 * site, in topology order) at construction; writing allocates nothing, since it
 * runs for every dispatch decision. Plain C++, no torch.
 */
class LocalStateBuilder
{
public:
    LocalStateBuilder() = default;
    /** Throws std::invalid_argument for an eAP index out of range. `squashed`: the
     *  unbounded entries (seconds to the deadline, the eAP's queue, a node's queue per
     *  core) enter as x / (x + scale), in [0, 1) like the others (kStateScaleKey). */
    LocalStateBuilder(const Topology &topology, int services, int eap, bool squashed = false);

    const LocalStateLayout &layout() const { return mLayout; }
    int eap() const { return mEap; }
    /** The action space's edge nodes: node id of pool node j. */
    const std::vector<int> &pool() const { return mPool; }
    bool squashed() const { return mSquashed; }
    /** Pool index j of a node id, or -1 when the node is not in the pool. */
    int poolIndex(int node) const;
    /** The dispatch target of actor output `action`: kCloud for 0, else pool node action − 1. */
    int target(int action) const;

    /** s_{b,t} for `ctx.request` into `out` (layout().size() values). */
    void write(const DispatchContext &ctx, std::span<float> out) const;
    /** s_{b,t} with `request` as r_{b,t}; null writes a zero service and delay
     *  (the eAP has no request this slot). */
    void write(const SimState &state, const Request *request, std::span<float> out) const;
    /** Eq. 4 into `mask` (layout().actions() entries): the cloud (0) always 1,
     *  pool node j (j + 1) 1 iff it is one of ctx.candidates. */
    void writeMask(const DispatchContext &ctx, std::span<std::uint8_t> mask) const;

private:
    LocalStateLayout mLayout;
    int mEap = -1;
    std::vector<int> mPool;
    std::vector<int> mPoolIndex;        ///< per node id: j, or -1
    std::vector<std::uint8_t> mManaged; ///< per pool node: in N_b
    float mManagedShare = 0.0f;         ///< N_b / P
    float mCloudLatency = 0.0f;         ///< seconds
    bool mSquashed = false;
};

/** A cMMAC checkpoint's info key for how its actors read their inputs: "squashed"
 *  (LocalStateBuilder's squashed entries); absent or "raw": as measured. */
inline constexpr const char *kStateScaleKey = "state_scale";

} // namespace schedlab
