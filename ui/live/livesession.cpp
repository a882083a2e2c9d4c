// SPDX-License-Identifier: GPL-3.0-or-later
#include "livesession.h"
#include "registry/buildpolicies.h"

#include <QCoreApplication>
#include <QThread>

namespace schedlab::ui {

LiveSession::LiveSession(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<SnapshotPtr>();
    qRegisterMetaType<RunResult>();
}

LiveSession::~LiveSession()
{
    discard(); // whoever would draw its last snapshot may be going too
}

void LiveSession::start(const Scenario &scenario, const RunOptions &options)
{
    stop();
    mThread = new QThread(this);
    mThread->setObjectName("live-simulation");
    mWorker = new SimulationWorker(scenario, options);
    mWorker->setFocusNode(mFocus);
    mWorker->moveToThread(mThread);
    // The worker dies on its own thread as that thread ends.
    connect(mThread, &QThread::finished, mWorker, &QObject::deleteLater);
    // Signals of a stopped run may still wait in the event queue: the generation drops them.
    const int generation = ++mGeneration;
    auto current = [this, generation] { return generation == mGeneration; };
    connect(mWorker, &SimulationWorker::snapshotReady, this, [this, current](const SnapshotPtr &s) {
        if (current())
            received(s);
    });
    connect(mWorker, &SimulationWorker::modeChanged, this, [this, current](int m) {
        if (current())
            Q_EMIT modeChanged(LiveMode(m));
    });
    connect(mWorker, &SimulationWorker::finished, this, [this, current](const RunResult &r) {
        if (current())
            Q_EMIT finished(r);
    });
    connect(mWorker, &SimulationWorker::failed, this, [this, current](const QString &message) {
        if (current())
            Q_EMIT failed(message);
    });
    {
        const std::lock_guard<std::mutex> lock(mWorkerLock);
        mRunning = mWorker;
    }
    mThread->start();
    const double speed = mSpeed;
    QMetaObject::invokeMethod(mWorker, [w = mWorker, speed] { w->setSpeed(speed); });
    invoke(&SimulationWorker::prepare);
}

void LiveSession::stop()
{
    end(true);
}

void LiveSession::end(bool lastSnapshot)
{
    if (!mThread)
        return;
    if (lastSnapshot) {
        // The worker finishes the engine at the slot in progress and takes its last
        // snapshot; its signal, queued here, is delivered before the run goes.
        mWorker->requestStop();
        QMetaObject::invokeMethod(mWorker, &SimulationWorker::stop, Qt::BlockingQueuedConnection);
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    }
    ++mGeneration;
    {
        const std::lock_guard<std::mutex> lock(mWorkerLock);
        mRunning = nullptr;
    }
    mWorker->requestStop();
    mThread->quit();
    mThread->wait();
    delete mThread;
    mThread = nullptr;
    mWorker = nullptr;
    mLatest.reset();
    mRateFrom.reset();
    mEventsPerSecond = 0;
    Q_EMIT modeChanged(LiveMode::Idle);
}

void LiveSession::requestStop()
{
    const std::lock_guard<std::mutex> lock(mWorkerLock);
    if (mRunning) {
        mRunning->requestStop();
        QMetaObject::invokeMethod(mRunning, &SimulationWorker::stop, Qt::QueuedConnection);
    }
}

void LiveSession::invoke(void (SimulationWorker::*slot)())
{
    if (mWorker)
        QMetaObject::invokeMethod(mWorker, slot, Qt::QueuedConnection);
}

void LiveSession::run()
{
    invoke(&SimulationWorker::run);
}
void LiveSession::pause()
{
    invoke(&SimulationWorker::pause);
}
void LiveSession::stepSlot()
{
    invoke(&SimulationWorker::stepSlot);
}
void LiveSession::stepFrame()
{
    invoke(&SimulationWorker::stepFrame);
}

void LiveSession::runTo(long slot)
{
    if (mWorker)
        QMetaObject::invokeMethod(mWorker, [w = mWorker, slot] { w->runTo(slot); });
}

void LiveSession::setSpeed(double factor)
{
    mSpeed = factor;
    if (mWorker)
        QMetaObject::invokeMethod(mWorker, [w = mWorker, factor] { w->setSpeed(factor); });
}

void LiveSession::setFocusNode(int node)
{
    mFocus = node;
    if (mWorker) {
        mWorker->setFocusNode(node);
        invoke(&SimulationWorker::refresh);
    }
}

void LiveSession::received(const SnapshotPtr &s)
{
    // The rate over at least half a second of running, so it does not flicker.
    if (!mRateFrom || s->events < mRateFrom->events) {
        mRateFrom = s;
    } else if (s->wallSeconds >= mRateFrom->wallSeconds + 0.5) {
        mEventsPerSecond =
            double(s->events - mRateFrom->events) / (s->wallSeconds - mRateFrom->wallSeconds);
        mRateFrom = s;
    }
    if (s->finished || mode() == LiveMode::Paused)
        mEventsPerSecond = 0;
    mLatest = s;
    Q_EMIT snapshot(s);
}

} // namespace schedlab::ui
