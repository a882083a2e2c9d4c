// SPDX-License-Identifier: GPL-3.0-or-later
// A loose probe, not a benchmark (that is bench_gui_frames): while the large
// scenario runs live at full speed, the GUI thread keeps turning its event loop.
#include "livesession.h"
#include "mainwindow.h"
#include "rundock.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace schedlab::ui;

class TestLiveResponsiveness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eventLoopNeverStallsWhileALargeRunPlays()
    {
        MainWindow window;
        QVERIFY(
            window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/kais-large.yaml"))
                .isEmpty());
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.showPanel("live"));
        RunDock *dock = window.runDock();
        dock->setSpeed(0);
        QVERIFY(dock->runSlots(1));
        QVERIFY(dock->selectNode("e2-c1")); // its details panel replots with every snapshot
        dock->run();

        QElapsedTimer clock;
        clock.start();
        qint64 last = 0, worst = 0;
        while (clock.elapsed() < 3000) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            QTest::qSleep(1);
            const qint64 now = clock.elapsed();
            worst = std::max(worst, now - last);
            last = now;
        }
        const long slot = dock->session()->latest()->slot;
        dock->stop();
        QVERIFY2(slot > 1, "the run made progress");
        QVERIFY2(worst < 250, qPrintable(QString("event loop stalled %1 ms").arg(worst)));
    }
};

QTEST_MAIN(TestLiveResponsiveness)
#include "tst_liveresponsiveness.moc"
