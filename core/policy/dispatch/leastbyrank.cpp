// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatchpolicy.h"
#include "state/topology.h"

namespace schedlab {

int leastByRank(const DispatchPolicy &policy, const DispatchContext &ctx)
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
