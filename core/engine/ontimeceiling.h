// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "state/request.h"
#include "state/topology.h"

#include <map>
#include <string>
#include <vector>

namespace schedlab {

/**
 * Whether a request could be on time at all: its best case, as if every queue were
 * empty and every decision instant. It reaches its eAP over the access link, leaves
 * at the next slot boundary (the engine dispatches at slot starts), and either goes
 * over the LAN to the fastest node of its site that could hold it — the service's
 * image runs there and a replica fits the whole node (or one is pinned there with
 * `hosts`) and, when requests carry demands, so does the request (KaiS eq. 4) — where it runs alone
 * (one core at most, at the node's perf) and its result returns over the LAN and the access link;
 * or over the WAN to the cloud and back. Image pulls, the dispatch policy's decision delay and
 * `time.dispatch_per_slot` are left out, so no policy can beat it: the share of
 * requests for which it holds is a ceiling on Φ'.
 */
class OnTimeCeiling
{
public:
    /** `imageRuns`: [node * services + service], as imageRunsTable() gives it;
     *  `demands`: whether the requests' cpu and memory filter nodes. */
    OnTimeCeiling(const Scenario &scenario, const Topology &topology,
                  const std::vector<char> &imageRuns, bool demands);

    bool possible(const Request &r) const;

private:
    struct Candidate
    {
        int node;
        double speed; ///< perf × min(1, cores): a request alone on it
        double cpu, memory;
        const std::map<std::string, int> *pins; ///< NodeInfo::hosts: replicas pinned there
    };

    double bestEdgeSpeed(int site, const Request &r) const;

    const Scenario &mScenario;
    const Topology &mTopology;
    const std::vector<char> &mImageRuns;
    bool mDemands;
    int mServices;
    std::vector<std::vector<Candidate>> mBySite; ///< per site, fastest first
};

} // namespace schedlab
