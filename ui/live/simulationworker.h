// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/runresult.h"
#include "model/scenario.h"
#include "engine/engine.h"
#include "engine/runexplainer.h"
#include "registry/buildpolicies.h"
#include "snapshot.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <atomic>
#include <memory>

namespace schedlab::ui {

class SnapshotRecorder;

/** What a live run is doing. */
enum class LiveMode { Idle, Running, Paused, Finished };

/**
 * Drives one Engine on the thread it lives on (a QThread of LiveSession). It runs
 * in short chunks from its event loop, so queued pause, step and speed calls get
 * through while it runs. At speed k simulated time follows k × wall time; at
 * speed 0 ("max") it runs flat out. It emits snapshots at most 30 times a second
 * of wall time, and always when it pauses, steps or finishes.
 */
class SimulationWorker : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMinSnapshotMs = 33;
    static constexpr int kNice = 10; ///< the engine thread's nice value (Linux)

    SimulationWorker(const Scenario &scenario, const RunOptions &options,
                     QObject *parent = nullptr);
    ~SimulationWorker() override;

    /** Thread-safe: makes the engine stop at its next slot, running or not. */
    void requestStop() { mStop.store(true); }
    /** Thread-safe: the edge node whose details snapshots carry (-1: none). */
    void setFocusNode(int node);
    LiveMode mode() const { return mMode.load(); }

public Q_SLOTS:
    /** Builds the engine (emits failed() on a bad scenario) and a first snapshot. */
    void prepare();
    void run();
    void pause();
    void stepSlot();
    /** Runs to the end of the current orchestration frame, then pauses. */
    void stepFrame();
    /** Runs flat out until `slot` slots are done (or the run ends), then pauses. */
    void runTo(long slot);
    /** Simulated seconds per wall second; 0 or less: as fast as possible. */
    void setSpeed(double factor);
    void stop();
    /** Emits a snapshot of now, e.g. after the focus node changed while paused. */
    void refresh();

Q_SIGNALS:
    void snapshotReady(std::shared_ptr<const schedlab::ui::Snapshot> snapshot);
    void finished(const schedlab::RunResult &result);
    void failed(const QString &message);
    void modeChanged(int mode);

private:
    void tick();
    void setMode(LiveMode mode);
    void emitSnapshot(bool finishedRun = false);
    void finishRun();
    void anchorPace();
    double runningSeconds() const;
    bool ready() const { return mEngine != nullptr && mMode.load() != LiveMode::Finished; }

    Scenario mScenario;
    RunOptions mOptions;
    std::unique_ptr<Engine> mEngine;
    bool mFailed = false; ///< the engine was refused or threw: nothing more is asked of it
    std::unique_ptr<SnapshotRecorder> mRecorder;
    std::unique_ptr<RunExplainer> mExplainer;
    std::atomic<bool> mStop{false};
    std::atomic<LiveMode> mMode{LiveMode::Idle};
    std::atomic<int> mFocus{-1};
    QTimer mTick;
    QElapsedTimer mWall;
    double mRunWall = 0;   ///< wall seconds spent running, before mRunSince
    double mRunSince = -1; ///< wall time the current running stretch began, or -1
    double mLastEmit = -1;
    double mSpeed = 1.0;
    double mAnchorWall = 0, mAnchorSim = 0;
    long mStopAtSlot = -1; ///< pause when this many slots are done
};

} // namespace schedlab::ui
