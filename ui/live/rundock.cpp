// SPDX-License-Identifier: GPL-3.0-or-later
#include "rundock.h"

#include "diagnosticspanel.h"
#include "livelegend.h"
#include "liveoverlay.h"
#include "livetext.h"
#include "nodedetails.h"
#include "placementspanel.h"
#include "runchoices.h"
#include "topologyscene.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace schedlab::ui {

namespace {
QString speedName(double s)
{
    return s <= 0 ? QObject::tr("max") : QString::fromUtf8("\u00d7%1").arg(s);
}

/** What the status line calls a run in `mode`; nothing while idle. */
QString modeWord(LiveMode mode)
{
    switch (mode) {
    case LiveMode::Running:
        return RunDock::tr("running");
    case LiveMode::Paused:
        return RunDock::tr("paused");
    case LiveMode::Finished:
        return RunDock::tr("finished");
    case LiveMode::Idle:
        break;
    }
    return {};
}

} // namespace

const std::vector<double> &RunDock::speeds()
{
    static const std::vector<double> s = {0.1, 0.2, 0.5, 1, 2, 5, 10, 0};
    return s;
}

RunDock::RunDock(QGraphicsScene *scene, QWidget *parent)
    : QDockWidget(tr("Live Run"), parent), mSession(new LiveSession(this)),
      mOverlay(new LiveOverlay(scene, this)), mScene(scene)
{
    setObjectName("liveRunDock");
    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);
    mChoices = new RunChoices;
    layout->addWidget(mChoices);

    auto *buttons = new QHBoxLayout;
    mRun = new QPushButton(tr("Run"));
    mStepSlot = new QPushButton(tr("Slot"));
    mStepSlot->setToolTip(tr("Step one dispatch slot"));
    mStepFrame = new QPushButton(tr("Frame"));
    mStepFrame->setToolTip(tr("Step to the end of the orchestration frame"));
    mStop = new QPushButton(tr("Stop"));
    // Narrower than the style's 80-pixel least, so the four fit a narrow dock side by side.
    const int least = mRun->fontMetrics().horizontalAdvance(tr("Pause")) +
                      4 * mRun->style()->pixelMetric(QStyle::PM_ButtonMargin);
    for (QPushButton *b : {mRun, mStepSlot, mStepFrame, mStop}) {
        b->setMinimumWidth(std::max(least, b->fontMetrics().horizontalAdvance(b->text()) + 12));
        buttons->addWidget(b);
    }
    layout->addLayout(buttons);

    auto *speedRow = new QHBoxLayout;
    mSpeed = new QSlider(Qt::Horizontal);
    mSpeed->setRange(0, int(speeds().size()) - 1);
    mSpeed->setPageStep(1);
    mSpeed->setTickPosition(QSlider::TicksBelow);
    mSpeedLabel = new QLabel;
    mSpeedLabel->setMinimumWidth(40);
    speedRow->addWidget(new QLabel(tr("Speed")));
    speedRow->addWidget(mSpeed, 1);
    speedRow->addWidget(mSpeedLabel);
    layout->addLayout(speedRow);
    mProgress = new QProgressBar;
    mProgress->setRange(0, 1000);
    mProgress->setTextVisible(true);
    mProgress->setFormat(tr("not started"));
    mProgress->setValue(0);
    layout->addWidget(mProgress);
    mTotals = new QLabel;
    mTotals->setWordWrap(true);
    mTotals->setMinimumHeight(2 * mTotals->fontMetrics().lineSpacing());
    layout->addWidget(mTotals);
    mLegend = new LiveLegend;
    mLegend->setFixedSize(mLegend->sizeHint());
    layout->addWidget(mLegend);
    mDetails = new NodeDetails;
    mPlacements = new PlacementsPanel;
    mTabs = new QTabWidget;
    mTabs->setDocumentMode(true);
    mTabs->setUsesScrollButtons(true); // the tabs scroll in a narrow dock, not widen it
    mTabs->addTab(mDetails, tr("Node"));
    mTabs->addTab(mPlacements, tr("Placements"));
    mTabs->setTabEnabled(1, false);
    mDiagnostics = new DiagnosticsPanel;
    mTabs->addTab(mDiagnostics, tr("Diagnostics"));
    layout->addWidget(mTabs, 1);
    // Scrolls rather than widening the window past what the other docks need (1024
    // pixels in all). Its text wraps, its choices elide and its buttons narrow, so only
    // a dock narrower than the legend scrolls sideways.
    auto *scroll = new QScrollArea;
    scroll->setWidget(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll->setMinimumWidth(160);
    setWidget(scroll);

    connect(mRun, &QPushButton::clicked, this,
            [this] { mSession->mode() == LiveMode::Running ? pause() : run(); });
    connect(mStepSlot, &QPushButton::clicked, this, &RunDock::stepSlot);
    connect(mStepFrame, &QPushButton::clicked, this, &RunDock::stepFrame);
    connect(mStop, &QPushButton::clicked, this, &RunDock::stop);
    connect(mSpeed, &QSlider::valueChanged, this, [this](int i) { setSpeed(speeds()[i]); });
    connect(mSession, &LiveSession::snapshot, this, &RunDock::received);
    connect(mSession, &LiveSession::modeChanged, this, &RunDock::modeChanged);
    connect(mSession, &LiveSession::failed, this, [this](const QString &message) {
        mProgress->setFormat(tr("cannot run"));
        mTotals->setText(message);
        mShowsRun = false;
    });
    connect(mOverlay, &LiveOverlay::nodeSelected, this, &RunDock::nodeSelected);
    mSpeed->setValue(3); // ×1
    setSpeed(1.0);
    updateButtons();
}

