// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "livesession.h"
#include "model/scenario.h"
#include "registry/registry.h"

#include <QDockWidget>

class QGraphicsScene;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QTabWidget;

namespace schedlab::ui {

class LiveLegend;
class LiveOverlay;
class DiagnosticsPanel;
class NodeDetails;
class PlacementsPanel;
class RunChoices;

/**
 * The live canvas's controls: policies per plane, seed, run / pause / step /
 * stop, speed and progress, plus the details of the node clicked on the canvas
 * and, for runs that place pods, the placement decisions and why each node.
 * It owns the live session and the overlay drawn over the topology scene.
 */
class RunDock : public QDockWidget
{
    Q_OBJECT

public:
    /** Speeds the slider offers, simulated seconds per wall second; 0 = as fast as possible. */
    static const std::vector<double> &speeds();

    explicit RunDock(QGraphicsScene *scene, QWidget *parent = nullptr);
    ~RunDock() override;

    /** The scenario to run. A new one stops a running session; a layout change only redraws. */
    void setScenario(const Scenario &scenario, bool layoutOnly = false);
    /** Starts a paused run with the chosen policies and seed (stopping any other). */
    void start();
    void run();
    void pause();
    void stepSlot();
    void stepFrame();
    void stop();
    void setSpeed(double factor);
    double speed() const { return mSession->speed(); }
    /** Runs `slots` slots flat out and waits for them (for screenshots and scripts). */
    bool runSlots(long slots, int timeoutMs = 120000);
    /** Follows edge node `name` (selects it on the canvas). */
    bool selectNode(const QString &name, int timeoutMs = 5000);

    void choose(Plane plane, const QString &policy);
    void setSeed(std::uint64_t seed);
    /** "t 50.0 s · slot 200 / 2400 · ×1 · 12 k events/s" */
    QString statusText() const;
    /** The totals under the progress bar: requests, and pods when the run places them. */
    QString totalsLine() const;

    LiveSession *session() const { return mSession; }
    LiveOverlay *overlay() const { return mOverlay; }
    NodeDetails *details() const { return mDetails; }
    PlacementsPanel *placements() const { return mPlacements; }
    DiagnosticsPanel *diagnostics() const { return mDiagnostics; }
    RunChoices *choices() const { return mChoices; }
    /** Brings the placements tab to the front. */
    void showPlacements();
    /** Brings the diagnostics tab to the front. */
    void showDiagnostics();

Q_SIGNALS:
    void statusChanged(const QString &text);

private:
    void received(const SnapshotPtr &snapshot);
    void modeChanged(LiveMode mode);
    void nodeSelected(int node);
    void updateButtons();

    Scenario mScenario;
    bool mHasScenario = false;
    bool mShowsRun = false; ///< the totals and diagnostics are a run's (kept across an edit)
    LiveSession *mSession;
    LiveOverlay *mOverlay;
    LiveLegend *mLegend;
    NodeDetails *mDetails;
    PlacementsPanel *mPlacements;
    DiagnosticsPanel *mDiagnostics;
    QTabWidget *mTabs;
    QGraphicsScene *mScene;
    RunChoices *mChoices;
    QPushButton *mRun, *mStepSlot, *mStepFrame, *mStop;
    QSlider *mSpeed;
    QLabel *mSpeedLabel;
    QProgressBar *mProgress;
    QLabel *mTotals;
};

} // namespace schedlab::ui
