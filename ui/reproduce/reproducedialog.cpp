// SPDX-License-Identifier: GPL-3.0-or-later
#include "reproducedialog.h"

#include "experiment/reproduction.h"
#include "experiment/storedsweep.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <csignal>
#include <unistd.h>

namespace schedlab::ui {

namespace {
enum Column { Name, Source, Time, What };
} // namespace

ReproduceDialog::ReproduceDialog(Setup setup, ChartOpener openCharts, QWidget *parent)
    : QDialog(parent), mSetup(std::move(setup)), mOpenCharts(std::move(openCharts))
{
    setWindowTitle(tr("Reproduce a Paper Result"));
    resize(900, 520);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(
        tr("Each preset runs a paper's figure or table on SchedLab, trains what it needs "
           "from fixed seeds, and judges the paper's claims on the results."),
        this));

    mList = new QTableWidget(0, 4, this);
    mList->setHorizontalHeaderLabels({tr("Preset"), tr("Paper"), tr("Full run"), tr("What")});
    mList->setSelectionBehavior(QAbstractItemView::SelectRows);
    mList->setSelectionMode(QAbstractItemView::SingleSelection);
    mList->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mList->verticalHeader()->hide();
    mList->horizontalHeader()->setStretchLastSection(true);
    std::vector<ScenarioError> errors;
    const auto presets = paperPresets(mSetup.presetDir.toStdString(), errors);
    for (const auto &[name, p] : presets) {
        const int row = mList->rowCount();
        mList->insertRow(row);
        const QString cells[] = {QString::fromStdString(name), QString::fromStdString(p.source),
                                 QString::fromStdString(p.time),
                                 QString::fromStdString(p.description)};
        for (int c = 0; c < 4; ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setToolTip(c == What ? QString::fromStdString(p.paper) : cells[c]);
            mList->setItem(row, c, item);
        }
    }
    mList->resizeColumnsToContents();
    mList->setColumnWidth(What, 360);
    layout->addWidget(mList, 1);

    mQuick =
        new QCheckBox(tr("&Quick version (fewer values and seeds: seconds, not minutes)"), this);
    layout->addWidget(mQuick);
    mOut = new QLabel(this);
    mOut->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(mOut);
    mProgress = new QProgressBar(this);
    mProgress->setRange(0, 1000);
    mProgress->setValue(0);
    layout->addWidget(mProgress);
    mStatus = new QLabel(errors.empty() ? tr("Choose a preset and press Run.")
                                        : QString::fromStdString(errors.front().format()),
                         this);
    mStatus->setWordWrap(true);
    layout->addWidget(mStatus);

    auto *buttons = new QHBoxLayout;
    mRun = new QPushButton(tr("&Run"), this);
    mCancel = new QPushButton(tr("&Cancel Run"), this);
    mCharts = new QPushButton(tr("Show &Charts"), this);
    mReportButton = new QPushButton(tr("Show Re&port"), this);
    auto *close = new QPushButton(tr("Close"), this);
    for (QPushButton *b : {mRun, mCancel, mCharts, mReportButton})
        buttons->addWidget(b);
    buttons->addStretch(1);
    buttons->addWidget(close);
    layout->addLayout(buttons);
    mCancel->setEnabled(false);
    mCharts->setEnabled(false);
    mReportButton->setEnabled(false);

    connect(mRun, &QPushButton::clicked, this, &ReproduceDialog::start);
    connect(mCancel, &QPushButton::clicked, this, &ReproduceDialog::cancel);
    connect(mReportButton, &QPushButton::clicked, this, &ReproduceDialog::showReport);
    connect(mCharts, &QPushButton::clicked, this, [this] {
        if (!mChartLabel.isEmpty() && mOpenCharts)
            mOpenCharts(mChartLabel);
    });
    connect(close, &QPushButton::clicked, this, &QDialog::reject);
    connect(mList, &QTableWidget::itemSelectionChanged, this, [this] {
        const QString name = selectedName();
        mOut->setText(name.isEmpty()
                          ? QString()
                          : tr("Results go to %1").arg(QDir(mSetup.outRoot).filePath(name)));
    });
    connect(mList, &QTableWidget::cellDoubleClicked, this, [this] { start(); });
    if (mList->rowCount() > 0)
        mList->selectRow(0);
}

