// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/dispatchpolicies.h"

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
            return leastOf(ctx.candidates, [&](int n) {
                return NodeRank{ctx.cpuLoads[std::size_t(n)], ctx.memAllocated[std::size_t(n)]};
            });
        return leastOf(ctx.candidates, [&](int n) { return *rank(ctx.state, n); });
    }
    bool ranksNodes() const override { return true; }
    std::optional<NodeRank> rank(const SimState &state, int node) const override
    {
        return NodeRank{state.cpuLoad(node), state.memAllocated(node)};
    }

private:
    /** leastByRank(*this, ctx) without a branch on each comparison, which the
     *  predictor could only guess: ranks are finite (node cpu and memory are
     *  positive), and ties go to the earlier candidate. */
    template <typename RankOf>
    static int leastOf(const std::vector<int> &candidates, RankOf rankOf)
    {
        int best = kCloud;
        double bestLoad = std::numeric_limits<double>::infinity();
        double bestMem = bestLoad;
        for (const int n : candidates) {
            const auto [load, mem] = rankOf(n);
            const bool better = (load < bestLoad) | ((load == bestLoad) & (mem < bestMem));
            best = better ? n : best;
            bestLoad = better ? load : bestLoad;
            bestMem = better ? mem : bestMem;
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
