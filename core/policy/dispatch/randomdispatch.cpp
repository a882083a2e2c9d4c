// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/dispatchpolicies.h"
#include "state/random.h"

namespace schedlab {

namespace {
/** Uniform over the valid actions of eq. 4: available edge nodes and the cloud. */
class RandomDispatch final : public DispatchPolicy
{
public:
    int dispatch(const DispatchContext &ctx) override
    {
        const auto n = std::uint32_t(ctx.candidates.size());
        const std::uint32_t pick = ctx.rng.below(n + 1);
        return pick == n ? kCloud : ctx.candidates[pick];
    }
};
} // namespace

std::unique_ptr<DispatchPolicy> makeRandomDispatch() { return std::make_unique<RandomDispatch>(); }

} // namespace schedlab
