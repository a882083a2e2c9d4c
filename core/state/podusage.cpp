// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/podusage.h"

#include "state/simstate.h"

#include <algorithm>

namespace schedlab {

bool hasUsage(const PodTemplate &t)
{
    return std::any_of(t.usage.begin(), t.usage.end(), [](double v) { return v > 0.0; });
}

UsageProfile nodeCapacity(const NodeInfo &node)
{
    return {node.cpu, node.memory, node.bandwidth, node.bandwidth, node.diskRead, node.diskWrite};
}

UsageProfile podUsageRate(const PodTemplate &t, double cores, const NodeInfo &node)
{
    UsageProfile rate{};
    if (!hasUsage(t)) {
        for (int c = 0; c < kMetricCount; ++c)
            rate[c] = cores * t.profile[c];
        return rate;
    }
    const UsageProfile capacity = nodeCapacity(node);
    rate[int(Metric::Cpu)] = std::min(t.usage[int(Metric::Cpu)], cores);
    for (int c = int(Metric::NetRx); c < kMetricCount; ++c)
        rate[c] = capacity[c] > 0 ? t.usage[c] / capacity[c] * node.cpu : 0.0;
    return rate;
}

UsageProfile nodeUtilisation(const NodeInfo &node, const NodeState &state)
{
    UsageProfile u{};
    for (int c = 0; c < kMetricCount; ++c)
        u[c] = std::clamp(state.usageRate[c] / node.cpu, 0.0, 1.0);
    u[int(Metric::Memory)] =
        std::clamp((state.memAlloc + node.systemMemory) / node.memory, 0.0, 1.0);
    return u;
}

} // namespace schedlab
