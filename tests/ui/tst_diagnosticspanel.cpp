// SPDX-License-Identifier: GPL-3.0-or-later
// The Live Run's Diagnostics tab, and "why this node": the deciding columns first,
// ties named with their tie-break.
#include "common/unreachablescenario.h"
#include "diagnosticspanel.h"
#include "engine/runexplainer.h"
#include "livesession.h"
#include "placementspanel.h"
#include "registry/buildpolicies.h"
#include "rundock.h"
#include "scenario/scenarioio.h"

#include <QGraphicsScene>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
const std::string kUnreachable = test::unreachableScenario("20s");

SnapshotPtr waitFor(LiveSession &session, const std::function<bool(const Snapshot &)> &done)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 60000) {
        const SnapshotPtr s = session.latest();
        if (s && done(*s))
            return s;
        QTest::qWait(5);
    }
    return nullptr;
}

/** Three nodes, three plugins: a filter, a score that favours the chosen node
 *  little, one that decides. */
std::shared_ptr<LivePlacement> decision(std::vector<double> fitScores,
                                        std::vector<double> layerScores, int chosen)
{
    auto plugins = std::make_shared<LivePlugins>();
    plugins->names = {"NodeResourcesFit", "NodeAffinity", "ImageLocality", "LayerSharing"};
    plugins->filters = {1, 1, 0, 0};
    plugins->scores = {1, 0, 1, 1};
    auto d = std::make_shared<LivePlacement>();
    d->sequence = 1;
    d->name = "gcc";
    d->image = "gcc:12";
    d->plugins = plugins;
    d->nodeCount = 3;
    d->chosen = chosen;
    d->cells.resize(4 * 3);
    d->feasible = {1, 1, 1};
    d->totals.assign(3, 0.0);
    for (int n = 0; n < 3; ++n) {
        d->cells[std::size_t(0 * 3 + n)] = {"", 0, fitScores[std::size_t(n)], 1};
        d->cells[std::size_t(2 * 3 + n)] = {"", 0, 10, 1}; // the same everywhere
        d->cells[std::size_t(3 * 3 + n)] = {"", 0, layerScores[std::size_t(n)], 1};
        d->totals[std::size_t(n)] = fitScores[std::size_t(n)] + 10 + layerScores[std::size_t(n)];
    }
    return d;
}

SnapshotPtr snapshotOf(std::shared_ptr<LivePlacement> d)
{
    auto layout = std::make_shared<LiveLayout>();
    layout->nodes = {"w1", "w2", "w3"};
    auto list = std::make_shared<LivePlacementList>();
    list->push_back(std::move(d));
    auto s = std::make_shared<Snapshot>();
    s->layout = layout;
    s->placements = list;
    s->hasPods = true;
    return s;
}

QStringList headers(const QTableWidget *t)
{
    QStringList out;
    for (int c = 0; c < t->columnCount(); ++c)
        out << t->horizontalHeaderItem(c)->text().remove('\n');
    return out;
}

/** A layout of edge nodes by these names and nothing else. */
LiveLayout layoutOf(std::vector<std::string> nodes)
{
    LiveLayout layout;
    layout.nodes = std::move(nodes);
    return layout;
}

} // namespace

class TestDiagnosticsPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void diagnosticsTabExplainsAFinishedRun()
    {
        const ScenarioLoad load = loadScenarioText(kUnreachable, "unreachable.yaml");
        QVERIFY(load.ok());
        const Scenario &s = *load.scenario;
        RunOptions o;
        o.seed = s.seed;
        o.policies = s.policies;

        // Headless, the same run explained.
        Engine engine(s, buildPolicySet(o), o.config());
        RunExplainer explainer(s, engine.topology(), o.policies);
        engine.addObserver(&explainer);
        engine.run();
        const RunExplanation want = explainer.explain(engine);
        QVERIFY(want.dropped > 50);

        QGraphicsScene scene;
        RunDock dock(&scene);
        dock.setScenario(s);
        dock.setSpeed(0);
        DiagnosticsPanel *panel = dock.diagnostics();
        QVERIFY(panel->summary()->text().contains("Pause the run"));
        dock.run();
        const SnapshotPtr end =
            waitFor(*dock.session(), [](const Snapshot &x) { return x.finished; });
        QVERIFY(end);
        QVERIFY(end->explanation);
        QTest::qWait(50); // the dock takes the last snapshot
        QVERIFY2(
            panel->summary()->text().startsWith(
                QString(
                    "Up to 20.0 s (slot 200): %1 requests arrived: %2 on time, %3 late, %4 dropped")
                    .arg(want.arrived)
                    .arg(want.onTime)
                    .arg(want.late)
                    .arg(want.dropped)),
            qPrintable(panel->summary()->text()));

        // Idle: n2, for want of a replica.
        QCOMPARE(panel->idle()->rowCount(), 1);
        QCOMPARE(panel->idle()->item(0, 0)->text(), QString("n2"));
        QVERIFY(panel->idle()->item(0, 1)->text().contains("held no replica"));

        // The drops: each row as the headless explanation counts them, adding up.
        QCOMPARE(panel->drops()->rowCount(), int(want.drops.size()));
        qulonglong sum = 0;
        for (int r = 0; r < panel->drops()->rowCount(); ++r) {
            const DropCount &d = want.drops[std::size_t(r)];
            QCOMPARE(panel->drops()->item(r, 0)->text().toULongLong(), qulonglong(d.count));
            QCOMPARE(panel->drops()->item(r, 1)->text(),
                     QString::fromStdString(want.placeOf(d) + ", " +
                                            want.serviceNames[std::size_t(d.service)] + ": " +
                                            dropCauseText(d.cause)));
            sum += panel->drops()->item(r, 0)->text().toULongLong();
        }
        QCOMPARE(sum, qulonglong(want.dropped));
        QVERIFY(panel->drops()->item(0, 1)->text().contains("no edge node in reach"));

        // Destinations: n1, n2, arm, the cloud.
        QTableWidget *t = panel->destinations();
        QCOMPARE(t->rowCount(), 4);
        QCOMPARE(t->item(1, 0)->text(), QString("n2"));
        QCOMPARE(t->item(1, 1)->text(), QString("0"));
        QCOMPARE(t->item(3, 1)->text().toULongLong(), qulonglong(want.cloud.dispatched));
        QVERIFY(panel->hints()->text().contains("no cloud nodes"));

        // An edit ends the run, not what it showed; the next run starts afresh.
        dock.setScenario(s);
        QCOMPARE(panel->drops()->rowCount(), int(want.drops.size()));
        dock.run();
        QCOMPARE(panel->drops()->rowCount(), 0);
        dock.stop();
    }

    /** Stopped while it runs, a run is explained up to where it stopped. */
    void aStoppedRunIsExplainedUpToItsStop()
    {
        const ScenarioLoad load = loadScenarioText(kUnreachable, "unreachable.yaml");
        QVERIFY(load.ok());
        QGraphicsScene scene;
        RunDock dock(&scene);
        dock.setScenario(*load.scenario);
        dock.setSpeed(4.0);
        dock.run();
        QVERIFY(waitFor(*dock.session(), [](const Snapshot &x) { return x.slot >= 20; }));
        QCOMPARE(dock.session()->mode(), LiveMode::Running);
        dock.stop();
        const QString summary = dock.diagnostics()->summary()->text();
        QVERIFY2(summary.startsWith("Up to ") && !summary.startsWith("Up to 0.0 s"),
                 qPrintable(summary));
        // Stopped, then edited: what it showed stays.
        dock.setScenario(*load.scenario);
        QCOMPARE(dock.diagnostics()->summary()->text(), summary);
        QVERIFY(!dock.totalsLine().isEmpty());
    }

    void whyThisNodeShowsTheDecidingColumnsFirst()
    {
        // w2 wins by LayerSharing (+40), although NodeResourcesFit favours w1 (+5).
        const auto d = decision({55, 50, 20}, {0, 40, 0}, 1);
        const std::vector<int> order = PlacementsPanel::pluginOrder(*d);
        QCOMPARE(order, (std::vector<int>{3, 0, 1, 2}));

        PlacementsPanel panel;
        panel.setSnapshot(snapshotOf(d));
        QCOMPARE(headers(panel.table()),
                 (QStringList{"Node", "Total", "LayerSharing", "NodeResourcesFit", "NodeAffinity",
                              "ImageLocality", "Rejected by"}));
        QCOMPARE(panel.pluginColumn(3), 2);
        QVERIFY(panel.table()->horizontalHeaderItem(2)->font().bold());
        QVERIFY(!panel.table()->horizontalHeaderItem(3)->font().bold());
        QVERIFY2(panel.summaryText().contains("Decided by LayerSharing (+40.0) over w1, the "
                                              "runner-up."),
                 qPrintable(panel.summaryText()));
        QVERIFY(!panel.summaryText().contains("Tie"));
        QCOMPARE(panel.table()->item(0, 2)->text(), QString::fromUtf8("40 \u00d71"));
    }

    void whyThisNodeNamesATieAndItsTieBreak()
    {
        // w1 and w3 both total 70; the engine's framework takes the lowest id.
        const auto d = decision({50, 40, 50}, {10, 10, 10}, 0);
        QCOMPARE(PlacementsPanel::tieText(*d, layoutOf({"w1", "w2", "w3"})),
                 QString::fromUtf8("Tie at 70.0 between w1 and w3: the tie-break takes the "
                                   "lowest node id \u2192 w1."));
        PlacementsPanel panel;
        panel.setSnapshot(snapshotOf(d));
        QVERIFY(panel.summaryText().contains("Tie at 70.0 between w1 and w3"));
        // No score tells the tied nodes apart: none is called deciding.
        QVERIFY(!panel.summaryText().contains("Decided by"));

        // Reserve refused w1: the next tied node, said so.
        const auto refused = decision({50, 40, 50}, {10, 10, 10}, 2);
        QVERIFY(PlacementsPanel::tieText(*refused, layoutOf({"w1", "w2", "w3"}))
                    .endsWith(QString::fromUtf8("lowest node id that Reserve accepts \u2192 w3.")));
    }

    /** In a dock as narrow as the workbench's at 1400x900, every table fits its width
     *  and a cause is read whole, wrapped; widened, its rows shrink to their text. */
    void causesWrapWithinTheDocksWidth()
    {
        RunExplanation e;
        e.nodeNames = {"e1-amd-big", "e1-amd-small"};
        e.nodes.resize(2);
        e.nodes[0].dispatched = 123456;
        e.serviceNames = {"api"};
        e.eapNames = {"eap-1"};
        e.drops.push_back({DropCause::EapCeiling, 0, 0, 150});
        e.idle.push_back({1, IdleReason::NoReplica, std::string(200, 'w')});
        auto snapshot = std::make_shared<Snapshot>();
        snapshot->explanation = std::make_shared<const RunExplanation>(e);
        DiagnosticsPanel panel;
        panel.resize(310, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setSnapshot(snapshot);
        for (QTableWidget *t : {panel.destinations(), panel.drops(), panel.idle()})
            QVERIFY2(t->horizontalHeader()->length() <= t->viewport()->width(),
                     qPrintable(t->objectName()));
        QTableWidget *drops = panel.drops();
        const QString cause = drops->item(0, 1)->text();
        QVERIFY2(cause.startsWith("eAP eap-1, api: "), qPrintable(cause));
        const auto needed = [&](int width) {
            return drops->fontMetrics()
                .boundingRect(QRect(0, 0, width - 8, 10000), Qt::TextWordWrap, cause)
                .height();
        };
        const int narrow = drops->rowHeight(0);
        QVERIFY2(narrow >= needed(drops->columnWidth(1)), qPrintable(QString::number(narrow)));
        QVERIFY(drops->height() >= drops->horizontalHeader()->height() + narrow);
        panel.resize(900, 900);
        QTest::qWait(20);
        QVERIFY2(drops->rowHeight(0) < narrow, qPrintable(QString::number(drops->rowHeight(0))));
        QVERIFY(drops->rowHeight(0) >= needed(drops->columnWidth(1)));
    }

    void aLargeSiteShowsItsBusiestNodesAndTheRestInOneRow()
    {
        RunExplanation e;
        for (int n = 0; n < 1000; ++n) {
            e.nodeNames.push_back("n" + std::to_string(n));
            PlaceCounts p;
            p.dispatched = n % 5 == 0 ? 1000 + n : 1;
            e.nodes.push_back(p);
            e.idle.push_back({n, IdleReason::NoReplica, "no replica"});
        }
        auto snapshot = std::make_shared<Snapshot>();
        snapshot->explanation = std::make_shared<const RunExplanation>(e);
        DiagnosticsPanel panel;
        panel.setSnapshot(snapshot);
        auto *where = panel.findChild<QTableWidget *>("diagnosticsDestinations");
        QCOMPARE(where->rowCount(), 200 + 2); // the 200 busiest, the others, the cloud
        QCOMPARE(where->item(0, 0)->text(), QString("n0"));
        QCOMPARE(where->item(1, 0)->text(), QString("n5"));
        QCOMPARE(where->item(200, 0)->text(), QString("800 other nodes"));
        QCOMPARE(where->item(200, 1)->text(), QString("800"));
        QCOMPARE(where->item(201, 0)->text(), QString("the cloud"));
        auto *idle = panel.findChild<QTableWidget *>("diagnosticsIdle");
        QCOMPARE(idle->rowCount(), 201);
        QCOMPARE(idle->item(200, 0)->text(), QString("800 more"));
    }
};

QTEST_MAIN(TestDiagnosticsPanel)
#include "tst_diagnosticspanel.moc"
