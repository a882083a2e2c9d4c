// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/loghistogram.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

LogHistogram::LogHistogram(double lo, double hi, double growth)
    : mLo(lo), mLogGrowth(std::log(growth)),
      mBuckets(std::size_t(std::ceil(std::log(hi / lo) / std::log(growth))) + 2, 0)
{
}

int LogHistogram::bucketOf(double v) const
{
    if (!(v > mLo))
        return 0;
    const int b = 1 + int(std::log(v / mLo) / mLogGrowth);
    return std::min(b, int(mBuckets.size()) - 1);
}

double LogHistogram::centreOf(int bucket) const
{
    if (bucket == 0)
        return mLo;
    return mLo * std::exp((bucket - 0.5) * mLogGrowth);
}

void LogHistogram::add(double v)
{
    ++mBuckets[bucketOf(v)];
    ++mCount;
    mSum += v;
}

double LogHistogram::quantile(double q) const
{
    if (mCount == 0)
        return 0.0;
    const auto rank = std::uint64_t(std::ceil(std::clamp(q, 0.0, 1.0) * double(mCount)));
    std::uint64_t seen = 0;
    for (std::size_t b = 0; b < mBuckets.size(); ++b) {
        seen += mBuckets[b];
        if (seen >= std::max<std::uint64_t>(rank, 1))
            return centreOf(int(b));
    }
    return centreOf(int(mBuckets.size()) - 1);
}

std::vector<std::pair<double, double>> LogHistogram::cdf() const
{
    std::vector<std::pair<double, double>> out;
    std::uint64_t seen = 0;
    for (std::size_t b = 0; b < mBuckets.size(); ++b) {
        if (!mBuckets[b])
            continue;
        seen += mBuckets[b];
        out.emplace_back(centreOf(int(b)), double(seen) / double(mCount));
    }
    return out;
}

} // namespace schedlab
