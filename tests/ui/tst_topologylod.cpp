// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/bundledscenario.h"
#include "common/testscenarios.h"
#include "liveoverlay.h"
#include "mainwindow.h"
#include "propertiesdock.h"
#include "registry/buildpolicies.h"
#include "scenariodock.h"
#include "snapshotrecorder.h"
#include "topologydocument.h"
#include "topologyscene.h"
#include "topologyview.h"

#include <QGraphicsItem>
#include <QTreeWidget>
#include <QtTest>
#include <set>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
/** 20 eAPs of 30 nodes: 600 edge nodes, past the aggregation threshold. */
Scenario wide()
{
    return test::smallScenario(20, 30);
}

QList<QGraphicsItem *> ofKind(const QGraphicsScene &scene, ItemKind kind)
{
    QList<QGraphicsItem *> out;
    for (QGraphicsItem *i : scene.items())
        if (i->data(kKindRole).isValid() && i->data(kKindRole).toInt() == int(kind))
            out << i;
    return out;
}

QGraphicsItem *eapItem(const QGraphicsScene &scene, const QString &name)
{
    for (QGraphicsItem *i : ofKind(scene, ItemKind::Eap))
        if (i->data(kNodeNameRole).toString() == name)
            return i;
    return nullptr;
}

QStringList nodeNames(const QGraphicsScene &scene)
{
    QStringList names;
    for (QGraphicsItem *i : ofKind(scene, ItemKind::Node))
        names << i->data(kNodeNameRole).toString();
    names.sort();
    return names;
}

int edgeNodes(const Scenario &s)
{
    int n = 0;
    for (const SiteSpec &site : s.sites)
        for (const EapSpec &eap : site.eaps)
            for (const NodeSpec &g : eap.nodes)
                n += std::max(1, g.count);
    return n;
}
} // namespace

