// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/dispatchpolicies.h"

#include <algorithm>
#include <limits>

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
        if (ctx.leastRanked)
            return *ctx.leastRanked;
        if (!ctx.cpuLoads.empty())
            return leastByLoad(ctx, [&](int n) { return ctx.cpuLoads[std::size_t(n)]; });
        return leastByLoad(ctx, [&](int n) { return ctx.state.cpuLoad(n); });
    }
    bool ranksNodes() const override { return true; }
    std::optional<NodeRank> rank(const SimState &state, int node) const override
    {
        return NodeRank{state.cpuLoad(node), state.memAllocated(node)};
    }

private:
    /** leastByRank(*this, ctx), with the allocation, the tie-break, divided out
     *  only on a tie of loads: a division per candidate is a third of a decision.
     *  The least load is found first, without a branch on each comparison (loads
     *  are finite: node cpu is positive), then the candidates that have it. */
    template <typename LoadOf> static int leastByLoad(const DispatchContext &ctx, LoadOf loadOf)
    {
        double least = std::numeric_limits<double>::infinity();
        for (const int n : ctx.candidates)
            least = std::min(least, loadOf(n));
        int best = kCloud;
        double bestMem = -1.0; // < 0: not divided out yet
        for (const int n : ctx.candidates) {
            if (loadOf(n) != least)
                continue;
            if (best == kCloud) {
                best = n;
                continue;
            }
            if (bestMem < 0.0)
                bestMem = ctx.state.memAllocated(best);
            const double mem = ctx.state.memAllocated(n);
            if (mem < bestMem) {
                best = n;
                bestMem = mem;
            }
        }
        return best;
    }
};
} // namespace

std::unique_ptr<DispatchPolicy> makeGreedyDispatch()
{
    return std::make_unique<GreedyDispatch>();
}

} // namespace schedlab
