// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainingcurve.h"
#include "trainingcurves.h"
#include "trainingsession.h"

#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;

namespace schedlab::ui {

class SeedBox;

class TrainingCharts;

/**
 * Train a learned policy on the scenario being edited: choose the agent, the
 * number of episodes, the seed, KaiS's ε or the DRS family's reward; start, pause, resume or stop
 * the run (in a worker thread) and watch reward, losses and throughput per episode with adjustable
 * smoothing, and how far the episode in progress has come. The weights are saved to and loaded from
 * checkpoint files, and handed to the comparison panel to compare the learned policy.
 */
class TrainingDashboard : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kRedrawMs = 40; ///< at most 25 redraws a second

    explicit TrainingDashboard(QWidget *parent = nullptr);
    ~TrainingDashboard() override;

    /** The scenario the next run trains on (copied; a run in progress keeps its own). */
    /** The scenario the next training runs on; a `replaced` one (another file) also
     *  drops the curves and weights of the one before, unless a training is running. */
    void setScenario(const Scenario &scenario, bool replaced = false);
    /** How runs make their trainer (makeTrainer unless set, e.g. by a test). */
    void setTrainerFactory(TrainerFactory factory);

    bool setAgent(const QString &agent);
    void setEpisodes(int episodes);
    void setSeed(std::uint64_t seed);
    void setEpsilon(double epsilon);
    /** The smoothing weight, 0 (raw) to 0.99. */
    void setSmoothing(double weight);

    /** Starts a run; false with the reason in the status when it cannot. */
    bool start();
    void pause();
    void resume();
    void stop();
    TrainMode mode() const { return mSession.mode(); }

    /** Writes the current weights; on failure shows a message and returns false. */
    bool saveCheckpoint(const QString &path);
    /** Reads weights to use and to train on; on failure shows a message, keeps the
     *  current weights and returns false. */
    bool loadCheckpoint(const QString &path);
    /** Hands the current weights to whoever shows comparisons (useModel()). */
    bool useInComparison();

    ModelPtr model() const { return mModel; }
    /** Where the current weights come from, e.g. "cmmac.ckpt" or "trained here: ...". */
    QString modelLabel() const { return mModelLabel; }
    const TrainingCurves &curves() const { return mCurves; }
    TrainingCharts *charts() const { return mCharts; }
    QString statusText() const;
    /** Whether the last run's throughput curve has converged (ConvergenceMonitor). */
    const ConvergenceMonitor &convergence() const { return mCurve.convergence(); }
    /** "Stop when converged": the run ends once its curve has converged. */
    QCheckBox *untilConvergedBox() const { return mUntilConverged; }
    /** How far the episode in progress has come; shown while a run is active. */
    QProgressBar *episodeProgress() const { return mEpisodeBar; }
    /** The text of the last message box shown (errors of save and load). */
    QString messageText() const { return mMessage; }

    QPushButton *startButton() const { return mStart; }
    QPushButton *pauseButton() const { return mPause; }
    QPushButton *resumeButton() const { return mResume; }
    QPushButton *stopButton() const { return mStop; }
    QPushButton *saveButton() const { return mSave; }
    QPushButton *loadButton() const { return mLoad; }
    QPushButton *useButton() const { return mUse; }

Q_SIGNALS:
    /** "Use in comparison": run comparisons with `model`, shown as `label`. */
    void useModel(const schedlab::ui::ModelPtr &model, const QString &label);
    /** A run ended: finished, stopped or failed. */
    void runEnded();

private:
    void received(const TrainPoints &points);
    void runFinished(const ModelPtr &model, bool stopped, const QString &storeNote);
    void runFailed(const QString &message);
    void redraw();
    void updateEpisodeBar();
    void updateControls();
    void updateModelLabel();
    void showMessage(const QString &title, const QString &text);
    void saveDialog();
    void loadDialog();

    TrainingSession mSession;
    TrainerFactory mFactory;
    Scenario mScenario;
    TrainingCurves mCurves;
    TrainPoint mLast;
    bool mHaveLast = false;
    int mPlanned = 0;
    double mFraction = 0.0; ///< of the episode in progress, as the trainer last said
    QString mAgentRunning;  ///< the agent, scenario and seed of the run in progress or last run
    QString mRunScenario;
    std::uint64_t mRunSeed = 0;
    QString mContinuedFrom; ///< the label of the weights the run started from, if any
    bool mDirty = false;
    QTimer mRedraw;
    ModelPtr mModel;
    QString mModelLabel;
    QString mEnded; ///< how the last run ended, for the status
    QString mMessage;

    QComboBox *mAgent;
    QSpinBox *mEpisodes;
    SeedBox *mSeed;
    QSpinBox *mWorkers;
    QDoubleSpinBox *mEpsilon;
    QComboBox *mReward;
    QCheckBox *mContinue;
    QCheckBox *mUntilConverged;
    TrainingCurve mCurve{0};
    bool mConvergedStop = false; ///< the run was stopped because it converged
    QPushButton *mStart, *mPause, *mResume, *mStop;
    QSlider *mSmoothing;
    QLabel *mSmoothingValue;
    QPushButton *mSave, *mLoad, *mUse;
    QLabel *mModelInfo;
    QLabel *mStatus;
    QProgressBar *mEpisodeBar;
    TrainingCharts *mCharts;
};

} // namespace schedlab::ui
