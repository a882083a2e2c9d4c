// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace schedlab {

class Rng;

/** The physical dimension of a quantity; decides which units a value may carry. */
enum class Dimension { Duration, Size, Bandwidth, Cpu, Rate, Ratio };

/**
 * A quantity that may be random: a constant or one of a few parametric
 * distributions. Values are stored in base units: seconds, bytes, bits/s,
 * cores, 1/s. For `lognormal(median, sigma)` `a` is the median, `b` sigma.
 */
struct Distribution
{
    enum class Kind { Const, Exp, Uniform, Normal, LogNormal };

    Kind kind = Kind::Const;
    double a = 0.0; ///< const value, exp mean, uniform low, normal mean, lognormal median
    double b = 0.0; ///< uniform high, normal stddev, lognormal sigma

    static Distribution constant(double v) { return {Kind::Const, v, 0.0}; }

    /** Draws one value; never negative for durations and sizes (clamped at 0). */
    double sample(Rng &rng) const;
    /** The expected value, used by estimators that need a typical size. */
    double mean() const;

    bool operator==(const Distribution &) const = default;
};

} // namespace schedlab
