// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>

namespace schedlab {

/**
 * Pause, resume and stop for a training run, shared between the thread that
 * trains and the one that steers it (the GUI, or the CLI's signal handler). The
 * trainer calls checkpoint() between steps: it blocks while paused and returns
 * false once stop was asked for, so a stopped run ends on a whole step. Inside a
 * long episode the trainer also says how far it is (progress()), so whoever
 * steers can show more than the episodes finished.
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

    /** Who hears of progress inside an episode; set before training starts. It is
     *  called in the training thread. */
    void setProgressListener(std::function<void(double fraction)> listener);
    /** The trainer's word that `fraction` (0 to 1) of the running episode's simulated
     *  time is done. Only the training thread calls it; the listener hears of it when
     *  it has grown by a hundredth, reached the end, or fallen (a new episode). */
    void progress(double fraction);

private:
    mutable std::mutex mMutex;
    std::condition_variable mWake;
    bool mPaused = false;
    bool mStop = false;
    std::function<void(double)> mProgress;
    double mReported = -1.0; ///< the fraction last passed on; the training thread's alone
};

} // namespace schedlab
