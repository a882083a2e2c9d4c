// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/clusterscheduler.h"

namespace schedlab::global {

std::int32_t placeOnNode(NodeTable &nodes, std::int32_t cluster, const GlobalRequest &request)
{
    std::int32_t chosen = kNone;
    double chosenFree = -1.0;
    for (std::int32_t n = nodes.begin(cluster); n < nodes.end(cluster); ++n) {
        const Resources &f = nodes.free[std::size_t(n)];
        if ((nodes.storage[std::size_t(n)] & request.storage) != request.storage ||
            !f.holds(request.demand))
            continue;
        // Kubernetes' LeastAllocated: the mean free fraction of cpu and memory.
        const Resources &cap = nodes.capacity[std::size_t(n)];
        const double freeShare = (cap[Cpu] > 0 ? f[Cpu] / cap[Cpu] : 0.0) +
                                 (cap[Memory] > 0 ? f[Memory] / cap[Memory] : 0.0);
        if (freeShare > chosenFree) {
            chosenFree = freeShare;
            chosen = n;
        }
    }
    if (chosen != kNone)
        nodes.free[std::size_t(chosen)] -= request.demand;
    return chosen;
}

void releaseFromNode(NodeTable &nodes, std::int32_t node, const Resources &demand)
{
    nodes.free[std::size_t(node)] += demand;
}

} // namespace schedlab::global
