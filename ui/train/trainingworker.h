// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"
#include "learn/trainingcurve.h"
#include "model/scenario.h"
#include "train/trainers.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <vector>

namespace schedlab {
class TrainingRecorder;
}

namespace schedlab::ui {

/** Makes the trainer of a run; makeTrainer unless a test gives its own. */
using TrainerFactory =
    std::function<std::unique_ptr<Trainer>(const Scenario &, const TrainOptions &)>;

using TrainPoints = std::vector<TrainPoint>;
using ModelPtr = std::shared_ptr<const LearnedModel>;

/**
 * Trains one agent on the thread it lives on (a QThread of TrainingSession).
 * train() blocks that thread for the whole run, so pause, resume and stop do not
 * go through its event loop: they go to the run's TrainControl, which the trainer
 * consults between steps. A stopped run ends on a whole step and still reports
 * its weights. Points go out in batches at most 30 times a second of wall time
 * (and once more at the end), each batch followed by how far the episode in
 * progress has come, when the trainer said so since the last; every finished episode is also
 * written to the experiment store as a training session (with the final weights as its checkpoint),
 * as `schedlab-cli train --db` records it, when a store path is given.
 */
class TrainingWorker : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMinBatchMs = 33;

    TrainingWorker(const Scenario &scenario, const TrainOptions &options, TrainerFactory factory,
                   const QString &storePath = {}, QObject *parent = nullptr);
    ~TrainingWorker() override;

    /** Thread-safe. */
    void pause() { mControl.pause(); }
    /** Thread-safe. */
    void resume() { mControl.resume(); }
    /** Thread-safe: the run ends after the step in progress. */
    void stop() { mControl.stop(); }

public Q_SLOTS:
    /** Builds the trainer and trains until the budget is spent or stop() is called. */
    void train();

Q_SIGNALS:
    /** The trainer was built and starts; it plans this many episodes. */
    void started(int plannedEpisodes);
    void pointsReady(const schedlab::ui::TrainPoints &points);
    /** The episode in progress has run `fraction` (0 to 1) of its simulated time. */
    void progressed(double fraction);
    /** The run ended (budget spent, or stopped when `stopped`) with these weights;
     *  `storeNote` says where the curve went, or why it was not stored. */
    void finished(const schedlab::ui::ModelPtr &model, bool stopped, const QString &storeNote);
    /** The run could not start or broke off; nothing trained is kept. */
    void failed(const QString &message);

private:
    void received(const TrainPoint &point);
    void progress(double fraction);
    void flush();
    void openStore();
    void record(const TrainPoint &point);
    void closeStore(const LearnedModel &model);

    Scenario mScenario;
    TrainOptions mOptions;
    TrainerFactory mFactory;
    QString mStorePath;
    TrainControl mControl;
    TrainPoints mBatch;
    QElapsedTimer mSinceFlush;
    double mFraction = -1.0; ///< reported since the last flush; -1: nothing new
    std::unique_ptr<TrainingRecorder> mRecorder;
    TrainingCurve mCurve{0}; ///< kept in the model's info, as `train` keeps it
    QString mStoreNote;
};

} // namespace schedlab::ui
