// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cmath>
#include <span>

namespace schedlab::test {

/** The largest |a_i − b_i|; infinity when the sizes differ. */
inline float maxAbsDiff(std::span<const float> a, std::span<const float> b)
{
    if (a.size() != b.size())
        return INFINITY;
    float d = 0.0f;
    for (std::size_t i = 0; i < a.size(); ++i)
        d = std::max(d, std::abs(a[i] - b[i]));
    return d;
}

} // namespace schedlab::test