ReproduceDialog::~ReproduceDialog()
{
    if (isRunning()) {
        ::kill(-pid_t(mProcess->processId()), SIGKILL);
        mProcess->waitForFinished(3000);
    }
}

int ReproduceDialog::presetCount() const
{
    return mList->rowCount();
}

bool ReproduceDialog::select(const QString &name)
{
    for (int r = 0; r < mList->rowCount(); ++r)
        if (mList->item(r, Name)->text() == name) {
            mList->selectRow(r);
            return true;
        }
    return false;
}

void ReproduceDialog::setQuick(bool quick)
{
    mQuick->setChecked(quick);
}

QString ReproduceDialog::selectedName() const
{
    const auto rows = mList->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : mList->item(rows.front().row(), Name)->text();
}

bool ReproduceDialog::isRunning() const
{
    return mProcess && mProcess->state() != QProcess::NotRunning;
}

QString ReproduceDialog::status() const
{
    return mStatus->text();
}

bool ReproduceDialog::start()
{
    const QString name = selectedName();
    if (name.isEmpty() || isRunning())
        return false;
    if (!QFileInfo(mSetup.cli).isExecutable()) {
        mStatus->setText(tr("Cannot run %1: it is not an executable program.").arg(mSetup.cli));
        return false;
    }
    std::vector<ScenarioError> errors;
    const auto presets = paperPresets(mSetup.presetDir.toStdString(), errors);
    const auto it = presets.find(name.toStdString());
    if (it == presets.end()) {
        mStatus->setText(tr("The preset %1 is no longer in %2.").arg(name, mSetup.presetDir));
        return false;
    }
    const SweepPreset &p = it->second;
    const bool quick = mQuick->isChecked();
    mParam = QString::fromStdString(p.param);
    mFirstValue = QString::fromStdString(quick && !p.quick.values.empty() ? p.quick.values.front()
                                                                          : p.values.front());
    const QString out = QDir(mSetup.outRoot).filePath(name);
    QStringList args = {"reproduce", name, "--out", out, "--presets", mSetup.presetDir};
    if (quick)
        args << "--quick";
    if (!mSetup.database.isEmpty())
        args << "--db" << mSetup.database;

    mRunning = name;
    mReport.clear();
    mChartLabel.clear();
    mLastError.clear();
    mPending.clear();
    mCancelled = false;
    delete mProcess;
    mProcess = new QProcess(this);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("SCHEDLAB_PROGRESS", "lines");
    mProcess->setProcessEnvironment(env);
    // Its own process group, so that Cancel also stops the training it starts.
    mProcess->setChildProcessModifier([] { ::setpgid(0, 0); });
    connect(mProcess, &QProcess::readyReadStandardOutput, this, &ReproduceDialog::readOutput);
    connect(mProcess, &QProcess::readyReadStandardError, this, &ReproduceDialog::readOutput);
    connect(mProcess, &QProcess::finished, this, &ReproduceDialog::processFinished);
    connect(mProcess, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            mStatus->setText(tr("Cannot start %1: %2").arg(mSetup.cli, mProcess->errorString()));
            mRun->setEnabled(true);
            mCancel->setEnabled(false);
            Q_EMIT finished(false);
        }
    });
    mProgress->setValue(0);
    mStatus->setText(tr("Starting %1…").arg(name));
    mOut->setText(tr("Results go to %1").arg(out));
    mRun->setEnabled(false);
    mCancel->setEnabled(true);
    mCharts->setEnabled(false);
    mReportButton->setEnabled(false);
    mProcess->start(mSetup.cli, args);
    return true;
}

