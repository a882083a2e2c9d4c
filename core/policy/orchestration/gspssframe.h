// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/orchestration/shadowscheduling.h"
#include "state/simstate.h"

#include <vector>

namespace schedlab {

class ArrivalRateOracle;

/**
 * What both halves of GSP-SS (KaiS Sec. V: "for both" planes) see of one edge
 * site in one frame: the site's worker nodes, the replicas on them, and the
 * shadow scheduling LP on the requests the oracle knows will arrive at the
 * site's eAPs during the frame.
 */
struct GspSsSite
{
    /** u: the same target utilisation as the `hpa` baseline, for a fair comparison. */
    static constexpr double kUtilisation = 0.6;

    std::vector<int> nodes;   ///< edge nodes of the site with cpu and memory
    std::vector<int> current; ///< replicas, ready or pulling, not draining: [service * N + i]
    ShadowProblem problem;

    /** The site's nodes and replicas now, and the LP for the window [from, to). */
    static GspSsSite observe(const SimState &state, int site, double from, double to,
                             ArrivalRateOracle &oracle);
};

} // namespace schedlab
