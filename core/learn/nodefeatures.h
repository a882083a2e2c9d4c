// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>

namespace schedlab {

/** Left of `capacity` after `used`, as a fraction in [0, 1]; 0 without capacity.
 *  The node features of the cMMAC and GPG states. */
inline float leftFraction(double used, double capacity)
{
    if (!(capacity > 0.0))
        return 0.0f;
    return float(std::clamp(1.0 - used / capacity, 0.0, 1.0));
}

} // namespace schedlab
