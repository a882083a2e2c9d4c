// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/traincontrol.h"

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

} // namespace schedlab
