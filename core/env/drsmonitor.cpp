// SPDX-License-Identifier: GPL-3.0-or-later
#include "env/drsmonitor.h"

#include <algorithm>
#include <stdexcept>

namespace schedlab {

DrsMonitor::DrsMonitor(int nodes, MonitorConfig config)
    : mNodes(nodes), mConfig(config), mRing(std::size_t(kDepth) * nodes)
{
    for (int c = 0; c < kMetricCount; ++c) {
        if (mConfig.samples[c] < 1 || mConfig.samples[c] > kDepth)
            throw std::invalid_argument("monitor samples per metric must lie between 1 and " +
                                        std::to_string(kDepth));
        if (!(mConfig.ceiling[c] > 0))
            throw std::invalid_argument("monitor ceilings must be positive");
    }
    if (!(mConfig.interval > 0))
        throw std::invalid_argument("monitor interval must be positive");
}

void DrsMonitor::reset()
{
    std::fill(mRing.begin(), mRing.end(), UsageProfile{});
    mRecorded = 0;
}

void DrsMonitor::record(std::span<const UsageProfile> utilisation)
{
    if (int(utilisation.size()) != mNodes)
        throw std::invalid_argument("monitor sample has the wrong number of nodes");
    const std::size_t slot = std::size_t(mRecorded % kDepth) * mNodes;
    std::copy(utilisation.begin(), utilisation.end(), mRing.begin() + std::ptrdiff_t(slot));
    ++mRecorded;
}

bool DrsMonitor::warm() const
{
    return mRecorded >= *std::max_element(mConfig.samples.begin(), mConfig.samples.end());
}

UsageProfile DrsMonitor::state(int node) const
{
    UsageProfile out{};
    for (int c = 0; c < kMetricCount; ++c) {
        const long k = std::min<long>(mConfig.samples[c], mRecorded);
        double sum = 0.0;
        for (long j = 1; j <= k; ++j)
            sum += mRing[std::size_t((mRecorded - j) % kDepth) * mNodes + node][c];
        const double mean = k > 0 ? sum / double(k) : 0.0;
        out[c] = std::clamp(mean / mConfig.ceiling[c], 0.0, 1.0);
    }
    return out;
}

} // namespace schedlab
