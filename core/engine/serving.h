// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/perfanalyzer.h"
#include "state/random.h"

#include <cstdint>
#include <vector>

namespace schedlab {

/**
 * The replicas of serving deployment streams under their request load, the
 * node monitors that report them and the performance analyser fed by the
 * reports (KubeHICE Fig. 3: Monitor Client/Server, Performance Analyzer).
 * Owned by the engine; only present when a stream serves a load.
 */
struct ServingState
{
    /** How often the monitor clients report container status. */
    static constexpr double kMonitorInterval = 15.0;

    struct Replica
    {
        std::int32_t pod = -1;
        double start = 0.0;
        double rate = 0.0;                       ///< requests per second it serves now
        double cores = 0.0;                      ///< cores it uses now
        double since = 0.0;                      ///< integrals below are up to date until here
        double served = 0.0, busy = 0.0;         ///< requests, core-seconds since start
        double markServed = 0.0, markBusy = 0.0; ///< at the last report
        double markAt = 0.0;
    };
    struct Stream
    {
        std::vector<Replica> running;
        double served = 0.0; ///< requests served by replicas that ended
        double up = 0.0;     ///< seconds with at least one running replica
        double upSince = 0.0;
    };

    ServingState(int streams, int nodes, std::uint64_t seed)
        : streams(streams), analyzer(nodes), rng(Rng::stream(seed, "monitor"))
    {
    }

    std::vector<Stream> streams;
    PerfAnalyzer analyzer;
    Rng rng;
    std::vector<double> replicaUtil;      ///< reported streams' replicas that ended
    std::vector<PerfObservation> reports; ///< scratch
};

} // namespace schedlab
