// SPDX-License-Identifier: GPL-3.0-or-later
#include "env/dispatchobservation.h"

#include "policy/dispatchpolicy.h"
#include "state/simstate.h"
#include "state/topology.h"

#include <algorithm>

namespace schedlab {

DispatchObservation::DispatchObservation(const Topology &topology, int services, bool squashed)
{
    for (int b = 0; b < int(topology.eaps.size()); ++b) {
        mLocal.emplace_back(topology, services, b, squashed);
        mSize = std::max(mSize, mLocal.back().layout().size());
        mActions = std::max(mActions, mLocal.back().layout().actions());
    }
}

int DispatchObservation::target(int eap, int action) const
{
    const LocalStateBuilder &local = mLocal[std::size_t(eap)];
    return action < local.layout().actions() ? local.target(action) : kCloud;
}

void DispatchObservation::write(const DispatchContext &ctx, std::span<float> state,
                                std::span<std::uint8_t> mask) const
{
    const LocalStateBuilder &local = mLocal[std::size_t(ctx.eap)];
    const LocalStateLayout &layout = local.layout();
    local.write(ctx, state.first(std::size_t(layout.size())));
    std::fill(state.begin() + layout.size(), state.end(), 0.0f);
    local.writeMask(ctx, mask.first(std::size_t(layout.actions())));
    std::fill(mask.begin() + layout.actions(), mask.end(), std::uint8_t(0));
}

void DispatchObservation::writeLoads(const SimState &state, std::span<const double> cpuLoads,
                                     std::span<const double> memAllocated, int eap,
                                     std::span<double> load, std::span<double> memory) const
{
    std::fill(load.begin(), load.end(), 0.0);
    std::fill(memory.begin(), memory.end(), 0.0);
    const std::vector<int> &pool = mLocal[std::size_t(eap)].pool();
    const bool kept = !cpuLoads.empty() && !memAllocated.empty();
    for (std::size_t j = 0; j < pool.size(); ++j) {
        const int n = pool[j];
        load[j + 1] = kept ? cpuLoads[std::size_t(n)] : state.cpuLoad(n);
        memory[j + 1] = kept ? memAllocated[std::size_t(n)] : state.memAllocated(n);
    }
}

} // namespace schedlab
