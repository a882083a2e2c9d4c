// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/dispatchpolicies.h"

#include <algorithm>
#include <vector>

namespace schedlab {

namespace {
/**
 * Each eAP cycles through its pool and the cloud, skipping nodes that do not
 * host the request's service; the cloud takes its turn after the last node.
 */
class RoundRobinDispatch final : public DispatchPolicy
{
public:
    void reset(const SimState &state) override
    {
        mNext.assign(state.topology->eaps.size(), 0);
    }

    int dispatch(const DispatchContext &ctx) override
    {
        const std::vector<int> &pool = ctx.state.topology->eaps[ctx.eap].pool;
        const int slots = int(pool.size()) + 1; // the last position is the cloud
        int &next = mNext[ctx.eap];
        for (int tried = 0; tried < slots; ++tried) {
            const int at = next;
            next = (next + 1) % slots;
            if (at == slots - 1)
                return kCloud;
            if (std::binary_search(ctx.candidates.begin(), ctx.candidates.end(), pool[at]))
                return pool[at];
        }
        return kCloud;
    }

private:
    std::vector<int> mNext;
};
} // namespace

std::unique_ptr<DispatchPolicy> makeRoundRobinDispatch()
{
    return std::make_unique<RoundRobinDispatch>();
}

} // namespace schedlab
