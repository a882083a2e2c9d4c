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
        int best = kCloud;
        double bestLoad = 0.0, bestMem = 0.0;
        for (int n : ctx.candidates) {
            const double load = ctx.state.cpuLoad(n);
            const double mem = ctx.state.memAllocated(n);
            if (best == kCloud || load < bestLoad || (load == bestLoad && mem < bestMem)) {
                best = n;
                bestLoad = load;
                bestMem = mem;
            }
        }
        return best;
    }
};
} // namespace

std::unique_ptr<DispatchPolicy> makeGreedyDispatch() { return std::make_unique<GreedyDispatch>(); }

} // namespace schedlab
