// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/simstate.h"

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
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
    /** The candidate least by the policy's rank(), when the engine keeps its
     *  candidates ranked (kCloud: none of them qualifies); empty: scan `candidates`. */
    std::optional<int> leastRanked = std::nullopt;
    /** state.cpuLoad(n) and state.memAllocated(n) of every node n, as the engine
     *  keeps them when requests and replicas come and go, so that a scan reads two
     *  arrays; empty: compute them. */
    std::span<const double> cpuLoads = {};
    std::span<const double> memAllocated = {};
};

/** How a node ranks for a policy that sends a request to its least candidate. */
using NodeRank = std::pair<double, double>;

/** One request the eAPs dispatch in the coming slot, in the order it is dispatched. */
struct SlotRequest
{
    int eap;
    std::int32_t request;
    /** As DispatchContext::candidates: the nodes eq. 4 marks available for it. */
    const std::vector<int> *candidates;
};

/**
 * Dispatch plane: chooses an edge node from `candidates`, or kCloud.
 *
 * A decentralised policy decides at each eAP, one request at a time (KaiS
 * III-A). A centralised one (KaiS V: Firmament) first sees the whole slot in
 * beginSlot(), plans it, and pays for the round trip to the central scheduler
 * through decisionDelay().
 */
class DispatchPolicy
{
public:
    virtual ~DispatchPolicy() = default;
    virtual void reset(const SimState &state) {}
    virtual int dispatch(const DispatchContext &ctx) = 0;

    /** True: the engine gathers every eAP's requests of the slot and calls
     *  beginSlot() before their dispatch() calls. */
    virtual bool centralised() const { return false; }
    /** The slot's requests from all eAPs, before any of them is dispatched
     *  (called only for a centralised policy, and only when `batch` is not empty). */
    virtual void beginSlot(const SimState &state, const std::vector<SlotRequest> &batch) {}
    /** Seconds from a request leaving the queue of `eap` until its decision is
     *  back at the eAP and it can be sent on: 0 for a decision taken at the eAP. */
    virtual double decisionDelay(int eap) const { return 0.0; }

    /** True for a policy whose decision is the least of the candidates by rank(),
     *  ties to the lower node id, the cloud when none has a rank. The engine then
     *  keeps each site's hosting nodes ordered by it as their state changes, and a
     *  decision costs no scan (DispatchContext::leastRanked). */
    virtual bool ranksNodes() const { return false; }
    /** Node `node`'s rank from its state alone (the same state, the same rank);
     *  empty: not a choice now. */
    virtual std::optional<NodeRank> rank(const SimState &state, int node) const
    {
        return std::nullopt;
    }
};

/** A ranking policy's decision without an index: the least candidate by rank().
 *  A template, so that a final policy's rank() is inlined into the scan. */
template <typename Policy> int leastByRank(const Policy &policy, const DispatchContext &ctx)
{
    int best = kCloud;
    NodeRank bestRank{};
    for (const int n : ctx.candidates) {
        const auto rank = policy.rank(ctx.state, n);
        if (rank && (best == kCloud || *rank < bestRank)) {
            best = n;
            bestRank = *rank;
        }
    }
    return best;
}

} // namespace schedlab
