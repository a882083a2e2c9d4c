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
        return ctx.leastRanked ? *ctx.leastRanked : leastByRank(*this, ctx);
    }
    bool ranksNodes() const override { return true; }
    /** The highest score ranks least; ties go to the lower node id. */
    std::optional<NodeRank> rank(const SimState &st, int n) const override
    {
        const NodeInfo &info = st.topology->nodes[n];
        const double cpu = (st.nodes[n].demand + 1.0) / info.cpu;
        if (cpu > 1.0 + 1e-9)
            return std::nullopt; // Filter: NodeResourcesFit
        const double mem = st.memAllocated(n);
        const double leastAllocated = 100.0 * ((1.0 - cpu) + (1.0 - mem)) / 2.0;
        const double mean = (cpu + mem) / 2.0;
        const double sd =
            std::sqrt(((cpu - mean) * (cpu - mean) + (mem - mean) * (mem - mean)) / 2.0);
        const double balanced = 100.0 * (1.0 - sd);
        const double score = leastAllocated + balanced;
        if (score <= -1.0)
            return std::nullopt; // never above the scan's starting best of -1
        return NodeRank{-score, 0.0};
    }
};
} // namespace

std::unique_ptr<DispatchPolicy> makeKubeDefaultDispatch()
{
    return std::make_unique<KubeDefaultDispatch>();
}

} // namespace schedlab
