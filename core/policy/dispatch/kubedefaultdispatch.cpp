// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/dispatchpolicies.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

namespace {
/**
 * The Kubernetes default scheduler's logic applied to one request: Filter keeps
 * nodes where this request still gets a whole core (load + 1 <= cores); Score adds
 * NodeResourcesFit LeastAllocated and NodeResourcesBalancedAllocation (both 0..100,
 * weight 1). No node passes the filter: the request goes to the cloud.
 */
class KubeDefaultDispatch final : public DispatchPolicy
{
public:
    int dispatch(const DispatchContext &ctx) override
    {
        const SimState &st = ctx.state;
        int best = kCloud;
        double bestScore = -1.0;
        for (int n : ctx.candidates) {
            const NodeInfo &info = st.topology->nodes[n];
            const double cpu = (st.nodes[n].demand + 1.0) / info.cpu;
            if (cpu > 1.0 + 1e-9)
                continue; // Filter: NodeResourcesFit
            const double mem = st.memAllocated(n);
            const double leastAllocated = 100.0 * ((1.0 - cpu) + (1.0 - mem)) / 2.0;
            const double mean = (cpu + mem) / 2.0;
            const double sd = std::sqrt(((cpu - mean) * (cpu - mean) + (mem - mean) * (mem - mean)) / 2.0);
            const double balanced = 100.0 * (1.0 - sd);
            const double score = leastAllocated + balanced;
            if (score > bestScore) {
                best = n;
                bestScore = score;
            }
        }
        return best;
    }
};
} // namespace

std::unique_ptr<DispatchPolicy> makeKubeDefaultDispatch()
{
    return std::make_unique<KubeDefaultDispatch>();
}

} // namespace schedlab
