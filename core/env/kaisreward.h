// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <cmath>

namespace schedlab {

/**
 * The cMMAC dispatch reward of KaiS Sec. III-A-1, shared by all eAP agents of a
 * slot: û_t = e^{−λ−εν}, with λ ∈ [0, 1] the share of the slot's requests that
 * violate their delay requirement, ν = 1/(1 + e^{−ξ}) ∈ [0.5, 1) where ξ is the
 * spread of edge CPU and memory use, and ε the weight of load balance (default 1;
 * KaiS Fig. 11).
 */
inline double kaisDispatchReward(double lambda, double xi, double epsilon)
{
    const double nu = 1.0 / (1.0 + std::exp(-xi));
    return std::exp(-lambda - epsilon * nu);
}

/**
 * What λ counts for one slot. "The ratio of requests that violate delay requirements
 * during [t, t+1]" is read as the slot's own requests: those its agents dispatched,
 * each counted once its outcome is known, and those dropped at an agent's eAP during
 * the slot, so the reward answers for the slot's actions rather than for requests
 * dispatched many slots before. A request still running when the episode ends
 * before its deadline has no outcome and is left out (KaisParameters::violations
 * "slot"). "dispatched" keeps an earlier reading: the dispatched requests alone,
 * an unknown outcome counted as on time.
 */
struct SlotViolations
{
    int decisions = 0;    ///< requests the slot's agents dispatched
    int open = 0;         ///< of those, without an outcome yet
    int missed = 0;       ///< of those, late or dropped
    int missedAtEnd = 0;  ///< of those, open when the episode ended, past their deadline
    int unknown = 0;      ///< of those, open when the episode ended, deadline ahead
    int droppedAtEap = 0; ///< requests dropped at an agent's eAP during the slot

    double lambda(bool dispatchedOnly) const
    {
        if (dispatchedOnly)
            return decisions ? double(missed) / double(decisions) : 0.0;
        const int counted = decisions + droppedAtEap - unknown;
        return counted > 0 ? double(missed + missedAtEnd + droppedAtEap) / double(counted) : 0.0;
    }

    /** The episode ended with `open` of them still open: each past its deadline or not. */
    void endOpen(bool pastDeadline)
    {
        (pastDeadline ? missedAtEnd : unknown) += 1;
        open -= 1;
    }
};

/** û_t of a slot as `kais` (KaisParameters) reads λ and ξ: ξ enters ν as the
 *  fraction it is measured in, or in percent (`xi_unit`). */
inline double kaisSlotReward(const SlotViolations &slot, double xi, const KaisParameters &kais,
                             double epsilon)
{
    const double xiScale = kais.xiUnit == "percent" ? 100.0 : 1.0;
    return kaisDispatchReward(slot.lambda(kais.violations == "dispatched"), xiScale * xi, epsilon);
}

} // namespace schedlab
