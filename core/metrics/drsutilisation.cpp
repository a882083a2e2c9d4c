// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/drsutilisation.h"

#include <cmath>

namespace schedlab {

ClusterUtilisation clusterUtilisation(std::span<const UsageProfile> nodes,
                                      std::span<const Metric> metrics)
{
    static constexpr Metric all[] = {Metric::Cpu,   Metric::Memory,   Metric::NetRx,
                                     Metric::NetTx, Metric::DiskRead, Metric::DiskWrite};
    if (metrics.empty())
        metrics = all;
    ClusterUtilisation out;
    const double n = double(nodes.size());
    if (nodes.empty())
        return out;
    const double weight = 1.0 / double(metrics.size()); // eq. 13: weight^c = 1/C
    for (const Metric m : metrics) {
        double mean = 0.0;
        for (const UsageProfile &u : nodes)
            mean += u[int(m)];
        mean /= n;
        double var = 0.0;
        for (const UsageProfile &u : nodes)
            var += (u[int(m)] - mean) * (u[int(m)] - mean);
        out.avgUtil += mean * weight;                 // eq. 11–12
        out.imbalance += weight * std::sqrt(var / n); // eq. 13
    }
    return out;
}

double drsReward(const ClusterUtilisation &u, double alpha, double beta)
{
    return alpha * 100.0 * u.avgUtil - beta * u.imbalance;
}

} // namespace schedlab
