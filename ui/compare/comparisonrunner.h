// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/comparison.h"

#include <QMutex>
#include <QObject>
#include <QThread>
#include <atomic>

namespace schedlab::ui {

/** The outcome of a comparison run in the background. */
struct ComparisonOutcome
{
    Scenario scenario;
    ComparisonSpec spec;
    std::vector<CellResult> cells;
    bool cancelled = false;
    QString error; ///< set when it could not start (bad policy name, ...)
    /** With a store: the label its runs were kept under as they ended, and the
     *  store's error if it refused them (the runs' results are here either way). */
    std::string label;
    std::string storeError;
    int fromStore = 0; ///< resumed: the runs taken from the store rather than run
};

/**
 * Runs a comparison on its own thread (runComparison spreads the cells over
 * `spec.jobs` more). Progress arrives as a queued signal at most every 50 ms;
 * cancel() stops handing out cells and ends the runs in progress; the cells done
 * already are reported (and kept in the store).
 */
class ComparisonRunner : public QObject
{
    Q_OBJECT

public:
    explicit ComparisonRunner(QObject *parent = nullptr);
    ~ComparisonRunner() override;

    /** Starts unless one is running; false if busy. With `database`, each run is kept
     *  in that store as it ends (ComparisonRecorder), whatever happens to the rest;
     *  with `resume` too, the runs it holds complete already are taken from it
     *  (completedCells()) and the comparison goes on under their label. */
    bool start(const Scenario &scenario, const ComparisonSpec &spec,
               const std::string &database = {}, bool resume = false);
    void cancel() { mCancel = true; }
    bool isRunning() const { return mThread.isRunning(); }
    /** The last outcome; valid after finished(). */
    ComparisonOutcome takeOutcome();

Q_SIGNALS:
    void progress(int done, int total);
    void finished();

private:
    QThread mThread;
    std::atomic<bool> mCancel{false};
    std::atomic<qint64> mLastProgressMs{0};
    QMutex mMutex;
    ComparisonOutcome mOutcome;
};

} // namespace schedlab::ui
