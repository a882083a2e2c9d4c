// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/globalstate.h"

#include "state/simstate.h"
#include "state/topology.h"

#include <stdexcept>
#include <string>

namespace schedlab {

GlobalStateBuilder::GlobalStateBuilder(const Topology &topology, int services, bool squashed)
    : mCloudCores(topology.cloudCores), mSquashed(squashed)
{
    const int b = int(topology.eaps.size());
    mLocal.reserve(b);
    for (int e = 0; e < b; ++e) {
        mLocal.emplace_back(topology, services, e, squashed);
        mOffsets.push_back(mOffsets.back() + mLocal.back().layout().size());
    }
}

void GlobalStateBuilder::write(const SimState &state, std::span<const std::int32_t> requests,
                               std::span<float> out) const
{
    if (out.size() != std::size_t(size()) || requests.size() != mLocal.size())
        throw std::invalid_argument("global state: buffer of " + std::to_string(out.size()) +
                                    " values for " + std::to_string(requests.size()) +
                                    " eAPs, the layout has " + std::to_string(size()) + " for " +
                                    std::to_string(mLocal.size()));
    for (int e = 0; e < eaps(); ++e) {
        const std::int32_t id = requests[e];
        const Request *r = id >= 0 ? &state.requests[id] : nullptr;
        const LocalStateLayout &l = mLocal[e].layout();
        mLocal[e].write(state, r, out.subspan(mOffsets[e], l.size()));
    }
    const double queued = double(state.cloudQueue.size());
    const double perCore = mCloudCores > 0.0 ? queued / mCloudCores : queued;
    out[cloudQueueOffset()] = mSquashed ? float(perCore / (perCore + 1.0)) : float(perCore);
}

} // namespace schedlab
