// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QProcess>
#include <functional>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace schedlab::ui {

/**
 * Help → Reproduce a Paper Result…: the presets that reproduce a paper's figure or
 * table, one of them run in the background by `schedlab-cli reproduce` (its
 * training and runs followed on a progress bar, cancelled with Cancel), then its
 * charts opened in the comparison view and its report shown.
 */
class ReproduceDialog : public QDialog
{
    Q_OBJECT

public:
    struct Setup
    {
        QString presetDir; ///< the bundled presets (scenarios/sweeps)
        QString cli;       ///< the schedlab-cli program
        QString outRoot;   ///< a preset's files go to outRoot/NAME
        QString database;  ///< the experiment store its sweep is recorded in
    };
    /** Opens comparison `label` of the store in the comparison view. */
    using ChartOpener = std::function<void(const QString &label)>;

    ReproduceDialog(Setup setup, ChartOpener openCharts, QWidget *parent = nullptr);
    ~ReproduceDialog() override;

    int presetCount() const;
    bool select(const QString &name);
    void setQuick(bool quick);
    /** Starts the selected preset; false (and why, in the status line) if it cannot. */
    bool start();
    void cancel();
    bool isRunning() const;
    QString status() const;
    /** The running `schedlab-cli`'s pid, also its process group's id; 0 when none runs. */
    qint64 processId() const { return isRunning() ? mProcess->processId() : 0; }
    QString reportPath() const { return mReport; }
    /** The stored comparison of the preset's first value, once it finished. */
    QString chartLabel() const { return mChartLabel; }

Q_SIGNALS:
    void finished(bool ok);

private:
    void readOutput();
    void followLine(const QString &line);
    void processFinished(int code, QProcess::ExitStatus status);
    void showReport();
    QString selectedName() const;

    Setup mSetup;
    ChartOpener mOpenCharts;
    QTableWidget *mList;
    QCheckBox *mQuick;
    QLabel *mStatus, *mOut;
    QProgressBar *mProgress;
    QPushButton *mRun, *mCancel, *mCharts, *mReportButton;
    QProcess *mProcess = nullptr;
    QByteArray mPending;
    QString mRunning, mReport, mChartLabel, mParam, mFirstValue, mLastError;
    bool mCancelled = false;
};

} // namespace schedlab::ui
