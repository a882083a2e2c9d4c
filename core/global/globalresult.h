// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace schedlab::global {

/** What one tenant, or one priority level, got out of a run (design doc 2.5.8). */
struct GroupOutcome
{
    std::int64_t arrived = 0;
    std::int64_t placed = 0;
    std::int64_t throttled = 0;
    std::int64_t failed = 0;
    double latencyMeanMs = 0.0;
    double latencyP99Ms = 0.0;
};

/**
 * A run of one architecture on one seed. Latencies are simulated time from arrival
 * to the node placement; a request still waiting when the run ends counts with its
 * wait so far, so an overloaded scheduler cannot hide its backlog. Requests that
 * failed (no cluster could take them within the patience) are counted, not timed.
 */
struct GlobalResult
{
    std::string architecture;
    std::uint64_t seed = 0;
    int clusters = 0;
    std::int64_t nodes = 0;
    std::int64_t arrived = 0;
    std::int64_t placed = 0;
    std::int64_t failed = 0;     ///< no candidate cluster, or attempts used up
    std::int64_t throttled = 0;  ///< refused by a tenant's queue limit
    std::int64_t unfinished = 0; ///< still queued or in flight at the end
    std::int64_t conflicts = 0;  ///< commits a cluster-level scheduler rejected (2.5.1)
    std::int64_t reschedules = 0;
    std::int64_t forwards = 0; ///< requests forwarded to a cluster's home (2.5.5)
    std::int64_t partitionMoves = 0;
    std::int64_t directPlaced = 0;   ///< requests sent straight to a cluster, placed (2.5.6)
    std::int64_t directRejected = 0; ///< requests sent straight to a cluster that had no room
    double schedLatencyP50Ms = 0.0;
    double schedLatencyP99Ms = 0.0;
    double queueWaitMeanMs = 0.0;
    double allocationRate = 0.0; ///< placements per second of the arrival window
    double placedShare = 0.0;    ///< placed / arrived
    double clusterUtilMean = 0.0;
    double clusterUtilStd = 0.0;
    double simulatedSeconds = 0.0;
    std::vector<GroupOutcome> tenants;
    std::vector<GroupOutcome> priorities;

    /** The summary metrics by name, in report order. */
    std::vector<std::pair<std::string, double>> metrics() const;
};

/** A result that gives `metrics` (GlobalResult::metrics() as a store keeps them): the
 *  summary metrics alone, the rest left empty. */
GlobalResult globalResultOf(const std::vector<std::pair<std::string, double>> &metrics);

/** Names of GlobalResult::metrics(), in the same order. */
const std::vector<std::string> &globalMetricNames();

} // namespace schedlab::global
