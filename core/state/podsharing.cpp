// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/podsharing.h"

#include <algorithm>

namespace schedlab {

void sharePaces(std::span<const PodDemand> pods, const UsageProfile &available,
                std::span<double> pace)
{
    UsageProfile asked{};
    for (const PodDemand &p : pods)
        for (int c = 0; c < kMetricCount; ++c)
            asked[c] += p.rate[c] * p.cap;
    UsageProfile share{};
    for (int c = 0; c < kMetricCount; ++c)
        share[c] = asked[c] > available[c] ? std::max(0.0, available[c]) / asked[c] : 1.0;
    for (std::size_t i = 0; i < pods.size(); ++i) {
        double p = pods[i].cap;
        for (int c = 0; c < kMetricCount; ++c)
            if (c != int(Metric::Memory) && pods[i].rate[c] > 0.0)
                p = std::min(p, pods[i].cap * share[c]);
        pace[i] = p;
    }
}

} // namespace schedlab