RunDock::~RunDock()
{
    mSession->discard();
}

void RunDock::setScenario(const Scenario &scenario, bool layoutOnly)
{
    if (layoutOnly && mSession->isActive()) {
        mOverlay->rebuild();
        return;
    }
    const bool samePolicies = mHasScenario && scenario.policies == mScenario.policies;
    const bool sameFile = mHasScenario && scenario.sourcePath == mScenario.sourcePath;
    mScenario = scenario;
    mHasScenario = true;
    // An edit ends a run, not what it showed: its counts and diagnostics stay until
    // the next run starts. Another file's run is forgotten.
    if (mSession->isActive())
        stop();
    if (sameFile && mShowsRun) {
        mProgress->setFormat(tr("the run before the edit"));
    } else if (!layoutOnly) {
        mTotals->clear();
        mDiagnostics->clear();
        mShowsRun = false;
    }
    mPlacements->clear();
    mChoices->setScenario(scenario, !samePolicies, !sameFile);
    const bool pods = scenario.hasDeployments();
    mTabs->setTabEnabled(1, pods);
    mLegend->setPods(pods);
    if (!pods && mTabs->currentIndex() == 1) // Placements, now disabled
        mTabs->setCurrentIndex(0);
    mTotals->setMinimumHeight((pods ? 3 : 2) * mTotals->fontMetrics().lineSpacing());
    updateButtons();
}

void RunDock::choose(Plane plane, const QString &policy)
{
    mChoices->choose(plane, policy);
}

void RunDock::setSeed(std::uint64_t seed)
{
    mChoices->setSeed(seed);
}

QString RunDock::totalsLine() const
{
    return mTotals->text();
}

void RunDock::showPlacements()
{
    mTabs->setCurrentWidget(mPlacements);
}

void RunDock::showDiagnostics()
{
    mTabs->setCurrentWidget(mDiagnostics);
}

void RunDock::start()
{
    if (!mHasScenario)
        return;
    mOverlay->clear();
    mPlacements->clear();
    mDiagnostics->clear();
    mSession->setFocusNode(mOverlay->selectedNode());
    mSession->start(mScenario, mChoices->options(mScenario));
}

void RunDock::run()
{
    const LiveMode m = mSession->mode();
    if (!mSession->isActive() || m == LiveMode::Finished)
        start();
    mSession->run();
}

void RunDock::pause()
{
    mSession->pause();
}

void RunDock::stepSlot()
{
    if (!mSession->isActive() || mSession->mode() == LiveMode::Finished)
        start();
    mSession->stepSlot();
}

void RunDock::stepFrame()
{
    if (!mSession->isActive() || mSession->mode() == LiveMode::Finished)
        start();
    mSession->stepFrame();
}

