// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingworker.h"

#include "experiment/trainingrecorder.h"

#include <QDir>
#include <QFileInfo>

namespace schedlab::ui {

TrainingWorker::TrainingWorker(const Scenario &scenario, const TrainOptions &options,
                               TrainerFactory factory, const QString &storePath, QObject *parent)
    : QObject(parent), mScenario(scenario), mOptions(options), mFactory(std::move(factory)),
      mStorePath(storePath)
{
}

TrainingWorker::~TrainingWorker() = default;

void TrainingWorker::train()
{
    std::unique_ptr<Trainer> trainer;
    try {
        trainer = mFactory(mScenario, mOptions);
    } catch (const std::exception &e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
        return;
    }
    openStore();
    Q_EMIT started(trainer->plannedEpisodes());
    mCurve = TrainingCurve(trainer->plannedEpisodes());
    mSinceFlush.start();
    mControl.setProgressListener([this](double fraction) { progress(fraction); });
    try {
        trainer->train(mControl, [this](const TrainPoint &p) { received(p); });
    } catch (const std::exception &e) {
        flush();
        mRecorder.reset();
        Q_EMIT failed(QString::fromStdString(e.what()));
        return;
    }
    flush();
    LearnedModel trained = trainer->model();
    mCurve.record(trained.info);
    auto model = std::make_shared<const LearnedModel>(std::move(trained));
    closeStore(*model);
    Q_EMIT finished(model, mControl.stopRequested(), mStoreNote);
}

void TrainingWorker::received(const TrainPoint &point)
{
    mBatch.push_back(point);
    mCurve.add(point);
    if (point.episodeDone) {
        record(point);
        mFraction = -1.0; // it was the finished episode's
    }
    if (mSinceFlush.elapsed() >= kMinBatchMs)
        flush();
}

void TrainingWorker::progress(double fraction)
{
    mFraction = fraction;
    if (mSinceFlush.elapsed() >= kMinBatchMs)
        flush();
}

void TrainingWorker::flush()
{
    mSinceFlush.restart();
    if (!mBatch.empty()) {
        Q_EMIT pointsReady(mBatch);
        mBatch.clear();
    }
    if (mFraction >= 0.0) { // after the points, so it is read as the next episode's
        Q_EMIT progressed(mFraction);
        mFraction = -1.0;
    }
}

void TrainingWorker::openStore()
{
    if (mStorePath.isEmpty()) {
        mStoreNote = tr("Not recorded: no experiment store.");
        return;
    }
    QDir().mkpath(QFileInfo(mStorePath).absolutePath()); // a first run makes the app's data folder
    std::string error;
    auto recorder = TrainingRecorder::open(mStorePath.toStdString(), &error);
    if (!recorder || !recorder->begin(mScenario, mOptions)) {
        mStoreNote = tr("Not recorded: %1")
                         .arg(QString::fromStdString(recorder ? recorder->lastError() : error));
        return;
    }
    mStoreNote = tr("Recorded as training session %1.").arg(recorder->sessionId());
    mRecorder = std::move(recorder);
}

void TrainingWorker::record(const TrainPoint &point)
{
    if (mRecorder && !mRecorder->record(point)) {
        mStoreNote = tr("Recording stopped at episode %1: %2")
                         .arg(point.episode + 1)
                         .arg(QString::fromStdString(mRecorder->lastError()));
        mRecorder.reset();
    }
}

void TrainingWorker::closeStore(const LearnedModel &model)
{
    if (!mRecorder)
        return;
    // The final weights go with the session, as `train --db` keeps them.
    const std::string name = mOptions.agent + " session " + std::to_string(mRecorder->sessionId());
    if (!mRecorder->finish(model, name))
        mStoreNote += ' ' + tr("The weights were not stored: %1")
                                .arg(QString::fromStdString(mRecorder->lastError()));
    mRecorder.reset(); // the session is committed; let others write
}

} // namespace schedlab::ui
