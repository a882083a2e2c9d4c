// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/drsstate.h"

#include "state/podusage.h"

#include <algorithm>
#include <stdexcept>

namespace schedlab {

DrsStateLayout::DrsStateLayout(const Topology &topology)
{
    for (int n = 0; n < topology.edgeCount; ++n)
        if (!isControlPlane(topology.nodes[n]))
            mWorkers.push_back(n);
    if (mWorkers.empty())
        throw std::invalid_argument("DRS needs an edge node without the control-plane taint");
    const double share = 1.0 / double(mWorkers.size());
    for (int n : mWorkers) {
        const NodeInfo &info = topology.nodes[n];
        mMeanNode.cpu += info.cpu * share;
        mMeanNode.memory += info.memory * share;
        mMeanNode.bandwidth += info.bandwidth * share;
        mMeanNode.diskRead += info.diskRead * share;
        mMeanNode.diskWrite += info.diskWrite * share;
    }
}

void DrsStateLayout::writeNodes(std::span<const UsageProfile> nodes, std::span<double> state) const
{
    for (int a = 0; a < nodeCount(); ++a)
        std::copy(nodes[a].begin(), nodes[a].end(),
                  state.begin() + std::ptrdiff_t(a) * kMetricCount);
}

void DrsStateLayout::writePod(const PodTemplate &pod, double cores, double memory,
                              std::span<double> state) const
{
    const UsageProfile rate = podUsageRate(pod, cores, mMeanNode);
    const auto out = state.subspan(std::size_t(nodeCount()) * kMetricCount, kMetricCount);
    for (int c = 0; c < kMetricCount; ++c)
        out[c] = std::clamp(rate[c] / mMeanNode.cpu, 0.0, 1.0);
    out[int(Metric::Memory)] = std::clamp(memory / mMeanNode.memory, 0.0, 1.0);
}

} // namespace schedlab
