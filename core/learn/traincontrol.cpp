// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/traincontrol.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

void TrainControl::pause()
{
    std::lock_guard lock(mMutex);
    mPaused = true;
}

void TrainControl::resume()
{
    {
        std::lock_guard lock(mMutex);
        mPaused = false;
    }
    mWake.notify_all();
}

void TrainControl::stop()
{
    {
        std::lock_guard lock(mMutex);
        mStop = true;
    }
    mWake.notify_all();
}

bool TrainControl::paused() const
{
    std::lock_guard lock(mMutex);
    return mPaused;
}

bool TrainControl::stopRequested() const
{
    std::lock_guard lock(mMutex);
    return mStop;
}

bool TrainControl::checkpoint()
{
    std::unique_lock lock(mMutex);
    mWake.wait(lock, [this] { return !mPaused || mStop; });
    return !mStop;
}

void TrainControl::setProgressListener(std::function<void(double)> listener)
{
    mProgress = std::move(listener);
    mReported = -1.0;
}

void TrainControl::progress(double fraction)
{
    if (!mProgress)
        return;
    if (std::isnan(fraction))
        return;
    fraction = std::clamp(fraction, 0.0, 1.0);
    const bool end = fraction == 1.0 && mReported < 1.0;
    if (fraction < mReported || fraction >= mReported + 0.01 || end) {
        mReported = fraction;
        mProgress(fraction);
    }
}

} // namespace schedlab
