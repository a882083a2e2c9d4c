// SPDX-License-Identifier: GPL-3.0-or-later
// A new user's first hour, through the window: draw a small topology, save and
// reopen it, compare three dispatch policies on five seeds, export the figure
// for an IEEE column. With SCHEDLAB_WALKTHROUGH_SHOTS=DIR every step is also
// saved as a screenshot (docs/screenshots comes from there).
#include "comparisoncharts.h"
#include "comparisonpanel.h"
#include "editortools.h"
#include "exportdialog.h"
#include "experimentsdb.h"
#include "mainwindow.h"
#include "propertiesdock.h"
#include "rundock.h"
#include "livesession.h"
#include "screenshot.h"
#include "topologydocument.h"
#include "topologyscene.h"
#include "topologyview.h"

#include <QFile>
#include <QGraphicsItem>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
QGraphicsItem *eapItem(const TopologyScene &scene, const QString &name)
{
    for (QGraphicsItem *i : scene.items())
        if (i->data(kKindRole).toInt() == int(ItemKind::Eap) && i->data(kNodeNameRole).toString() == name)
            return i;
    return nullptr;
}

void click(TopologyView *view, QPointF scenePos)
{
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(scenePos));
}

void shot(MainWindow &window, const QString &name)
{
    const QString dir = qEnvironmentVariable("SCHEDLAB_WALKTHROUGH_SHOTS");
    if (dir.isEmpty())
        return;
    QString error;
    QVERIFY2(saveScreenshot(&window, QSize(1400, 900), dir + "/" + name + ".png", &error), qPrintable(error));
}
} // namespace

class TestWalkthrough : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(experimentsDbPath());
    }

    void fromScratchToAFigure()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("my-edge.yaml");
        {
            MainWindow window;
            window.resize(1400, 900);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            TopologyView *view = window.topologyView();

            // An edge site with one eAP and three nodes, and a cloud.
            QVERIFY(window.tools()->activate("Add Site"));
            click(view, view->mapToScene(view->viewport()->rect().center()));
            QCOMPARE(window.document()->scenario().sites.size(), std::size_t(1));
            QVERIFY(window.tools()->activate("Add Edge Node"));
            for (int k = 0; k < 2; ++k) {
                QGraphicsItem *eap = eapItem(*window.topologyScene(), "eap-1");
                QVERIFY(eap);
                click(view, eap->sceneBoundingRect().center());
            }
            QVERIFY(window.tools()->activate("Add Cloud"));
            click(view, QPointF(0, -400));
            window.tools()->activate("Select");
            window.document()->autoLayout();
            view->fitAll();
            for (const ScenarioError &e : window.document()->problems())
                QFAIL(e.format().c_str());
            shot(window, "walkthrough-1-drawn");

            QString error;
            QVERIFY2(window.saveScenario(path, &error), qPrintable(error));
        }

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QStringList errors = window.openScenario(path);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        const Scenario &reopened = window.document()->scenario();
        QCOMPARE(reopened.sites.size(), std::size_t(2));
        QCOMPARE(reopened.sites[0].eaps.at(0).nodes.size(), std::size_t(3));

        // Load it harder, as a user would in the inspector.
        window.propertiesDock()->show({});
        QLineEdit *rate = window.propertiesDock()->field("workload.requests.rate");
        QVERIFY(rate);
        rate->setText("40/s");
        Q_EMIT rate->editingFinished();
        QCOMPARE(window.document()->scenario().workload.requests.rate, 40.0);

        // Watch it run live for 200 slots and follow a node.
        QVERIFY(window.showPanel("live"));
        RunDock *live = window.runDock();
        QVERIFY(live->runSlots(200));
        QVERIFY(live->selectNode("edge-1-n1"));
        const SnapshotPtr snapshot = live->session()->latest();
        QVERIFY(snapshot);
        QCOMPARE(snapshot->slot, 200L);
        QVERIFY(snapshot->totals.arrived > 1000); // 50 s at 40/s
        QVERIFY(snapshot->totals.throughputRate() > 0.5);
        shot(window, "walkthrough-3-live");
        live->stop();

        // Three dispatch policies on five seeds, in the background.
        QVERIFY(window.showPanel("compare"));
        ComparisonPanel *panel = window.comparison();
        panel->choose(Plane::Dispatch, {"greedy", "random", "round-robin"});
        panel->setSeeds(5);
        panel->setDuration("100s");
        QSignalSpy finished(panel, &ComparisonPanel::finished);
        QVERIFY(panel->run());
        QVERIFY(finished.wait(180000));
        QVERIFY2(panel->statusText().contains("15 runs done"), qPrintable(panel->statusText()));
        QCOMPARE(panel->table()->rowCount(), 3);
        const charts::ChartData &throughput = panel->charts()->data(ComparisonCharts::Throughput);
        QCOMPARE(throughput.series.size(), 3);
        for (const charts::Series &s : throughput.series) {
            QCOMPARE(s.y.size(), 3); // 100 s in frames of 25 s, the last (the drain) left out
            for (double y : s.y)
                QVERIFY(y > 0.5 && y < 1.1); // Φ_f counts completions of the frame before, so may pass 1
        }
        shot(window, "walkthrough-4-compared");

        // The figure for one IEEE column, as PDF.
        charts::ExportDialog dialog(throughput, &window);
        QVERIFY(dialog.setPreset("ieee-single"));
        dialog.setFormat(charts::ExportFormat::Pdf);
        const QString pdfPath = dir.filePath("throughput.pdf");
        dialog.setPath(pdfPath);
        QVERIFY2(dialog.exportNow(), qPrintable(dialog.errorText()));
        QFile pdf(pdfPath);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF"));
        const auto box = QRegularExpression(R"(/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\])").match(QString::fromLatin1(bytes));
        QVERIFY(box.hasMatch());
        QVERIFY2(qAbs(box.captured(1).toDouble() - 3.5 * 72) < 1.0, qPrintable(box.captured(0)));
    }
};

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
