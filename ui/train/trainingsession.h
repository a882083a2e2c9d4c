// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "trainingworker.h"

#include <QObject>

class QThread;

namespace schedlab::ui {

/** What a training run is doing, as the GUI sees it. */
enum class TrainMode { Idle, Running, Paused, Stopping, Finished, Failed };

/**
 * The GUI side of a training run: owns the worker thread and the worker, starts
 * the run by a queued call and steers it through the worker's thread-safe
 * controls. Starting a run ends the previous one; destroying the session stops
 * the run and joins its thread (at the end of the step in progress).
 */
class TrainingSession : public QObject
{
    Q_OBJECT

public:
    explicit TrainingSession(QObject *parent = nullptr);
    ~TrainingSession() override;

    /** Starts training `scenario` (copied) with `options`; the points follow. */
    void start(const Scenario &scenario, const TrainOptions &options, TrainerFactory factory,
               const QString &storePath);
    void pause();
    void resume();
    /** Asks the run to end after its current step; finished() follows with the weights. */
    void stop();
    /** Stops, waits for the thread and drops whatever the run still sends. */
    void abandon();
    TrainMode mode() const { return mMode; }
    bool isActive() const
    {
        return mMode == TrainMode::Running || mMode == TrainMode::Paused ||
               mMode == TrainMode::Stopping;
    }

Q_SIGNALS:
    void started(int plannedEpisodes);
    void points(const schedlab::ui::TrainPoints &points);
    /** The episode in progress has run `fraction` of its simulated time. */
    void progressed(double fraction);
    void modeChanged(schedlab::ui::TrainMode mode);
    void finished(const schedlab::ui::ModelPtr &model, bool stopped, const QString &storeNote);
    void failed(const QString &message);

private:
    void setMode(TrainMode mode);
    void join();

    QThread *mThread = nullptr;
    TrainingWorker *mWorker = nullptr;
    TrainMode mMode = TrainMode::Idle;
    int mGeneration = 0;
};

} // namespace schedlab::ui