void ReproduceDialog::cancel()
{
    if (!isRunning())
        return;
    mCancelled = true;
    mStatus->setText(tr("Cancelling…"));
    const auto group = pid_t(mProcess->processId());
    ::kill(-group, SIGTERM);
    QTimer::singleShot(3000, mProcess, [p = mProcess, group] {
        if (p->state() != QProcess::NotRunning)
            ::kill(-group, SIGKILL);
    });
}

void ReproduceDialog::readOutput()
{
    mPending += mProcess->readAllStandardError();
    mPending += mProcess->readAllStandardOutput();
    for (qsizetype nl; (nl = mPending.indexOf('\n')) >= 0;) {
        followLine(QString::fromUtf8(mPending.left(nl)).trimmed());
        mPending.remove(0, nl + 1);
    }
}

/** The lines `reproduce` writes while it trains and runs (SCHEDLAB_PROGRESS=lines). */
void ReproduceDialog::followLine(const QString &line)
{
    static const QRegularExpression episode(R"(^episode\s+(\d+)/(\d+)\s+(\S+)?)");
    static const QRegularExpression progress(R"(^progress \S+ ([0-9.]+) (.*)$)");
    static const QRegularExpression stored(R"(^runs stored in .* \(sweep '(.*)'\)$)");
    if (const auto m = episode.match(line); m.hasMatch()) {
        const int done = m.captured(1).toInt(), total = std::max(1, m.captured(2).toInt());
        mProgress->setValue(1000 * done / total);
        mStatus->setText(
            tr("Training: episode %1 of %2 %3").arg(done).arg(total).arg(m.captured(3)));
    } else if (const auto m = progress.match(line); m.hasMatch()) {
        mProgress->setValue(int(1000 * m.captured(1).toDouble()));
        mStatus->setText(tr("Running: %1").arg(m.captured(2)));
    } else if (const auto m = stored.match(line); m.hasMatch()) {
        mChartLabel = QString::fromStdString(sweepPointLabel(
            m.captured(1).toStdString(), mParam.toStdString(), mFirstValue.toStdString()));
    } else if (line.startsWith("training ")) {
        mStatus->setText(line);
    } else if (line.startsWith("wrote ") && line.endsWith("report.md")) {
        mReport = line.mid(6);
    } else if (line.startsWith("error: ") || line.contains(": error")) {
        mLastError = line;
    }
}

void ReproduceDialog::processFinished(int code, QProcess::ExitStatus status)
{
    readOutput();
    const bool ok = !mCancelled && status == QProcess::NormalExit && code == 0;
    mRun->setEnabled(true);
    mCancel->setEnabled(false);
    mReportButton->setEnabled(!mReport.isEmpty());
    mCharts->setEnabled(!mChartLabel.isEmpty());
    if (mCancelled)
        mStatus->setText(tr("%1 was cancelled.").arg(mRunning));
    else if (!ok)
        mStatus->setText(tr("%1 failed (exit code %2)%3")
                             .arg(mRunning)
                             .arg(code)
                             .arg(mLastError.isEmpty() ? QString() : ": " + mLastError));
    else
        mStatus->setText(tr("%1 finished. Its report: %2").arg(mRunning, mReport));
    if (ok)
        mProgress->setValue(1000);
    Q_EMIT finished(ok);
    if (ok) {
        if (mOpenCharts && !mChartLabel.isEmpty())
            mOpenCharts(mChartLabel);
        showReport();
    }
}

void ReproduceDialog::showReport()
{
    QFile file(mReport);
    if (mReport.isEmpty() || !file.open(QIODevice::ReadOnly))
        return;
    auto *view = new QDialog(this);
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->setWindowTitle(tr("Report: %1").arg(mRunning));
    view->resize(900, 700);
    auto *layout = new QVBoxLayout(view);
    auto *text = new QTextBrowser(view);
    text->setOpenExternalLinks(true);
    text->setSearchPaths({QFileInfo(mReport).absolutePath()});
    text->setMarkdown(QString::fromUtf8(file.readAll()));
    layout->addWidget(text);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Close, view);
    connect(box, &QDialogButtonBox::rejected, view, &QDialog::close);
    layout->addWidget(box);
    view->show();
}

} // namespace schedlab::ui