void RunDock::stop()
{
    mSession->stop();
    mOverlay->clear();
    mDetails->setNode(mDetails->node()); // back to waiting for a run
    mProgress->setValue(0);
    mProgress->setFormat(tr("stopped"));
    Q_EMIT statusChanged(statusText());
}

void RunDock::setSpeed(double factor)
{
    mSession->setSpeed(factor);
    const auto &s = speeds();
    const auto it = std::find(s.begin(), s.end(), factor);
    if (it != s.end() && mSpeed->value() != int(it - s.begin())) {
        const QSignalBlocker quiet(mSpeed);
        mSpeed->setValue(int(it - s.begin()));
    }
    mSpeedLabel->setText(speedName(factor));
    Q_EMIT statusChanged(statusText());
}

bool RunDock::runSlots(long slots, int timeoutMs)
{
    if (!mSession->isActive() || mSession->mode() == LiveMode::Finished)
        start();
    if (!mSession->isActive())
        return false;
    mSession->runTo(slots);
    QElapsedTimer t;
    t.start();
    auto done = [&] {
        const SnapshotPtr s = mSession->latest();
        return s && (s->finished || (s->slot >= slots && mSession->mode() == LiveMode::Paused));
    };
    while (!done() && t.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

bool RunDock::selectNode(const QString &name, int timeoutMs)
{
    auto find = [this, &name]() -> QGraphicsItem * {
        for (QGraphicsItem *item : mScene->items())
            if (item->data(kKindRole).toInt() == int(ItemKind::Node) &&
                item->data(kNodeNameRole).toString() == name)
                return item;
        return nullptr;
    };
    QGraphicsItem *found = find();
    auto *topology = qobject_cast<TopologyScene *>(mScene);
    if (!found && topology && topology->revealNode(name))
        found = find(); // its eAP was an aggregate: now open
    if (!found)
        return false;
    mScene->clearSelection();
    found->setSelected(true);
    QElapsedTimer t;
    t.start();
    const int node = mDetails->node();
    while (mSession->isActive() && t.elapsed() < timeoutMs &&
           !(mSession->latest() && mSession->latest()->focus.node == node))
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return node >= 0;
}

void RunDock::nodeSelected(int node)
{
    mDetails->setNode(node);
    mSession->setFocusNode(node);
    if (mSession->latest())
        mDetails->setSnapshot(mSession->latest());
}

void RunDock::received(const SnapshotPtr &s)
{
    mOverlay->setSnapshot(s);
    mDetails->setSnapshot(s);
    mPlacements->setSnapshot(s);
    mDiagnostics->setSnapshot(s);
    mProgress->setValue(int(1000 * s->progress()));
    mProgress->setFormat(tr("slot %1 / %2").arg(s->slot).arg(s->layout->totalSlots));
    // Fixed lines, not word wrap: a label that changes height re-lays out the dock.
    mTotals->setText(totalsText(*s));
    mShowsRun = true;
    Q_EMIT statusChanged(statusText());
}

void RunDock::modeChanged(LiveMode)
{
    updateButtons();
    Q_EMIT statusChanged(statusText());
}

void RunDock::updateButtons()
{
    const LiveMode m = mSession->mode();
    mRun->setText(m == LiveMode::Running ? tr("Pause") : tr("Run"));
    mRun->setEnabled(mHasScenario);
    mStepSlot->setEnabled(mHasScenario && m != LiveMode::Running);
    mStepFrame->setEnabled(mHasScenario && m != LiveMode::Running);
    mStop->setEnabled(mSession->isActive() && m != LiveMode::Finished);
    mChoices->setEditable(m == LiveMode::Idle || m == LiveMode::Finished);
    if (m == LiveMode::Finished)
        mProgress->setFormat(
            tr("finished · slot %1").arg(mSession->latest() ? mSession->latest()->slot : 0));
}

QString RunDock::statusText() const
{
    const SnapshotPtr s = mSession->latest();
    if (!mSession->isActive() || !s)
        return {};
    return tr("Live %1 · t %2 s · slot %3 / %4 · %5 · %6events/s")
        .arg(modeWord(mSession->mode()))
        .arg(s->time, 0, 'f', 1)
        .arg(s->slot)
        .arg(s->layout->totalSlots)
        .arg(speedName(mSession->speed()))
        .arg(rateText(mSession->eventsPerSecond()));
}

} // namespace schedlab::ui
