// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cmath>

namespace schedlab {

/**
 * The cMMAC dispatch reward of KaiS Sec. III-A-1, shared by all eAP agents of a
 * slot: û_t = e^{−λ−εν}, with λ ∈ [0, 1] the share of the slot's requests that
 * violate their delay requirement, ν = 1/(1 + e^{−ξ}) ∈ [0.5, 1) where ξ is the
 * spread of edge CPU and memory use (RunMetrics::lastXi), and ε the weight of
 * load balance (default 1; KaiS Fig. 11).
 */
inline double kaisDispatchReward(double lambda, double xi, double epsilon)
{
    const double nu = 1.0 / (1.0 + std::exp(-xi));
    return std::exp(-lambda - epsilon * nu);
}

} // namespace schedlab
