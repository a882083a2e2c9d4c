// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simulationworker.h"
#include "registry/buildpolicies.h"

#include <QObject>
#include <mutex>

class QThread;

namespace schedlab::ui {

/**
 * The GUI side of a live run: owns the worker thread and the worker, forwards
 * commands to it by queued calls and keeps the latest snapshot. Starting a new
 * run stops the previous one; destroying the session stops and joins the thread.
 */
class LiveSession : public QObject
{
    Q_OBJECT

public:
    explicit LiveSession(QObject *parent = nullptr);
    ~LiveSession() override;

    /** Starts a paused run of `scenario` (copied); the first snapshot follows. */
    void start(const Scenario &scenario, const RunOptions &options);
    /** Stops the run and joins its thread; blocks only for the slot in progress.
     *  Its last snapshot, with what the run did up to there (its diagnostics),
     *  is sent before it goes. start() and stop() belong to the session's own thread. */
    void stop();
    /** As stop(), without the last snapshot: for when its views are going too. */
    void discard() { end(false); }
    /** From any thread: the run stops at its next slot (and reports finished). */
    void requestStop();
    bool isActive() const { return mWorker != nullptr; }
    LiveMode mode() const { return mWorker ? mWorker->mode() : LiveMode::Idle; }
    SnapshotPtr latest() const { return mLatest; }
    SimulationWorker *worker() const { return mWorker; }

    void run();
    void pause();
    void stepSlot();
    void stepFrame();
    void runTo(long slot);
    /** Simulated seconds per wall second; 0: as fast as possible. */
    void setSpeed(double factor);
    double speed() const { return mSpeed; }
    void setFocusNode(int node);
    /** Events per wall second over the last snapshots (0 when not running). */
    double eventsPerSecond() const { return mEventsPerSecond; }

Q_SIGNALS:
    void snapshot(std::shared_ptr<const schedlab::ui::Snapshot> snapshot);
    void modeChanged(schedlab::ui::LiveMode mode);
    void finished(const schedlab::RunResult &result);
    void failed(const QString &message);

private:
    void end(bool lastSnapshot);
    void received(const SnapshotPtr &s);
    void invoke(void (SimulationWorker::*slot)());

    QThread *mThread = nullptr;
    SimulationWorker *mWorker = nullptr;
    SnapshotPtr mLatest;
    SnapshotPtr mRateFrom;
    double mSpeed = 1.0;
    int mFocus = -1;
    double mEventsPerSecond = 0;
    int mGeneration = 0;
    std::mutex mWorkerLock;
    SimulationWorker *mRunning = nullptr; ///< mWorker, for requestStop() from other threads
};

} // namespace schedlab::ui
