// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/pullqueue.h"

#include <algorithm>

namespace schedlab {

void PullQueue::advance(double now)
{
    if (!mTransfers.empty() && now > mSince) {
        const double moved = mBytesPerSecond / double(mTransfers.size()) * (now - mSince);
        for (Transfer &t : mTransfers)
            t.remaining -= moved;
    }
    mSince = now;
}

void PullQueue::start(const std::string &digest, double bytes, std::int32_t waiter, double now)
{
    advance(now);
    mTransfers.push_back({digest, bytes, bytes, {waiter}});
    ++mVersion;
}

bool PullQueue::wait(const std::string &digest, std::int32_t waiter)
{
    for (Transfer &t : mTransfers)
        if (t.digest == digest) {
            t.waiters.push_back(waiter);
            return true;
        }
    return false;
}

void PullQueue::complete(double now, std::vector<Finished> &out)
{
    advance(now);
    // A download scheduled to end now has ended, within rounding of its bytes and of
    // the clock: what is left would take less time than `now` can resolve (~1e-16 now).
    const double share = mTransfers.empty() ? 0.0 : mBytesPerSecond / double(mTransfers.size());
    const double slack = share * 1e-14 * std::max(1.0, now);
    const auto done = [slack](const Transfer &t) {
        return t.remaining <= std::max(1e-9 * t.size + 1e-6, slack);
    };
    for (Transfer &t : mTransfers)
        if (done(t))
            out.push_back({std::move(t.digest), std::move(t.waiters)});
    const auto before = mTransfers.size();
    mTransfers.erase(std::remove_if(mTransfers.begin(), mTransfers.end(), done), mTransfers.end());
    if (mTransfers.size() != before)
        ++mVersion;
}

double PullQueue::nextCompletion() const
{
    if (mTransfers.empty() || mBytesPerSecond <= 0)
        return std::numeric_limits<double>::infinity();
    double least = mTransfers.front().remaining;
    for (const Transfer &t : mTransfers)
        least = std::min(least, t.remaining);
    return mSince + std::max(0.0, least) * double(mTransfers.size()) / mBytesPerSecond;
}

} // namespace schedlab
