// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/dispatchpolicies.h"

namespace schedlab {

namespace {
/**
 * KaiS Sec. V baseline "Greedy": the available edge node with the lowest
 * utilisation (its load: requests on it per core, queued ones included; ties: lower
 * memory allocation, then lower id). The cloud only when no edge node hosts the service.
 */
class GreedyDispatch final : public DispatchPolicy
{
public:
    int dispatch(const DispatchContext &ctx) override
    {
        return ctx.leastRanked ? *ctx.leastRanked : leastByRank(*this, ctx);
    }
    bool ranksNodes() const override { return true; }
    std::optional<NodeRank> rank(const SimState &state, int node) const override
    {
        return NodeRank{state.cpuLoad(node), state.memAllocated(node)};
    }
};
} // namespace

std::unique_ptr<DispatchPolicy> makeGreedyDispatch()
{
    return std::make_unique<GreedyDispatch>();
}

} // namespace schedlab
