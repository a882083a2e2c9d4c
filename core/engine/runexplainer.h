// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace schedlab {

/** Why the engine dropped a request: where it waited past its deadline, and what
 *  kept it waiting. */
enum class DropCause {
    EapSlotWait,    ///< its deadline passed before the eAP's next dispatch slot
    EapCeiling,     ///< passed over at its eAP by time.dispatch_per_slot
    NodeBusy,       ///< queued at its node while the node's replicas of its service were busy
    NodeNoReplica,  ///< queued at its node after the replica of its service there was removed
    NodeLate,       ///< reached its node already past its deadline
    CloudNoReplica, ///< went to the cloud because no edge node in reach could take it
    CloudChosen,    ///< sent to the cloud by the dispatch policy; no free cloud core
    CloudNoCores,   ///< sent to the cloud by the dispatch policy; the cloud has no cores
    CloudLate,      ///< reached the cloud already past its deadline
};
constexpr int kDropCauseCount = 9;

/** "eap-slot-wait", ...: the cause's name in machine-readable output. */
const char *dropCauseKey(DropCause cause);
/** What the cause means, a phrase after "dropped: ". */
const char *dropCauseText(DropCause cause);

/** Why an edge node served no request. */
enum class IdleReason {
    NoReplica,    ///< held no ready replica of any service
    NoRequests,   ///< held replicas, but no request for their services came to its site
    NeverOffered, ///< requests came, but it never was a node dispatch could choose
    NotChosen,    ///< it was offered, and dispatch chose other nodes or the cloud
};
const char *idleReasonKey(IdleReason reason);

/** Requests by where they went. */
struct PlaceCounts
{
    std::uint64_t dispatched = 0, onTime = 0, late = 0, dropped = 0;
};

struct EapCounts
{
    std::uint64_t toEdge = 0, toCloud = 0, dropped = 0;
    std::uint64_t noReplica = 0; ///< of toCloud: no edge node in reach hosted the service
};

struct DropCount
{
    DropCause cause;
    int where; ///< the eAP, the edge node, or kCloud
    int service;
    std::uint64_t count = 0;
};

struct IdleNode
{
    int node;
    IdleReason reason;
    std::string why; ///< the reason with its facts, a sentence
};

/** A run's diagnostics: where its requests went, why some were dropped, which
 *  nodes stayed idle and why, and hints that follow from those facts. */
struct RunExplanation
{
    std::uint64_t arrived = 0, onTime = 0, late = 0, dropped = 0, inFlight = 0;
    std::vector<std::string> eapNames, nodeNames, serviceNames; ///< edge nodes only
    std::vector<EapCounts> eaps;
    std::vector<PlaceCounts> nodes; ///< per edge node
    PlaceCounts cloud;
    std::vector<DropCount> drops; ///< most first
    std::vector<IdleNode> idle;
    std::vector<std::string> hints;

    /** "node edge-1", "eAP ap-0", "the cloud": the place a drop count names. */
    std::string placeOf(const DropCount &d) const;
};

/**
 * Watches a run and explains it (explain() at any slot, during or after the run).
 * Counts every dispatch, completion and drop by the engine's own facts: the nodes
 * F offered, the queue a request waited in, the replicas its node held then.
 */
class RunExplainer final : public SimObserver
{
public:
    /** `policies`: the names the run was built from, for the explanation's words. */
    RunExplainer(const Scenario &scenario, const Topology &topology, PolicySelection policies);

    void onSlot(const SimState &state) override;
    void onCandidates(const SimState &state, std::int32_t request, int eap,
                      const std::vector<int> &candidates, int chosen) override;
    void onDispatch(const SimState &state, std::int32_t request, int eap, int target) override;
    void onDrop(const SimState &state, std::int32_t request, DropSite site, int where) override;
    void onComplete(const SimState &state, std::int32_t request, bool onTime) override;

    /** `engine`'s counts so far, explained; the engine must be the one watched. */
    RunExplanation explain(const Engine &engine) const;

private:
    enum class Sent : std::uint8_t { NotYet, NoReplica, Chosen };
    struct Track
    {
        bool queuedAtSlotEnd = false; ///< in its eAP queue when the last slot ended
        bool passedOver = false;      ///< left there by the dispatch ceiling
        Sent sent = Sent::NotYet;
    };
    Track &track(std::int32_t request);
    DropCause causeOf(const SimState &state, std::int32_t request, DropSite site, int where);
    std::string idleWhy(int node, IdleReason &reason) const;
    std::vector<std::string> hints(const RunExplanation &e) const;

    const Scenario &mScenario;
    const Topology &mTopology;
    PolicySelection mPolicies;
    int mServices;
    std::vector<Track> mTracks; ///< by request id (ids are reused: reset when one leaves)
    std::vector<EapCounts> mEaps;
    std::vector<PlaceCounts> mNodes;
    PlaceCounts mCloud;
    std::vector<std::uint64_t> mOffered;      ///< per edge node: requests F offered it for
    std::vector<std::vector<int>> mEverReady; ///< per edge node: services ready at a slot end
    std::vector<std::uint64_t> mSiteRequests; ///< [site * services + service] dispatched
    std::map<std::tuple<int, int, int>, std::uint64_t> mDrops; ///< {cause, where, service}
};

} // namespace schedlab
