// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/testscenarios.h"
#include "mainwindow.h"
#include "propertiesdock.h"
#include "screenshot.h"
#include "topologyscene.h"

#include <QGraphicsItem>
#include <QImageReader>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
/** 2 eAPs: one with a single node, one with a node and a templated group of 3; a 4-VM cloud. */
Scenario fiveNodes()
{
    Scenario s = test::smallScenario(2, 1);
    NodeSpec group;
    group.name = "e2-g{i}";
    group.count = 3;
    group.arch = "arm64";
    s.sites[0].eaps[1].nodes.push_back(group);
    return s;
}

QList<QGraphicsItem *> ofKind(const QGraphicsScene &scene, ItemKind kind)
{
    QList<QGraphicsItem *> out;
    for (QGraphicsItem *i : scene.items())
        if (i->data(kKindRole).isValid() && i->data(kKindRole).toInt() == int(kind))
            out << i;
    return out;
}
} // namespace

class TestTopologyScene : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QCoreApplication::setOrganizationName("SchedLabTest"); }

    void mirrorsTheScenario()
    {
        TopologyScene scene;
        scene.setScenario(fiveNodes());
        QCOMPARE(scene.count(ItemKind::Eap), 2);
        QCOMPARE(scene.count(ItemKind::Node), 5);
        QCOMPARE(scene.count(ItemKind::Cloud), 1);
        QCOMPARE(scene.count(ItemKind::Link), 5 + 2); // LAN to each node, WAN to each eAP
        QStringList names;
        for (QGraphicsItem *node : ofKind(scene, ItemKind::Node))
            names << node->data(kNodeNameRole).toString();
        names.sort();
        QCOMPARE(names, (QStringList{"e1-n1", "e2-g1", "e2-g2", "e2-g3", "e2-n1"}));
    }

    void layoutIsDeterministicAndNodesDoNotOverlap()
    {
        auto positions = [](const Scenario &s) {
            TopologyScene scene;
            scene.setScenario(s);
            QMap<QString, QRectF> out;
            for (QGraphicsItem *node : ofKind(scene, ItemKind::Node))
                out[node->data(kNodeNameRole).toString()] = node->sceneBoundingRect();
            return out;
        };
        for (const Scenario &s : {fiveNodes(), test::smallScenario(4, 12)}) {
            const auto a = positions(s), b = positions(s);
            QCOMPARE(a, b);
            const QList<QRectF> rects = a.values();
            for (int i = 0; i < rects.size(); ++i)
                for (int j = i + 1; j < rects.size(); ++j)
                    QVERIFY(!rects[i].intersects(rects[j]));
        }
    }

    void windowShowsCountsAndProperties()
    {
        MainWindow window;
        const QStringList errors =
            window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QVERIFY(window.statusText().contains("2 eAPs"));
        QVERIFY(window.statusText().contains("6 edge nodes"));
        QVERIFY(window.statusText().contains("4 cloud VMs"));
        QList<QGraphicsItem *> nodes = ofKind(*window.topologyScene(), ItemKind::Node);
        QGraphicsItem *arm = nullptr;
        for (QGraphicsItem *n : nodes)
            if (n->data(kNodeNameRole).toString() == "e2-arm2")
                arm = n;
        QVERIFY(arm);
        arm->setSelected(true);
        const QStringList rows = window.propertiesDock()->rows();
        QVERIFY2(rows.contains("Name=e2-arm{i}"), qPrintable(rows.join(", ")));
        QVERIFY(rows.contains("ISA (arch)=arm64"));
        QVERIFY(rows.contains("Speed (perf)=0.8"));
        QVERIFY2(rows.contains("Disk read rate=0bps"), qPrintable(rows.join(", ")));
    }

    void aBrokenScenarioKeepsTheOpenOne()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.yaml");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "schedlab: 1\nname: x\ntme: {}\nservices: []\nsites: []\nworkload: {}\npolicies: {}\n");
        f.close();
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml")).isEmpty());
        const QStringList errors = window.openScenario(bad);
        QVERIFY(!errors.isEmpty());
        QVERIFY(errors.front().startsWith(bad + ":3:"));
        QVERIFY(window.statusText().startsWith("tutorial"));
    }

    void screenshotIsAPngOfTheRequestedSize()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml")).isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath("shot.png");
        QString error;
        QVERIFY2(saveScreenshot(&window, QSize(900, 600), path, &error), qPrintable(error));
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("png"));
        QCOMPARE(reader.size(), QSize(900, 600));
    }
};

QTEST_MAIN(TestTopologyScene)
#include "tst_topologyscene.moc"
