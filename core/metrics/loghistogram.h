// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <bit>
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

    void add(double v)
    {
        ++mBuckets[std::size_t(bucketOf(v))];
        ++mCount;
        mSum += v;
    }
    std::uint64_t count() const { return mCount; }
    double mean() const { return mCount ? mSum / double(mCount) : 0.0; }
    /** The q-quantile (0..1), reported as the geometric centre of its bucket. */
    double quantile(double q) const;
    /** (value, cumulative fraction) at each non-empty bucket, for CDF plots. */
    std::vector<std::pair<double, double>> cdf() const;

    /** The bucket `v` falls in, through the bounds. */
    int bucketOf(double v) const
    {
        if (!mBounds)
            return bucketByLog(v);
        if (!(v > mLo))
            return 0;
        const std::uint64_t i =
            (std::bit_cast<std::uint64_t>(v) >> mBounds->shift) - mBounds->spanBase;
        if (i >= mBounds->span.size())
            return int(mBuckets.size()) - 1;
        int b = mBounds->span[i];
        while (v >= mBounds->first[std::size_t(b) + 1])
            ++b;
        return b;
    }
    /** The bucket by the logarithm itself: what bucketOf() gives, at a log's cost. */
    int bucketByLog(double v) const;
    int bucketCount() const { return int(mBuckets.size()); }

    /**
     * first[b]: the least double in bucket b or above (first[0] = -inf, a last
     * first[N] = +inf). Positive doubles order as their bit patterns, so a value's
     * exponent and its leading `kept` mantissa bits name a span of relative width
     * 2^-kept, narrower than a bucket: span[i] is the bucket where span i starts, and
     * a value in it is in that bucket or a later one.
     */
    struct Bounds
    {
        std::vector<double> first;
        std::vector<std::uint16_t> span;
        std::uint64_t spanBase = 0; ///< bits of lo >> shift
        int shift = 0;              ///< 52 - kept
    };

private:
    double centreOf(int bucket) const;

    double mLo, mLogGrowth;
    std::vector<std::uint64_t> mBuckets;
    std::shared_ptr<const Bounds> mBounds; ///< shared by histograms of the same shape
    std::uint64_t mCount = 0;
    double mSum = 0.0;
};

} // namespace schedlab
