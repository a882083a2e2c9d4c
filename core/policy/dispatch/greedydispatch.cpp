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
     *  only on a tie of loads: a division per candidate is a third of a decision. */
    template <typename LoadOf>
    static int leastByLoad(const DispatchContext &ctx, LoadOf loadOf)
    {
        const SimState &state = ctx.state;
        int best = kCloud;
        double bestLoad = 0.0;
        double bestMem = -1.0; // < 0: not divided out yet
        for (const int n : ctx.candidates) {
            const double load = loadOf(n);
            if (best == kCloud || load < bestLoad) {
                best = n;
                bestLoad = load;
                bestMem = -1.0;
            } else if (load == bestLoad) {
                if (bestMem < 0.0)
                    bestMem = state.memAllocated(best);
                const double mem = state.memAllocated(n);
                if (mem < bestMem) {
                    best = n;
                    bestMem = mem;
                }
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
