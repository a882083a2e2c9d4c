// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/bundledscenario.h"
#include "livedots.h"
#include "liveoverlay.h"
#include "mainwindow.h"
#include "nodedetails.h"
#include "qcustomplotheader.h"
#include "registry/buildpolicies.h"
#include "runchoices.h"
#include "rundock.h"
#include "scenario/scenarioio.h"
#include "seedbox.h"
#include "snapshotrecorder.h"
#include "topologydocument.h"
#include "topologyscene.h"

#include <QGraphicsItem>
#include <QGraphicsView>
#include <QLineEdit>
#include <QtTest>
#include <limits>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
std::shared_ptr<const LiveLayout> layoutOf(const Scenario &s)
{
    RunOptions o;
    o.policies = s.policies;
    Engine engine(s, buildPolicySet(o), o.config());
    return SnapshotRecorder::makeLayout(engine, s);
}

std::shared_ptr<Snapshot> blank(const std::shared_ptr<const LiveLayout> &layout)
{
    auto s = std::make_shared<Snapshot>();
    s->layout = layout;
    s->nodes.resize(layout->nodes.size());
    s->eapQueues.assign(layout->eaps.size(), 0);
    s->eapWanLoad.assign(layout->eaps.size(), 0.0f);
    return s;
}

QGraphicsItem *nodeItem(QGraphicsScene &scene, const std::string &name)
{
    for (QGraphicsItem *i : scene.items())
        if (i->data(kKindRole).toInt() == int(ItemKind::Node) &&
            i->data(kNodeNameRole).toString() == QString::fromStdString(name))
            return i;
    return nullptr;
}
} // namespace

