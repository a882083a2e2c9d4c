// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulationworker.h"

#include "snapshotrecorder.h"
#include "registry/buildpolicies.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace schedlab::ui {

namespace {
constexpr double kChunkSeconds = 0.008; ///< longest stretch between two looks at the event loop
constexpr double kMaxLagSeconds =
    0.5; ///< a run slower than its speed does not try to catch up more
} // namespace

SimulationWorker::SimulationWorker(const Scenario &scenario, const RunOptions &options,
                                   QObject *parent)
    : QObject(parent), mScenario(scenario), mOptions(options), mTick(this)
{
    mTick.setSingleShot(true);
    connect(&mTick, &QTimer::timeout, this, &SimulationWorker::tick);
    mWall.start();
}

SimulationWorker::~SimulationWorker() = default;

void SimulationWorker::setFocusNode(int node)
{
    mFocus.store(node);
}

void SimulationWorker::prepare()
{
    if (mEngine || mFailed) // a scenario the engine refused is reported once
        return;
#ifdef __linux__
    // When the GUI thread and a run at full speed both want a core, the GUI
    // wins: Qt's thread priorities do not reach Linux's normal policy, a nice
    // value per thread does.
    setpriority(PRIO_PROCESS, pid_t(gettid()), kNice);
#endif
    try {
        mEngine = std::make_unique<Engine>(mScenario, buildPolicySet(mOptions), mOptions.config());
    } catch (const std::exception &e) {
        mFailed = true;
        setMode(LiveMode::Finished);
        Q_EMIT failed(QString::fromStdString(e.what()));
        return;
    }
    mRecorder = std::make_unique<SnapshotRecorder>(*mEngine, mScenario);
    mRecorder->setStopFlag(&mStop);
    mEngine->addObserver(mRecorder.get());
    mExplainer = std::make_unique<RunExplainer>(mScenario, mEngine->topology(), mOptions.policies);
    mEngine->addObserver(mExplainer.get());
    mRecorder->setExplainer(mExplainer.get());
    setMode(LiveMode::Paused);
    emitSnapshot();
}

void SimulationWorker::run()
{
    prepare();
    if (!ready())
        return;
    mStopAtSlot = -1;
    anchorPace();
    setMode(LiveMode::Running);
    mTick.start(0);
}

void SimulationWorker::pause()
{
    if (!ready() || mMode.load() != LiveMode::Running)
        return;
    mTick.stop();
    setMode(LiveMode::Paused);
    emitSnapshot();
}

void SimulationWorker::stepSlot()
{
    prepare();
    if (!ready())
        return;
    runTo(mEngine->state().slot + 1);
}

void SimulationWorker::stepFrame()
{
    prepare();
    if (!ready())
        return;
    const long frame = std::max(1, mScenario.time.frame);
    runTo((mEngine->state().slot / frame + 1) * frame);
}

void SimulationWorker::runTo(long slot)
{
    prepare();
    if (!ready())
        return;
    mStopAtSlot = std::min(slot, mEngine->totalSlots());
    setMode(LiveMode::Running);
    mTick.start(0);
}

void SimulationWorker::setSpeed(double factor)
{
    mSpeed = factor;
    anchorPace();
}

void SimulationWorker::stop()
{
    mStop.store(true);
    if (mEngine && !mFailed && mMode.load() != LiveMode::Finished)
        finishRun();
}

void SimulationWorker::refresh()
{
    if (mRecorder && mMode.load() != LiveMode::Running)
        emitSnapshot(mMode.load() == LiveMode::Finished);
}

void SimulationWorker::anchorPace()
{
    mAnchorWall = mWall.nsecsElapsed() * 1e-9;
    mAnchorSim = mEngine ? mEngine->state().now : 0.0;
}

double SimulationWorker::runningSeconds() const
{
    return mRunWall + (mRunSince >= 0 ? mWall.nsecsElapsed() * 1e-9 - mRunSince : 0.0);
}

void SimulationWorker::setMode(LiveMode mode)
{
    const LiveMode old = mMode.exchange(mode);
    const double now = mWall.nsecsElapsed() * 1e-9;
    if (mode == LiveMode::Running && mRunSince < 0)
        mRunSince = now;
    if (mode != LiveMode::Running && mRunSince >= 0) {
        mRunWall += now - mRunSince;
        mRunSince = -1;
    }
    if (old != mode)
        Q_EMIT modeChanged(int(mode));
}

void SimulationWorker::emitSnapshot(bool finishedRun)
{
    mLastEmit = mWall.nsecsElapsed() * 1e-9;
    mRecorder->setFocus(mFocus.load());
    Q_EMIT snapshotReady(
        mRecorder->take(runningSeconds(), mMode.load() == LiveMode::Running, finishedRun));
}

void SimulationWorker::finishRun()
{
    mTick.stop();
    const RunResult result = mEngine->finish();
    setMode(LiveMode::Finished);
    emitSnapshot(true);
    Q_EMIT finished(result);
}

void SimulationWorker::tick()
{
    if (!ready() || mMode.load() != LiveMode::Running)
        return;
    const double slotSeconds = mScenario.time.slot;
    const double chunkEnd = mWall.nsecsElapsed() * 1e-9 + kChunkSeconds;
    const bool paced = mStopAtSlot < 0 && mSpeed > 0;
    for (;;) {
        if (mStop.load()) {
            finishRun();
            return;
        }
        const SimState &state = mEngine->state();
        if (mStopAtSlot >= 0 && state.slot >= mStopAtSlot) {
            mStopAtSlot = -1;
            setMode(LiveMode::Paused);
            emitSnapshot();
            return;
        }
        const double wall = mWall.nsecsElapsed() * 1e-9;
        if (paced) {
            double allowed = mAnchorSim + mSpeed * (wall - mAnchorWall);
            const double next = double(state.slot + 1) * slotSeconds;
            if (allowed - state.now > kMaxLagSeconds * mSpeed + slotSeconds) {
                mAnchorSim = state.now; // too slow for this speed: do not burst to catch up
                mAnchorWall = wall;
                allowed = state.now;
            }
            if (next > allowed) {
                const double waitMs = (next - allowed) / mSpeed * 1e3;
                mTick.start(std::clamp(int(std::ceil(waitMs)), 1, kMinSnapshotMs));
                if (wall - mLastEmit >= kMinSnapshotMs * 1e-3)
                    emitSnapshot();
                return;
            }
        }
        bool stepped = false;
        try {
            stepped = mEngine->stepSlot();
        } catch (const std::exception &e) { // e.g. more requests in flight than memory allows
            mTick.stop();
            mFailed = true; // the engine is mid-slot: nothing more is asked of it
            setMode(LiveMode::Finished);
            Q_EMIT failed(QString::fromStdString(e.what()));
            return;
        }
        if (!stepped && (mEngine->cancelled() || state.slot >= mEngine->totalSlots())) {
            finishRun();
            return;
        }
        const double after = mWall.nsecsElapsed() * 1e-9;
        if (after - mLastEmit >= kMinSnapshotMs * 1e-3)
            emitSnapshot();
        if (after >= chunkEnd) {
            mTick.start(0);
            return;
        }
    }
}

} // namespace schedlab::ui
