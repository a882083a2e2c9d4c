// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace schedlab {

/**
 * Fixed-memory histogram of positive values with ~1% relative buckets, so
 * percentiles of millions of response times cost constant memory and are exact
 * to the bucket, reproducibly.
 *
 * A value's bucket is 1 + floor(log(v / lo) / log(growth)) (0 at or below lo, the
 * last one from hi up). The logarithm places the buckets' lower bounds once, by
 * bisection; a value then finds its bucket from its exponent and leading mantissa
 * bits and one comparison with a bound.
 */
class LogHistogram
{
public:
    LogHistogram(double lo = 1e-5, double hi = 1e5, double growth = 1.01);

    void add(double v);
    std::uint64_t count() const { return mCount; }
    double mean() const { return mCount ? mSum / double(mCount) : 0.0; }
    /** The q-quantile (0..1), reported as the geometric centre of its bucket. */
    double quantile(double q) const;
    /** (value, cumulative fraction) at each non-empty bucket, for CDF plots. */
    std::vector<std::pair<double, double>> cdf() const;

    /** The bucket `v` falls in, through the bounds. */
    int bucketOf(double v) const;
    /** The bucket by the logarithm itself: what bucketOf() gives, at a log's cost. */
    int bucketByLog(double v) const;
    int bucketCount() const { return int(mBuckets.size()); }

    struct Bounds;

private:
    double centreOf(int bucket) const;

    double mLo, mLogGrowth;
    std::vector<std::uint64_t> mBuckets;
    std::shared_ptr<const Bounds> mBounds; ///< shared by histograms of the same shape
    std::uint64_t mCount = 0;
    double mSum = 0.0;
};

} // namespace schedlab
