// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/loghistogram.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <tuple>

namespace schedlab {

namespace {
std::uint64_t bitsOf(double v)
{
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    return bits;
}

double fromBits(std::uint64_t bits)
{
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}
} // namespace

namespace {
/** The least double whose bucket by logarithm is at least b, with log monotone. */
double leastWithBucket(const LogHistogram &h, int b, std::uint64_t below, std::uint64_t above)
{
    // bucketByLog(below) < b <= bucketByLog(above)
    while (above - below > 1) {
        const std::uint64_t mid = below + (above - below) / 2;
        if (h.bucketByLog(fromBits(mid)) >= b)
            above = mid;
        else
            below = mid;
    }
    return fromBits(above);
}

std::shared_ptr<const LogHistogram::Bounds> boundsFor(const LogHistogram &h, double lo,
                                                      double growth)
{
    // Spans must be narrower than buckets; past 12 bits the table would outgrow a cache.
    int kept = 1;
    while (std::ldexp(1.0, -kept) * 1.5 > growth - 1.0 && kept <= 12)
        ++kept;
    if (kept > 12 || !(lo > 0.0) || !std::isfinite(lo))
        return nullptr;
    const int n = h.bucketCount();
    auto bounds = std::make_shared<LogHistogram::Bounds>();
    bounds->first.assign(std::size_t(n) + 1, 0.0);
    bounds->first[0] = -std::numeric_limits<double>::infinity();
    bounds->first[std::size_t(n)] = std::numeric_limits<double>::infinity();
    std::uint64_t top = bitsOf(lo);
    while (h.bucketByLog(fromBits(top)) < n - 1) {
        top = bitsOf(fromBits(top) * 4.0);
        if (!std::isfinite(fromBits(top)))
            return nullptr;
    }
    std::uint64_t below = bitsOf(lo); // bucket 0
    const double logGrowth = std::log(growth);
    for (int b = 1; b < n; ++b) {
        // Near where the formula puts the bound, if that brackets it.
        const double near = lo * std::exp((b - 1) * logGrowth);
        std::uint64_t from = std::max(below, bitsOf(near * (1.0 - 1e-9)));
        std::uint64_t to = std::min(top, bitsOf(near * (1.0 + 1e-9)));
        if (!(from < to && h.bucketByLog(fromBits(from)) < b && h.bucketByLog(fromBits(to)) >= b)) {
            from = below;
            to = top;
        }
        const double first = leastWithBucket(h, b, from, to);
        bounds->first[std::size_t(b)] = first;
        below = bitsOf(first) - 1; // in bucket b - 1
    }
    bounds->shift = 52 - kept;
    bounds->spanBase = bitsOf(lo) >> bounds->shift;
    const std::uint64_t spans =
        (bitsOf(bounds->first[std::size_t(n) - 1]) >> bounds->shift) - bounds->spanBase + 1;
    bounds->span.resize(spans);
    int b = 0;
    for (std::uint64_t i = 0; i < spans; ++i) {
        const double start = fromBits((bounds->spanBase + i) << bounds->shift);
        while (start >= bounds->first[std::size_t(b) + 1])
            ++b;
        bounds->span[i] = std::uint16_t(b);
    }
    return bounds;
}

/** Histograms of one shape share their bounds: a run makes a few, a sweep thousands. */
std::shared_ptr<const LogHistogram::Bounds> sharedBounds(const LogHistogram &h, double lo,
                                                         double hi, double growth)
{
    if (!(lo > 0.0) || !std::isfinite(hi) || !(growth > 1.0) || !std::isfinite(growth))
        return nullptr;
    static std::mutex mutex;
    static std::map<std::tuple<double, double, double>, std::shared_ptr<const LogHistogram::Bounds>>
        cache;
    const std::lock_guard lock(mutex);
    auto &bounds = cache[{lo, hi, growth}];
    if (!bounds && h.bucketCount() < std::numeric_limits<std::uint16_t>::max())
        bounds = boundsFor(h, lo, growth);
    return bounds;
}
} // namespace

LogHistogram::LogHistogram(double lo, double hi, double growth)
    : mLo(lo), mLogGrowth(std::log(growth)),
      mBuckets(std::size_t(std::ceil(std::log(hi / lo) / std::log(growth))) + 2, 0)
{
    mBounds = sharedBounds(*this, lo, hi, growth);
}

int LogHistogram::bucketByLog(double v) const
{
    if (!(v > mLo))
        return 0;
    const double x = std::log(v / mLo) / mLogGrowth;
    if (!(x < double(mBuckets.size()))) // also keeps an infinite value from the cast
        return int(mBuckets.size()) - 1;
    return std::min(1 + int(x), int(mBuckets.size()) - 1);
}

double LogHistogram::centreOf(int bucket) const
{
    if (bucket == 0)
        return mLo;
    return mLo * std::exp((bucket - 0.5) * mLogGrowth);
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
