// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <condition_variable>
#include <mutex>

namespace schedlab {

/**
 * Pause, resume and stop for a training run, shared between the thread that
 * trains and the one that steers it (the GUI, or the CLI's signal handler). The
 * trainer calls checkpoint() between steps: it blocks while paused and returns
 * false once stop was asked for, so a stopped run ends on a whole step.
 */
class TrainControl
{
public:
    void pause();
    void resume();
    void stop();
    bool paused() const;
    bool stopRequested() const;
    /** Blocks while paused; false when the run should stop. */
    bool checkpoint();

private:
    mutable std::mutex mMutex;
    std::condition_variable mWake;
    bool mPaused = false;
    bool mStop = false;
};

} // namespace schedlab
