// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

namespace schedlab {

/**
 * Fixed-memory histogram of positive values with ~1% relative buckets, so
 * percentiles of millions of response times cost constant memory and are exact
 * to the bucket, reproducibly.
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

private:
    int bucketOf(double v) const;
    double centreOf(int bucket) const;

    double mLo, mLogGrowth;
    std::vector<std::uint64_t> mBuckets;
    std::uint64_t mCount = 0;
    double mSum = 0.0;
};

} // namespace schedlab
