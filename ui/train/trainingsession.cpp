// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingsession.h"

#include <QThread>

namespace schedlab::ui {

TrainingSession::TrainingSession(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<TrainPoints>();
    qRegisterMetaType<ModelPtr>();
}

TrainingSession::~TrainingSession()
{
    abandon();
}

void TrainingSession::start(const Scenario &scenario, const TrainOptions &options,
                            TrainerFactory factory, const QString &storePath)
{
    abandon();
    mThread = new QThread(this);
    mThread->setObjectName("training");
    mWorker = new TrainingWorker(scenario, options, std::move(factory), storePath);
    mWorker->moveToThread(mThread);
    connect(mThread, &QThread::finished, mWorker, &QObject::deleteLater);
    // Signals of an abandoned run may still wait in the event queue: the generation drops them.
    const int generation = ++mGeneration;
    auto current = [this, generation] { return generation == mGeneration; };
    connect(mWorker, &TrainingWorker::started, this, [this, current](int planned) {
        if (current())
            Q_EMIT started(planned);
    });
    connect(mWorker, &TrainingWorker::pointsReady, this, [this, current](const TrainPoints &p) {
        if (current())
            Q_EMIT points(p);
    });
    connect(mWorker, &TrainingWorker::progressed, this, [this, current](double fraction) {
        if (current())
            Q_EMIT progressed(fraction);
    });
    connect(mWorker, &TrainingWorker::finished, this,
            [this, current](const ModelPtr &model, bool stopped, const QString &note) {
                if (!current())
                    return;
                join();
                setMode(TrainMode::Finished);
                Q_EMIT finished(model, stopped, note);
            });
    connect(mWorker, &TrainingWorker::failed, this, [this, current](const QString &message) {
        if (!current())
            return;
        join();
        setMode(TrainMode::Failed);
        Q_EMIT failed(message);
    });
    mThread->start();
    QMetaObject::invokeMethod(mWorker, &TrainingWorker::train, Qt::QueuedConnection);
    setMode(TrainMode::Running);
}

void TrainingSession::pause()
{
    if (mMode != TrainMode::Running)
        return;
    mWorker->pause();
    setMode(TrainMode::Paused);
}

void TrainingSession::resume()
{
    if (mMode != TrainMode::Paused)
        return;
    mWorker->resume();
    setMode(TrainMode::Running);
}

void TrainingSession::stop()
{
    if (mMode != TrainMode::Running && mMode != TrainMode::Paused)
        return;
    mWorker->stop(); // also wakes a paused run
    setMode(TrainMode::Stopping);
}

void TrainingSession::abandon()
{
    if (!mThread)
        return;
    ++mGeneration;
    mWorker->stop();
    join();
    if (isActive())
        setMode(TrainMode::Idle);
}

void TrainingSession::join()
{
    if (!mThread)
        return;
    mThread->quit(); // train() returns first; the quit is handled after it
    mThread->wait();
    delete mThread; // the worker went with the thread's last events (deleteLater)
    mThread = nullptr;
    mWorker = nullptr;
}

void TrainingSession::setMode(TrainMode mode)
{
    if (mMode == mode)
        return;
    mMode = mode;
    Q_EMIT modeChanged(mode);
}

} // namespace schedlab::ui