class TestTopologyLod : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QCoreApplication::setOrganizationName("SchedLabTest"); }

    void aggregatesEapsInAGridAtScale()
    {
        TopologyScene scene;
        scene.setScenario(wide());
        QVERIFY(scene.aggregated());
        QCOMPARE(scene.count(ItemKind::Eap), 20);
        QCOMPARE(scene.count(ItemKind::Node), 0);
        std::set<qreal> columns, rows;
        const auto boxes = ofKind(scene, ItemKind::Eap);
        for (QGraphicsItem *box : boxes) {
            QVERIFY(box->data(kAggregateRole).isValid());
            columns.insert(box->sceneBoundingRect().left());
            rows.insert(box->sceneBoundingRect().top());
        }
        QCOMPARE(int(columns.size()), 5); // ceil(sqrt(20)) columns, 4 rows: not one column
        QCOMPARE(int(rows.size()), 4);
        for (int i = 0; i < boxes.size(); ++i)
            for (int j = i + 1; j < boxes.size(); ++j)
                QVERIFY(!boxes[i]->sceneBoundingRect().intersects(boxes[j]->sceneBoundingRect()));
        // The box sums up its eAP: 30 nodes, 45 cores, 15 amd64 and 15 arm64.
        QStringList texts;
        for (QGraphicsItem *child : eapItem(scene, "eap-3")->childItems())
            if (auto *t = dynamic_cast<QGraphicsSimpleTextItem *>(child))
                texts << t->text();
        QVERIFY2(texts.contains(QString::fromUtf8("30 nodes \u00b7 45 cores")),
                 qPrintable(texts.join('|')));
        QVERIFY2(texts.contains(QString::fromUtf8("amd64 15 \u00b7 arm64 15")),
                 qPrintable(texts.join('|')));
    }

    void smallScenariosAreNotAggregated_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("tutorial") << "tutorial";
        QTest::newRow("kais-large") << "kais-large";
    }

    void smallScenariosAreNotAggregated()
    {
        QFETCH(QString, name);
        const Scenario s = test::bundledScenario(name.toStdString());
        TopologyScene scene;
        scene.setScenario(s);
        QVERIFY(!scene.aggregated());
        QCOMPARE(scene.count(ItemKind::Node), edgeNodes(s));
        for (QGraphicsItem *eap : ofKind(scene, ItemKind::Eap))
            QVERIFY(!eap->data(kAggregateRole).isValid());
        QVERIFY(
            scene.aggregateAt(ofKind(scene, ItemKind::Eap).front()->sceneBoundingRect().center())
                .isEmpty());
    }

    void anEapOpensAndClosesOnDoubleClick()
    {
        TopologyScene scene;
        scene.setScenario(wide());
        TopologyView view;
        view.resize(600, 400); // the grid fits at under TopologyView::kOpenScale
        view.setScene(&scene);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fitAll();
        QSignalSpy relaid(&scene, &TopologyScene::relaidOut);
        const QPointF at = eapItem(scene, "eap-7")->sceneBoundingRect().center();
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(at));
        QVERIFY(scene.isOpen("eap-7"));
        QCOMPARE(relaid.count(), 1);
        QStringList expected;
        for (int n = 1; n <= 30; ++n)
            expected << QString("e7-n%1").arg(n);
        expected.sort();
        QCOMPARE(nodeNames(scene), expected);
        // Its nodes lie below the row of boxes, clear of every box.
        const QRectF box = eapItem(scene, "eap-7")->sceneBoundingRect();
        for (QGraphicsItem *node : ofKind(scene, ItemKind::Node)) {
            QVERIFY(node->sceneBoundingRect().top() > box.bottom());
            for (QGraphicsItem *other : ofKind(scene, ItemKind::Eap))
                QVERIFY(!node->sceneBoundingRect().intersects(other->sceneBoundingRect()));
        }
        QTest::mouseDClick(
            view.viewport(), Qt::LeftButton, {},
            view.mapFromScene(eapItem(scene, "eap-7")->sceneBoundingRect().center()));
        QVERIFY(!scene.isOpen("eap-7"));
        QCOMPARE(scene.count(ItemKind::Node), 0);
    }

    void zoomingInOpensTheEapUnderTheCursor()
    {
        TopologyScene scene;
        scene.setScenario(wide());
        TopologyView view;
        view.resize(600, 400); // the grid fits at under TopologyView::kOpenScale
        view.setScene(&scene);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fitAll();
        QVERIFY(view.transform().m11() < TopologyView::kOpenScale);
        const QPointF at = eapItem(scene, "eap-12")->sceneBoundingRect().center();
        while (view.transform().m11() < TopologyView::kOpenScale) {
            QVERIFY(!scene.isOpen("eap-12"));
            view.zoomAt(at, 1.25);
        }
        QVERIFY(scene.isOpen("eap-12"));
        QCOMPARE(scene.count(ItemKind::Node), 30);
        QVERIFY(!scene.isOpen("eap-11"));
        view.zoomAt(at, 0.5);
        QVERIFY(!scene.isOpen("eap-12"));
        QCOMPARE(scene.count(ItemKind::Node), 0);
    }

    void clickingAnAggregateSelectsItsEap()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.document()->reset(wide(), {});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        TopologyView *view = window.topologyView();
        view->fitAll();
        QGraphicsItem *box = eapItem(*window.topologyScene(), "eap-5");
        QVERIFY(box->data(kAggregateRole).isValid());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->mapFromScene(box->sceneBoundingRect().center()));
        QCOMPARE(window.topologyScene()->selectedPaths(), QStringList{"sites[0].eaps[4]|eap-5"});
        QVERIFY2(window.propertiesDock()->rows().contains("Name=eap-5"),
                 qPrintable(window.propertiesDock()->rows().join('|')));
        auto *tree = window.findChild<ScenarioDock *>()->findChild<QTreeWidget *>();
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem()->text(0), QString("eap-5"));
        QVERIFY(!window.topologyScene()->isOpen("eap-5")); // a click selects, it does not open
    }

    void aProblemOnANodeOpensItsEap()
    {
        TopologyScene scene;
        scene.setScenario(wide());
        QGraphicsItem *node = scene.selectElement("sites[0].eaps[2].nodes[4]");
        QVERIFY(node);
        QCOMPARE(node->data(kNodeNameRole).toString(), QString("e3-n5"));
        QVERIFY(scene.isOpen("eap-3"));
        QCOMPARE(scene.count(ItemKind::Node), 30); // its nodes and no others
    }

    /** Moving through node rows shows one eAP at a time: the eAP opened to show the
     *  last selection closes when another is shown, one the user opened stays. */
    void showingAnotherNodeClosesTheEapOpenedForTheLast()
    {
        TopologyScene scene;
        scene.setScenario(wide());
        QVERIFY(scene.selectRow("sites[0].eaps[2].nodes[0]", "e3-n5"));
        QVERIFY(scene.isOpen("eap-3"));
        QVERIFY(scene.selectRow("sites[0].eaps[3].nodes[0]", "e4-n1"));
        QVERIFY(scene.isOpen("eap-4"));
        QVERIFY(!scene.isOpen("eap-3"));
        QCOMPARE(scene.count(ItemKind::Node), 30);
        QVERIFY(scene.selectRow("sites[0].eaps[3].nodes[0]", "e4-n2")); // the same eAP
        QVERIFY(scene.isOpen("eap-4"));

        scene.setOpen("eap-6", true);                              // by the user
        QVERIFY(scene.selectElement("sites[0].eaps[5].nodes[0]")); // shown: already open
        QVERIFY(scene.selectRow("sites[0].eaps[0].nodes[0]", "e1-n1"));
        QVERIFY(scene.isOpen("eap-6"));
        QVERIFY(scene.isOpen("eap-1"));
        QVERIFY(!scene.isOpen("eap-4"));
        QCOMPARE(scene.count(ItemKind::Node), 60);
        scene.setOpen("eap-1", false); // closed by the user, it is no longer the shown one
        QVERIFY(!scene.isOpen("eap-1"));
        QVERIFY(scene.selectRow("sites[0].eaps[1].nodes[0]", "e2-n1"));
        QVERIFY(!scene.isOpen("eap-1"));
    }

    void anAggregateShowsItsNodesLoad()
    {
        const Scenario s = wide();
        TopologyScene scene;
        scene.setScenario(s);
        RunOptions o;
        o.policies = s.policies;
        Engine engine(s, buildPolicySet(o), o.config());
        auto snapshot = std::make_shared<Snapshot>();
        snapshot->layout = SnapshotRecorder::makeLayout(engine, s);
        snapshot->nodes.resize(snapshot->layout->nodes.size());
        snapshot->eapQueues.assign(snapshot->layout->eaps.size(), 0);
        snapshot->eapWanLoad.assign(snapshot->layout->eaps.size(), 0.0f);
        for (std::size_t n = 0; n < snapshot->nodes.size(); ++n)
            if (snapshot->layout->nodeEap[n] == 1) {
                snapshot->nodes[n].load = 2.0f;
                snapshot->nodes[n].queue = 2;
            }
        snapshot->eapQueues[1] = 5;
        LiveOverlay overlay(&scene);
        overlay.setSnapshot(snapshot);
        QCOMPARE(overlay.eapColour(1), LiveOverlay::loadColour(2.0));
        QCOMPARE(overlay.eapColour(0), LiveOverlay::loadColour(0.0));
        QCOMPARE(overlay.eapLine(1), QString::fromUtf8("load 2.00 \u00b7 q 65"));
        // No item per node while the eAPs are aggregated.
        QCOMPARE(overlay.nodeColour(0), QColor());
        const int aggregatedItems = overlay.itemCount();
        scene.setOpen("eap-2", true);
        QVERIFY(overlay.itemCount() > aggregatedItems);
        const int node =
            int(std::find(snapshot->layout->nodes.begin(), snapshot->layout->nodes.end(), "e2-n1") -
                snapshot->layout->nodes.begin());
        QCOMPARE(overlay.nodeColour(node), LiveOverlay::loadColour(2.0));
    }

    void theTreeMakesNodeRowsWhenAnEapIsExpanded()
    {
        ScenarioDock dock;
        dock.setScenario(wide());
        auto *tree = dock.findChild<QTreeWidget *>();
        QTreeWidgetItem *site = tree->topLevelItem(0)->child(0);
        QCOMPARE(site->text(0), QString("edge-1"));
        QCOMPARE(site->childCount(), 20);
        QTreeWidgetItem *eap = site->child(3);
        QCOMPARE(eap->childCount(), 0);
        eap->setExpanded(true);
        QCOMPARE(eap->childCount(), 30);
        QCOMPARE(eap->child(0)->text(0), QString("e4-n1"));
        dock.select("sites[0].eaps[9].nodes[2]", "e10-n3");
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem()->text(0), QString("e10-n3"));
        // The cloud's VMs are shown as before.
        QTreeWidgetItem *cloud = tree->topLevelItem(0)->child(1);
        QVERIFY(cloud->isExpanded());
        QCOMPARE(cloud->childCount(), 4);

        // An edit rebuilds the tree: what was open, closed and selected stays so.
        cloud->setExpanded(false);
        dock.setScenario(wide());
        site = tree->topLevelItem(0)->child(0);
        QVERIFY(site->child(3)->isExpanded());
        QCOMPARE(site->child(3)->childCount(), 30);
        QVERIFY(!tree->topLevelItem(0)->child(1)->isExpanded());
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem()->text(0), QString("e10-n3"));
    }

    /** A service or an image renamed (in the catalog) stays the chosen and open row. */
    void aRenamedCatalogRowStaysChosenAndOpen()
    {
        Scenario s = wide();
        QVERIFY(s.services.size() >= 2 && !s.images.empty());
        ScenarioDock dock;
        dock.setScenario(s);
        auto *tree = dock.findChild<QTreeWidget *>();
        QTreeWidgetItem *services = tree->topLevelItem(1), *images = tree->topLevelItem(2);
        services->setExpanded(true);
        images->child(0)->setExpanded(true);
        tree->setCurrentItem(services->child(1));
        s.services[1].name = "renamed";
        s.images[0].name = "renamed/image:2";
        dock.setScenario(s);
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem()->text(0), QString("renamed"));
        QVERIFY(tree->topLevelItem(2)->child(0)->isExpanded());
    }
};

QTEST_MAIN(TestTopologyLod)
#include "tst_topologylod.moc"
