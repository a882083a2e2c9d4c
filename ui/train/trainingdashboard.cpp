// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingdashboard.h"

#include "preferences.h"
#include "seedbox.h"
#include "trainingcharts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

namespace schedlab::ui {

namespace {
QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/** The folder checkpoint dialogs open in. */
const Preference<QString> checkpointFolder("training/checkpointFolder", QDir::homePath());
/** The smoothing weight the dashboard starts with, as last set. */
const Preference<double> smoothingWeight("training/smoothing", 0.6);

QString checkpointFilter()
{
    return QObject::tr("Checkpoints (*.ckpt);;All files (*)");
}
} // namespace

TrainingDashboard::TrainingDashboard(QWidget *parent)
    : QWidget(parent), mFactory(&makeTrainer), mRedraw(this)
{
    auto *controls = new QWidget(this);
    auto *v = new QVBoxLayout(controls);
    v->setContentsMargins(0, 0, 0, 0);

    auto *run = new QGroupBox(tr("Training"), controls);
    auto *form = new QFormLayout(run);
    mAgent = new QComboBox(run);
    for (const std::string &agent : trainableAgents())
        mAgent->addItem(q(agent));
    form->addRow(tr("Agent"), mAgent);
    mEpisodes = new QSpinBox(run);
    mEpisodes->setRange(0, 1000000);
    mEpisodes->setSpecialValueText(tr("agent's default"));
    mEpisodes->setValue(20);
    form->addRow(tr("Episodes"), mEpisodes);
    mUntilConverged = new QCheckBox(tr("Stop when converged"), run);
    mUntilConverged->setToolTip(
        tr("End the run once the throughput curve has flattened: the mean of the last window of "
           "episodes within the 95% interval of the window before. Episodes is then the cap."));
    form->addRow(mUntilConverged);
    mSeed = new SeedBox(run);
    mSeed->setValue(1);
    mSeed->setToolTip(tr("Episode k runs the workload with seed + k"));
    form->addRow(tr("Seed"), mSeed);
    mWorkers = new QSpinBox(run);
    mWorkers->setObjectName("workers");
    mWorkers->setRange(1, kMaxTrainWorkers);
    mWorkers->setValue(defaultTrainWorkers());
    mWorkers->setToolTip(
        tr("Episodes trained at once, one a core, learned from in synchronous updates: part of "
           "what is trained (the same seed and number, the same weights)"));
    form->addRow(tr("Episodes at once"), mWorkers);
    mEpsilon = new QDoubleSpinBox(run);
    mEpsilon->setObjectName("epsilon");
    mEpsilon->setRange(0.0, 100.0);
    mEpsilon->setDecimals(2);
    mEpsilon->setSingleStep(0.1);
    mEpsilon->setValue(1.0);
    mEpsilon->setToolTip(
        tr("KaiS reward e^(−λ−εν): the weight of load balance ν against latency λ"));
    form->addRow(tr("ε (load balance)"), mEpsilon);
    mReward = new QComboBox(run);
    mReward->addItems({"drs", "rlsk", "deeprm", "multi-deeprm"});
    mReward->setToolTip(tr("The reward of the DRS family's agents"));
    form->addRow(tr("Reward"), mReward);
    mContinue = new QCheckBox(tr("Continue from the current weights"), run);
    mContinue->setToolTip(tr("Start from the trained or loaded weights instead of new ones"));
    form->addRow(mContinue);
    auto *buttons = new QGridLayout;
    mStart = new QPushButton(tr("Start"), run);
    mPause = new QPushButton(tr("Pause"), run);
    mResume = new QPushButton(tr("Resume"), run);
    mStop = new QPushButton(tr("Stop"), run);
    mStop->setToolTip(tr("End after the step in progress and keep the weights"));
    buttons->addWidget(mStart, 0, 0);
    buttons->addWidget(mPause, 0, 1);
    buttons->addWidget(mResume, 1, 0);
    buttons->addWidget(mStop, 1, 1);
    form->addRow(buttons);
    v->addWidget(run);

    auto *view = new QGroupBox(tr("Curves"), controls);
    auto *viewForm = new QFormLayout(view);
    auto *smoothing = new QHBoxLayout;
    mSmoothing = new QSlider(Qt::Horizontal, view);
    mSmoothing->setRange(0, 99);
    mSmoothingValue = new QLabel(view);
    mSmoothingValue->setMinimumWidth(32);
    smoothing->addWidget(mSmoothing, 1);
    smoothing->addWidget(mSmoothingValue);
    viewForm->addRow(tr("Smoothing"), smoothing);
    mSmoothing->setToolTip(tr("Weight of the exponential moving average drawn over the episodes"));
    v->addWidget(view);

    auto *weights = new QGroupBox(tr("Model"), controls);
    auto *wv = new QVBoxLayout(weights);
    mModelInfo = new QLabel(weights);
    mModelInfo->setWordWrap(true);
    wv->addWidget(mModelInfo);
    auto *files = new QHBoxLayout;
    mSave = new QPushButton(tr("Save Checkpoint…"), weights);
    mLoad = new QPushButton(tr("Load Checkpoint…"), weights);
    files->addWidget(mSave);
    files->addWidget(mLoad);
    wv->addLayout(files);
    mUse = new QPushButton(tr("Use in Comparison"), weights);
    mUse->setToolTip(tr("Compare the learned policy with these weights against the baselines"));
    wv->addWidget(mUse);
    v->addWidget(weights);
    v->addStretch(1);
    // Scrolls rather than making the window taller than a small screen (or a 900 × 600 shot).
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(controls->sizeHint().width());
    scroll->setMaximumWidth(320);

    mCharts = new TrainingCharts(this);
    mStatus = new QLabel(this);
    mStatus->setWordWrap(true);
    mEpisodeBar = new QProgressBar(this);
    mEpisodeBar->setRange(0, 1000);
    mEpisodeBar->setToolTip(tr("The share of the episode's simulated time the trainer has run"));
    mEpisodeBar->hide();
    auto *right = new QVBoxLayout;
    right->addWidget(mCharts, 1);
    right->addWidget(mEpisodeBar);
    right->addWidget(mStatus);
    auto *h = new QHBoxLayout(this);
    h->addWidget(scroll);
    h->addLayout(right, 1);

    connect(mStart, &QPushButton::clicked, this, &TrainingDashboard::start);
    connect(mPause, &QPushButton::clicked, this, &TrainingDashboard::pause);
    connect(mResume, &QPushButton::clicked, this, &TrainingDashboard::resume);
    connect(mStop, &QPushButton::clicked, this, &TrainingDashboard::stop);
    connect(mSave, &QPushButton::clicked, this, &TrainingDashboard::saveDialog);
    connect(mLoad, &QPushButton::clicked, this, &TrainingDashboard::loadDialog);
    connect(mUse, &QPushButton::clicked, this, &TrainingDashboard::useInComparison);
    connect(mAgent, &QComboBox::currentTextChanged, this, [this] {
        if (!mSession.isActive())
            mCharts->setAgent(mAgent->currentText());
        updateControls();
    });
    connect(mSmoothing, &QSlider::valueChanged, this, [this](int value) {
        mSmoothingValue->setText(QString::number(value / 100.0, 'f', 2));
        mCharts->setSmoothing(value / 100.0);
        smoothingWeight.set(value / 100.0);
        mDirty = true;
        redraw();
    });
    connect(&mSession, &TrainingSession::started, this, [this](int planned) {
        mPlanned = planned;
        mCurve = TrainingCurve(planned);
        mDirty = true;
        updateEpisodeBar();
    });
    connect(&mSession, &TrainingSession::points, this, &TrainingDashboard::received);
    connect(&mSession, &TrainingSession::progressed, this, [this](double fraction) {
        mFraction = fraction;
        updateEpisodeBar();
    });
    connect(&mSession, &TrainingSession::modeChanged, this, [this] {
        updateControls();
        updateEpisodeBar();
        mStatus->setText(statusText());
    });
    connect(&mSession, &TrainingSession::finished, this, &TrainingDashboard::runFinished);
    connect(&mSession, &TrainingSession::failed, this, &TrainingDashboard::runFailed);
    mRedraw.setInterval(kRedrawMs);
    connect(&mRedraw, &QTimer::timeout, this, &TrainingDashboard::redraw);

    mCharts->setAgent(mAgent->currentText());
    mSmoothing->setValue(int(std::lround(std::clamp(smoothingWeight.get(), 0.0, 0.99) * 100)));
    mSmoothingValue->setText(QString::number(mSmoothing->value() / 100.0, 'f', 2));
    mCharts->setSmoothing(mSmoothing->value() / 100.0);
    mDirty = true;
    redraw();
    updateModelLabel();
    updateControls();
    mStatus->setText(statusText());
}

TrainingDashboard::~TrainingDashboard()
{
    mSession.disconnect(this); // the run ends with the dashboard; nothing to show any more
}

void TrainingDashboard::setScenario(const Scenario &scenario, bool replaced)
{
    mScenario = scenario;
    if (mSession.isActive())
        return;
    mEpsilon->setValue(scenario.policies.kais.epsilon);
    if (replaced) { // its networks and curves are the other scenario's
        mModel.reset();
        mModelLabel.clear();
        mContinue->setChecked(false);
        mCurves.clear();
        mHaveLast = false;
        mEnded.clear();
        mCharts->redraw(mCurves, mPlanned);
        updateModelLabel();
        updateControls();
    }
    mStatus->setText(statusText());
}
void TrainingDashboard::setTrainerFactory(TrainerFactory factory)
{
    mFactory = std::move(factory);
}
void TrainingDashboard::setEpisodes(int episodes)
{
    mEpisodes->setValue(episodes);
}
void TrainingDashboard::setSeed(std::uint64_t seed)
{
    mSeed->setValue(seed);
}
void TrainingDashboard::setEpsilon(double epsilon)
{
    mEpsilon->setValue(epsilon);
}
void TrainingDashboard::setSmoothing(double weight)
{
    mSmoothing->setValue(int(std::lround(weight * 100)));
}

bool TrainingDashboard::setAgent(const QString &agent)
{
    const int i = mAgent->findText(agent);
    if (i < 0)
        return false;
    mAgent->setCurrentIndex(i);
    return true;
}

bool TrainingDashboard::start()
{
    if (mSession.isActive())
        return false;
    if (mAgent->currentText().isEmpty()) {
        mStatus->setText(tr("No agent can be trained in this build."));
        return false;
    }
    TrainOptions options;
    options.agent = mAgent->currentText().toStdString();
    options.episodes = mEpisodes->value();
    options.seed = mSeed->value();
    if (agentTakesWorkers(options.agent)) // else one at a time: the box is greyed
        options.workers = mWorkers->value();
    if (agentTakesEpsilon(options.agent)) // else ignored: the box is greyed
        options.epsilon = mEpsilon->value();
    options.reward = mReward->currentText().toStdString();
    mContinuedFrom.clear();
    if (mContinue->isEnabled() && mContinue->isChecked()) {
        options.initial = mModel;
        mContinuedFrom = mModelLabel;
    }
    mCurves.clear();
    mHaveLast = false;
    mPlanned = options.episodes;
    mFraction = 0.0;
    mDirty = true; // the last run's curves and axes go at once, not at this run's first point
    mEnded.clear();
    mConvergedStop = false;
    mAgentRunning = mAgent->currentText();
    mRunScenario = q(mScenario.name);
    mRunSeed = mSeed->value();
    mCharts->setAgent(mAgentRunning);
    mSession.start(mScenario, options, mFactory, experimentsDatabase().get());
    mRedraw.start();
    redraw();
    updateEpisodeBar();
    return true;
}

void TrainingDashboard::pause()
{
    mSession.pause();
}
void TrainingDashboard::resume()
{
    mSession.resume();
}
void TrainingDashboard::stop()
{
    mSession.stop();
}

void TrainingDashboard::received(const TrainPoints &points)
{
    for (const TrainPoint &p : points) {
        if (mCurves.add(p))
            mFraction = 0.0; // the next episode begins
        if (mCurve.add(p) && mCurve.convergence().converged() && mUntilConverged->isChecked() &&
            !mConvergedStop) {
            mConvergedStop = true;
            mSession.stop(); // the next episode does not start
        }
    }
    if (!points.empty()) {
        mLast = points.back();
        mHaveLast = true;
    }
    mDirty = true; // drawn by the next tick of mRedraw
    updateEpisodeBar();
}

void TrainingDashboard::updateEpisodeBar()
{
    mEpisodeBar->setVisible(mSession.isActive());
    const int done = mHaveLast ? mLast.episode + (mLast.episodeDone ? 1 : 0) : 0;
    const int episode = mPlanned > 0 ? std::min(done + 1, mPlanned) : done + 1;
    // %p is the bar's own percentage.
    mEpisodeBar->setFormat(
        mPlanned > 0 ? tr("Episode %1 of %2: %p% of its simulated time").arg(episode).arg(mPlanned)
                     : tr("Episode %1: %p% of its simulated time").arg(episode));
    mEpisodeBar->setValue(int(std::lround(mFraction * 1000)));
}

void TrainingDashboard::runFinished(const ModelPtr &model, bool stopped, const QString &storeNote)
{
    mRedraw.stop();
    mModel = model;
    const int episodes = mCurves.episodes();
    const QString count = episodes == 1 ? tr("1 episode") : tr("%1 episodes").arg(episodes);
    mModelLabel =
        tr("trained here: %1 on %2, seed %3").arg(count, mRunScenario).arg(qulonglong(mRunSeed));
    if (!mContinuedFrom.isEmpty())
        mModelLabel += tr(", continued from %1").arg(mContinuedFrom);
    mEnded = (mConvergedStop ? tr("Converged: %1.").arg(count)
              : stopped      ? tr("Stopped after %1.").arg(count)
                             : tr("Finished: %1.").arg(count)) +
             ' ' + storeNote;
    mDirty = true;
    redraw();
    updateModelLabel();
    updateControls();
    Q_EMIT runEnded();
}

void TrainingDashboard::runFailed(const QString &message)
{
    mRedraw.stop();
    mEnded = tr("Training failed: %1").arg(message);
    mDirty = true;
    redraw();
    updateControls();
    Q_EMIT runEnded();
}

void TrainingDashboard::redraw()
{
    if (mDirty) {
        mCharts->redraw(mCurves, mPlanned);
        mDirty = false;
    }
    mStatus->setText(statusText());
}

QString TrainingDashboard::statusText() const
{
    const QLocale locale;
    QString state;
    switch (mSession.mode()) {
    case TrainMode::Idle:
        return tr("Ready to train %1 on %2.")
            .arg(mAgent->currentText(),
                 q(mScenario.name.empty() ? "the scenario" : mScenario.name));
    case TrainMode::Running:
        state = tr("Training");
        break;
    case TrainMode::Paused:
        state = tr("Paused");
        break;
    case TrainMode::Stopping:
        state = tr("Stopping after this step");
        break;
    case TrainMode::Finished:
    case TrainMode::Failed:
        state = mEnded;
        break;
    }
    if (!mHaveLast)
        return state;
    QStringList parts{state};
    const int episode = mLast.episode + 1;
    parts << (mPlanned > 0 ? tr("episode %1 of %2").arg(episode).arg(mPlanned)
                           : tr("episode %1").arg(episode));
    parts << tr("%1 steps").arg(locale.toString(qlonglong(mLast.steps)));
    if (mLast.stepsPerSecond > 0)
        parts << tr("%1 steps/s").arg(locale.toString(mLast.stepsPerSecond, 'f', 0));
    if (!mLast.stage.empty())
        parts << tr("stage %1").arg(q(mLast.stage));
    return parts.join(QStringLiteral("  ·  ")) + '\n' +
           tr("Throughput: %1").arg(q(mCurve.convergence().describe()));
}

void TrainingDashboard::updateControls()
{
    const TrainMode m = mSession.mode();
    const bool active = mSession.isActive();
    const bool idle = !active;
    mStart->setEnabled(idle && mAgent->count() > 0);
    mPause->setEnabled(m == TrainMode::Running);
    mResume->setEnabled(m == TrainMode::Paused);
    mStop->setEnabled(m == TrainMode::Running || m == TrainMode::Paused);
    for (QWidget *w : {static_cast<QWidget *>(mAgent), static_cast<QWidget *>(mEpisodes),
                       static_cast<QWidget *>(mSeed)})
        w->setEnabled(idle);
    const std::string agent = mAgent->currentText().toStdString();
    mReward->setEnabled(idle && agentTakesReward(agent));
    mEpsilon->setEnabled(idle && agentTakesEpsilon(agent));
    mWorkers->setEnabled(idle && agentTakesWorkers(agent));
    mContinue->setEnabled(idle && mModel && q(mModel->agent) == mAgent->currentText());
    mSave->setEnabled(idle && mModel);
    mLoad->setEnabled(idle);
    mUse->setEnabled(idle && mModel);
}

void TrainingDashboard::updateModelLabel()
{
    if (!mModel) {
        mModelInfo->setText(tr("No weights yet: train, or load a checkpoint."));
        return;
    }
    mModelInfo->setText(
        tr("<b>%1</b> — %2").arg(q(mModel->agent).toHtmlEscaped(), mModelLabel.toHtmlEscaped()));
    mModelInfo->setToolTip(mModelLabel);
}

bool TrainingDashboard::saveCheckpoint(const QString &path)
{
    if (!mModel)
        return false;
    try {
        saveModel(path.toStdString(), *mModel);
    } catch (const std::exception &e) {
        showMessage(tr("Checkpoint not saved"), q(e.what()));
        return false;
    }
    mModelLabel = QFileInfo(path).fileName();
    updateModelLabel();
    mStatus->setText(tr("Saved the %1 weights to %2.").arg(q(mModel->agent), path));
    return true;
}

bool TrainingDashboard::loadCheckpoint(const QString &path)
{
    if (mSession.isActive())
        return false;
    LearnedModel loaded;
    try {
        loaded = loadModel(path.toStdString());
    } catch (const std::exception &e) {
        showMessage(tr("Checkpoint not loaded"),
                    tr("%1\n\nThe current weights are kept.").arg(q(e.what())));
        return false;
    }
    mModel = std::make_shared<const LearnedModel>(std::move(loaded));
    mModelLabel = QFileInfo(path).fileName();
    setAgent(q(mModel->agent)); // to continue training it
    mContinue->setChecked(true);
    updateModelLabel();
    updateControls();
    mStatus->setText(tr("Loaded %1 weights from %2.").arg(q(mModel->agent), path));
    return true;
}

bool TrainingDashboard::useInComparison()
{
    if (!mModel || mSession.isActive())
        return false;
    Q_EMIT useModel(mModel, mModelLabel);
    return true;
}

void TrainingDashboard::showMessage(const QString &title, const QString &text)
{
    mMessage = text;
    // Not exec(): the message must not block a run's points (or a test) behind it.
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void TrainingDashboard::saveDialog()
{
    if (!mModel)
        return;
    const QString suggested = QDir(checkpointFolder.get()).filePath(q(mModel->agent) + ".ckpt");
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save Checkpoint"), suggested, checkpointFilter());
    if (path.isEmpty())
        return;
    checkpointFolder.set(QFileInfo(path).path());
    saveCheckpoint(path);
}

void TrainingDashboard::loadDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Checkpoint"),
                                                      checkpointFolder.get(), checkpointFilter());
    if (path.isEmpty())
        return;
    checkpointFolder.set(QFileInfo(path).path());
    loadCheckpoint(path);
}

} // namespace schedlab::ui
