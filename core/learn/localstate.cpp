// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/localstate.h"

#include "learn/nodefeatures.h"
#include "policy/dispatchpolicy.h"
#include "state/simstate.h"
#include "state/topology.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace schedlab {

namespace {

/** The squashed delay's scale: a request with a second left reads ½. */
constexpr double kSecond = 1.0;

/** x / (x + scale): 0 at 0, ½ at `scale`, below 1 however large x grows. */
float squash(double x, double scale)
{
    return float(x / (x + scale));
}

void checkSize(std::size_t have, int want, const char *what)
{
    if (have != std::size_t(want))
        throw std::invalid_argument(std::string(what) + ": buffer of " + std::to_string(have) +
                                    " entries, the layout has " + std::to_string(want));
}

} // namespace

LocalStateBuilder::LocalStateBuilder(const Topology &topology, int services, int eap, bool squashed)
    : mEap(eap), mSquashed(squashed)
{
    if (eap < 0 || eap >= int(topology.eaps.size()))
        throw std::invalid_argument("local state: no eAP " + std::to_string(eap));
    const EapInfo &info = topology.eaps[eap];
    mPool = info.pool;
    std::sort(mPool.begin(), mPool.end()); // node ids are topology order
    mLayout = LocalStateLayout{services, int(mPool.size())};
    mPoolIndex.assign(topology.nodes.size(), -1);
    mManaged.assign(mPool.size(), 0);
    for (int j = 0; j < int(mPool.size()); ++j) {
        mPoolIndex[mPool[j]] = j;
        mManaged[j] = topology.nodes[mPool[j]].eap == eap;
    }
    int managed = 0;
    for (std::uint8_t m : mManaged)
        managed += m;
    mManagedShare = mPool.empty() ? 0.0f : float(managed) / float(mPool.size());
    mCloudLatency = float(info.toCloud.latency);
}

int LocalStateBuilder::poolIndex(int node) const
{
    return node >= 0 && node < int(mPoolIndex.size()) ? mPoolIndex[node] : -1;
}

int LocalStateBuilder::target(int action) const
{
    if (action < 0 || action >= mLayout.actions())
        throw std::out_of_range("local state: no action " + std::to_string(action));
    return action == 0 ? kCloud : mPool[action - 1];
}

void LocalStateBuilder::write(const DispatchContext &ctx, std::span<float> out) const
{
    write(ctx.state, &ctx.request, out);
}

void LocalStateBuilder::write(const SimState &state, const Request *request,
                              std::span<float> out) const
{
    checkSize(out.size(), mLayout.size(), "local state");
    const LocalStateLayout &l = mLayout;
    std::fill(out.begin(), out.begin() + l.nodeOffset(0), 0.0f);
    // (i) the request: its service one-hot, the seconds left to its deadline.
    if (request) {
        if (int(request->service) < l.services)
            out[l.serviceOffset() + int(request->service)] = 1.0f;
        const double left = std::max(0.0, request->deadline - state.now);
        out[l.delayOffset()] = mSquashed ? squash(left, kSecond) : float(left);
    }
    // (ii) |Q_b|, (v) N_b as a share of the pool, (vi) the eAP–cloud latency.
    const double queued = double(state.eapQueues[mEap].size());
    out[l.eapQueueOffset()] = mSquashed ? squash(queued, std::max(1, l.pool)) : float(queued);
    out[l.managedCountOffset()] = mManagedShare;
    out[l.cloudLatencyOffset()] = mCloudLatency;
    const Topology &topology = *state.topology;
    for (int j = 0; j < l.pool; ++j) {
        const int n = mPool[j];
        const NodeInfo &info = topology.nodes[n];
        const NodeState &ns = state.nodes[n];
        float *v = out.data() + l.nodeOffset(j);
        const double perCore = info.cpu > 0.0 ? double(ns.queue.size()) / info.cpu : 0.0;
        v[0] = mSquashed ? squash(perCore, 1.0) : float(perCore); // (iii)
        v[1] = leftFraction(ns.busyCpu, info.cpu);                // (iv)
        v[2] = leftFraction(ns.memAlloc, info.memory);
        v[3] = leftFraction(ns.diskUsed, info.disk);
        v[4] = float(mManaged[j]);
    }
}

void LocalStateBuilder::writeMask(const DispatchContext &ctx, std::span<std::uint8_t> mask) const
{
    checkSize(mask.size(), mLayout.actions(), "resource context");
    std::fill(mask.begin(), mask.end(), std::uint8_t(0));
    mask[0] = 1; // eq. 4: [F]_0 ≡ 1, the cloud is always valid
    for (int node : ctx.candidates) {
        const int j = poolIndex(node);
        if (j >= 0)
            mask[j + 1] = 1;
    }
}

} // namespace schedlab
