// SPDX-License-Identifier: GPL-3.0-or-later
// Help → Reproduce a Paper Result…: the bundled presets listed, one run by the real
// schedlab-cli in the background with its progress followed, its charts opened
// from the store and its report found; a run cancelled stops, training included.
#include "experiment/storedcomparison.h"
#include "experimentbrowser.h"
#include "mainwindow.h"
#include "reproducedialog.h"
#include "store/experimentstore.h"

#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
ReproduceDialog::Setup setupIn(const QTemporaryDir &dir)
{
    ReproduceDialog::Setup s;
    s.presetDir = SCHEDLAB_SOURCE_DIR "/scenarios/sweeps";
    s.cli = SCHEDLAB_BINARY_DIR "/app/schedlab-cli";
    s.outRoot = dir.filePath("reproduce");
    s.database = dir.filePath("experiments.db");
    return s;
}
} // namespace

class TestReproduceDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runsAPresetAndOpensItsChartsAndReport()
    {
        QTemporaryDir dir;
        QStringList opened;
        ReproduceDialog dialog(setupIn(dir), [&](const QString &label) { opened << label; });
        QVERIFY(dialog.presetCount() >= 16);
        QVERIFY(!dialog.select("no-such-preset"));
        QVERIFY(dialog.select("kubehice-table2"));
        dialog.setQuick(true);
        QSignalSpy finished(&dialog, &ReproduceDialog::finished);
        int progressMoves = 0;
        auto *bar = dialog.findChild<QProgressBar *>();
        connect(bar, &QProgressBar::valueChanged, this, [&] { ++progressMoves; });
        QVERIFY(dialog.start());
        QVERIFY(dialog.isRunning());
        QVERIFY(!dialog.start()); // one at a time
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.front().front().toBool(), true);
        QVERIFY2(progressMoves > 0, "the progress bar never moved");
        QVERIFY(QFile::exists(dialog.reportPath()));
        QVERIFY(dialog.reportPath().startsWith(dir.filePath("reproduce/kubehice-table2")));
        QCOMPARE(opened, QStringList{dialog.chartLabel()});
        // The label the dialog opens is a comparison the store holds.
        std::string error;
        const auto store =
            ExperimentStore::open(dir.filePath("experiments.db").toStdString(), &error);
        QVERIFY2(store, error.c_str());
        bool held = false;
        for (const StoredComparison &c : listComparisons(*store))
            held = held || QString::fromStdString(c.label) == dialog.chartLabel();
        QVERIFY2(held, qPrintable(dialog.chartLabel()));
        QVERIFY(dialog.status().contains("finished"));
    }

    void cancelStopsTrainingToo()
    {
        QTemporaryDir dir;
        ReproduceDialog dialog(setupIn(dir), {});
        QVERIFY(dialog.select("drs-table5")); // trains for ~20 s before it runs
        dialog.setQuick(true);
        QSignalSpy finished(&dialog, &ReproduceDialog::finished);
        QVERIFY(dialog.start());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.status().startsWith("Training"), 30000);
        const qint64 group = dialog.processId();
        QVERIFY(group > 0);
        QElapsedTimer timer;
        timer.start();
        dialog.cancel();
        QVERIFY(finished.wait(10000));
        QVERIFY(timer.elapsed() < 5000);
        QCOMPARE(finished.front().front().toBool(), false);
        QVERIFY(dialog.status().contains("cancelled"));
        if (!dialog.reportPath().isEmpty()) { // what it wrote says it was interrupted
            QFile report(dialog.reportPath());
            QVERIFY(report.open(QIODevice::ReadOnly));
            QVERIFY(report.readAll().contains("Interrupted"));
        }
        // Nothing of its process group (the training it started) is left.
        QTRY_VERIFY_WITH_TIMEOUT(::kill(-pid_t(group), 0) != 0, 5000);
    }

    void theHelpMenuOpensIt()
    {
        MainWindow window;
        QAction *action = nullptr;
        for (QAction *a : window.menuBar()->findChildren<QAction *>())
            if (a->text() == "&Reproduce a Paper Result…")
                action = a;
        QVERIFY(action);
        action->trigger();
        ReproduceDialog *dialog = window.reproduceDialog();
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->presetCount() >= 16);
        action->trigger(); // the same dialog again, not a second one
        QCOMPARE(window.findChildren<ReproduceDialog *>().size(), qsizetype(1));
    }
};

QTEST_MAIN(TestReproduceDialog)
#include "tst_reproducedialog.moc"
