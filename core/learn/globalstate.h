// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/localstate.h"

#include <cstdint>
#include <span>
#include <vector>

namespace schedlab {

/**
 * The critic's global state ŝ_t (KaiS Sec. III-A-1): (i) the local state of every
 * eAP b = 0..B−1, in topology order, each in its own LocalStateLayout, then (ii)
 * Q'_C, the requests waiting at the cloud cluster per cloud core, as the node
 * queues are counted. eAP b's block starts at offset(b); size() is their sum + 1.
 */
class GlobalStateBuilder
{
public:
    GlobalStateBuilder() = default;
    /** `squashed`: every eAP's block as LocalStateBuilder's squashed entries. */
    GlobalStateBuilder(const Topology &topology, int services, bool squashed = false);

    int eaps() const { return int(mLocal.size()); }
    const LocalStateBuilder &local(int eap) const { return mLocal[eap]; }
    const std::vector<LocalStateBuilder> &locals() const { return mLocal; }
    int offset(int eap) const { return mOffsets[eap]; }
    int cloudQueueOffset() const { return mOffsets.back(); }
    int size() const { return mOffsets.back() + 1; }

    /** ŝ_t into `out` (size() values). `requests[b]` is eAP b's r_{b,t}, a request
     *  id into state.requests, or −1 when it has none this slot. */
    void write(const SimState &state, std::span<const std::int32_t> requests,
               std::span<float> out) const;

private:
    std::vector<LocalStateBuilder> mLocal;
    std::vector<int> mOffsets{0}; ///< B + 1 entries: block starts, then the cloud queue
    double mCloudCores = 0.0;
    bool mSquashed = false;
};

} // namespace schedlab