class TestLiveOverlay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nodeColoursFollowLoad()
    {
        const Scenario s = test::bundledScenario("tutorial");
        TopologyScene scene;
        scene.setScenario(s);
        LiveOverlay overlay(&scene);
        const auto layout = layoutOf(s);
        QVERIFY(layout->nodes.size() >= 2);
        auto snap = blank(layout);
        snap->nodes[0].load = 0.0f;
        snap->nodes[1].load = 3.0f;
        overlay.setSnapshot(snap);
        QCOMPARE(overlay.nodeColour(0), LiveOverlay::loadColour(0.0));
        QCOMPARE(overlay.nodeColour(1), LiveOverlay::loadColour(3.0));
        QVERIFY(overlay.nodeColour(1).red() > overlay.nodeColour(1).green()); // overloaded: red
        QVERIFY(overlay.nodeColour(0).green() > overlay.nodeColour(0).red()); // idle: green
        const int items = overlay.itemCount();

        auto next = blank(layout);
        next->nodes[0].load = 1.0f;
        overlay.setSnapshot(next);
        QCOMPARE(overlay.nodeColour(0), LiveOverlay::loadColour(1.0));
        QCOMPARE(overlay.nodeColour(1), LiveOverlay::loadColour(0.0));
        QCOMPARE(overlay.itemCount(), items); // updated in place, not rebuilt
    }

    void queueBarsFollowQueueLengths()
    {
        const Scenario s = test::bundledScenario("tutorial");
        TopologyScene scene;
        scene.setScenario(s);
        LiveOverlay overlay(&scene);
        auto snap = blank(layoutOf(s));
        snap->nodes[0].queue = 0;
        snap->nodes[1].queue = 4;
        snap->eapQueues[0] = 3;
        overlay.setSnapshot(snap);
        QCOMPARE(overlay.queueBarHeight(0), 0.0);
        const double four = overlay.queueBarHeight(1);
        QVERIFY(four > 0);
        const double eapThree = overlay.eapBarWidth(0);
        QVERIFY(eapThree > 0);

        auto more = blank(snap->layout);
        more->nodes[1].queue = 12;
        more->nodes[0].queue = 100000;
        more->eapQueues[0] = 9;
        overlay.setSnapshot(more);
        QVERIFY(overlay.queueBarHeight(1) > four);
        QVERIFY(overlay.eapBarWidth(0) > eapThree);
        QVERIFY(overlay.queueBarHeight(0) >= overlay.queueBarHeight(1));
        QVERIFY(overlay.queueBarHeight(0) < 62); // stays inside the node box
    }

    void itemCountStaysBoundedUnderManyMoves()
    {
        const Scenario s = test::bundledScenario("tutorial");
        TopologyScene scene;
        scene.setScenario(s);
        const int sceneItems = int(scene.items().size());
        LiveOverlay overlay(&scene);
        const auto layout = layoutOf(s);
        overlay.setSnapshot(blank(layout));
        const int items = overlay.itemCount();
        for (int k = 0; k < 200; ++k) {
            auto snap = blank(layout);
            for (int m = 0; m < SnapshotRecorder::kMaxMoves; ++m)
                snap->moves.push_back({m % int(layout->eaps.size()),
                                       m % 3 == 0 ? -1 : m % int(layout->nodes.size()), 0});
            snap->movesSeen = 100000;
            overlay.setSnapshot(snap);
            if (k % 20 == 0)
                QTest::qWait(10);
        }
        QTest::qWait(100);
        QVERIFY(overlay.visibleDots() > 0);
        QVERIFY(overlay.visibleDots() <= LiveDots::kPool);
        QCOMPARE(overlay.itemCount(), items);
        QCOMPARE(int(scene.items().size()), sceneItems + items + 1); // + the root

        // A rebuilt scene takes the overlay's items with it; the next snapshot makes them again.
        scene.setScenario(s);
        QTest::qWait(50);
        overlay.setSnapshot(blank(layout));
        QCOMPARE(overlay.itemCount(), items);
    }

    void clickingANodeFillsTheDetails()
    {
        const Scenario s = test::bundledScenario("tutorial");
        TopologyScene scene;
        scene.setScenario(s);
        QGraphicsView view(&scene);
        view.resize(1000, 700);
        view.show();
        view.fitInView(scene.sceneRect(), Qt::KeepAspectRatio);
        RunDock dock(&scene);
        dock.setScenario(s);
        dock.setSpeed(0);
        QVERIFY(dock.runSlots(40));
        QCOMPARE(dock.session()->latest()->slot, 40L);

        const std::string name = dock.session()->latest()->layout->nodes[1];
        QGraphicsItem *item = nodeItem(scene, name);
        QVERIFY(item);
        const QPoint at = view.mapFromScene(item->sceneBoundingRect().center() + QPointF(-30, 8));
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
        QVERIFY(item->isSelected());
        QCOMPARE(dock.overlay()->selectedNode(), 1);
        QCOMPARE(dock.details()->node(), 1);
        QTRY_VERIFY(dock.details()->title().contains(QString::fromStdString(name)));
        QVERIFY(dock.details()->replicasText().startsWith("Replicas:"));
        QVERIFY(dock.details()->layersText().contains("MB"));
        QCOMPARE(dock.details()->plot()->graph(0)->dataCount(), 40);
        QVERIFY(dock.statusText().contains("slot 40"));
        dock.stop();
        QVERIFY(!dock.session()->isActive());
    }

    void editingTheScenarioStopsALiveRun()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        QVERIFY(window.showPanel("live"));
        RunDock *dock = window.runDock();
        dock->setSpeed(0);
        QVERIFY(dock->runSlots(10));
        QVERIFY(dock->overlay()->itemCount() > 0);

        // Moving an eAP only redraws: the run goes on, its items are made again.
        const std::string eap = window.document()->scenario().sites[0].eaps[0].name;
        window.document()->move(eap, {40, 60}, 1);
        QVERIFY(dock->session()->isActive());
        QVERIFY(dock->overlay()->itemCount() > 0);

        window.document()->edit("rename", TopologyDocument::Change::Properties,
                                [](Scenario &s) { s.description = "edited"; });
        QVERIFY(!dock->session()->isActive());
        QCOMPARE(dock->overlay()->itemCount(), 0);
    }

    void theSeedBoxHoldsEverySeed()
    {
        constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
        SeedBox box;
        box.setValue(top - 1);
        box.stepBy(5);
        QCOMPARE(box.value(), top);
        QCOMPARE(box.text(), QStringLiteral("18446744073709551615"));
        box.stepBy(-3);
        QCOMPARE(box.value(), top - 3);

        box.clear();
        QTest::keyClicks(&box, "4294967296x-");
        QCOMPARE(box.value(), std::uint64_t(4294967296)); // what is not a digit is refused
        box.clear();
        QTest::keyClicks(&box, "184467440737095516159"); // one digit past the top
        QCOMPARE(box.text(), QStringLiteral("18446744073709551615"));
        QCOMPARE(box.value(), top);
        box.setValue(0);
        box.stepBy(-1);
        QCOMPARE(box.value(), std::uint64_t(0));
        QVERIFY(box.sizeHint().width() > box.fontMetrics().horizontalAdvance("9999999999"));
    }

    void theRunsSeedFollowsTheScenariosAndKeepsOneChosenHere()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        RunChoices *choices = window.runDock()->findChild<RunChoices *>();
        auto *box = window.runDock()->findChild<SeedBox *>("seed");
        QVERIFY(choices && box);
        const auto seedOfRun = [&] { return choices->options(window.document()->scenario()).seed; };
        QCOMPARE(seedOfRun(), window.document()->scenario().seed);

        // The Properties tab's seed, past 32 bits, is the run's.
        constexpr std::uint64_t big = 9'000'000'000'000'000'123ull;
        window.document()->edit("seed", TopologyDocument::Change::Properties,
                                [](Scenario &s) { s.seed = big; });
        QCOMPARE(seedOfRun(), big);
        QCOMPARE(box->text(), QStringLiteral("9000000000000000123"));

        // A seed chosen for the run stays through an edit of something else, the
        // policies included ...
        box->setValue(77);
        window.document()->edit("describe", TopologyDocument::Change::Properties,
                                [](Scenario &s) { s.description = "edited"; });
        QCOMPARE(seedOfRun(), std::uint64_t(77));
        window.document()->edit("dispatch", TopologyDocument::Change::Properties,
                                [](Scenario &s) { s.policies.dispatch = "random"; });
        QCOMPARE(seedOfRun(), std::uint64_t(77));
        // ... and gives way to a new seed for the scenario.
        window.document()->edit("seed", TopologyDocument::Change::Properties,
                                [](Scenario &s) { s.seed = 5; });
        QCOMPARE(seedOfRun(), std::uint64_t(5));
    }
};

QTEST_MAIN(TestLiveOverlay)
#include "tst_liveoverlay.moc"
