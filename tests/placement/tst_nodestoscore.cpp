// SPDX-License-Identifier: GPL-3.0-or-later
// kube-scheduler's percentageOfNodesToScore in the placement framework: how many
// feasible nodes end the Filter stage, which nodes a cycle examines (from where the
// last one stopped, round robin), that 100 places as every node does, and the
// scenario key that sets it.
#include "common/handcluster.h"
#include "placement/placementframework.h"
#include "registry/buildpolicies.h"
#include "scenario/scenarioio.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {
using test::GiB;

/** `count` amd64 nodes; node n has 4 + n/10 cores and 4 GiB a core, so the kube-default
 *  total (200 - 100/cores for the pod below) ranks the last node first; every third
 *  node is too small for the pod (1 core). */
struct Ladder : test::HandCluster
{
    static std::vector<NodeSpec> specs(int count)
    {
        std::vector<NodeSpec> s;
        for (int n = 0; n < count; ++n)
            s.push_back(test::handNode("n" + std::to_string(n), "amd64",
                                       n % 3 == 0 ? 0.5 : 4 + n / 10.0, (4 + n / 10.0) * 4 * GiB));
        return s;
    }
    explicit Ladder(int count) : HandCluster(specs(count)) {}

    static PodRequest pod()
    {
        PodRequest p;
        p.cpu = 1.0;
        p.memory = 1 * GiB;
        return p;
    }
};

std::string tutorialWith(const std::string &policies)
{
    QFile f(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read the tutorial");
    const std::string text = f.readAll().toStdString();
    const std::size_t at = text.rfind("\npolicies:");
    if (at == std::string::npos)
        qFatal("the tutorial has no policies line");
    return text.substr(0, at + 1) + policies;
}
} // namespace

class TestNodesToScore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void feasibleNodesToFind_data()
    {
        QTest::addColumn<int>("percentage");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("expected");
        QTest::newRow("off") << PlacementFramework::kEveryNode << 5000 << 5000;
        QTest::newRow("100") << 100 << 5000 << 5000;
        QTest::newRow("50") << 50 << 5000 << 2500;
        QTest::newRow("at least 100") << 1 << 5000 << 100;
        QTest::newRow("small cluster whole") << 10 << 99 << 99;
        QTest::newRow("adaptive 5000: 10%") << 0 << 5000 << 500;
        QTest::newRow("adaptive 1000: 42%") << 0 << 1000 << 420;
        QTest::newRow("adaptive floor 5%") << 0 << 10000 << 500;
        QTest::newRow("adaptive 100: 50%, at least 100") << 0 << 100 << 100;
    }
    void feasibleNodesToFind()
    {
        QFETCH(int, percentage);
        QFETCH(int, nodes);
        QFETCH(int, expected);
        QCOMPARE(PlacementFramework::feasibleNodesToFind(percentage, nodes), expected);
    }

    /** 300 nodes, 200 feasible, 50%: each cycle stops at its 150th feasible node and the
     *  next starts after it; the pod goes to the best node of those examined. */
    void examinesFromWhereTheLastStopped()
    {
        Ladder c(300);
        auto f = makeKubeDefaultPlacement();
        f->setPercentageOfNodesToScore(50);
        const PodRequest pod = Ladder::pod();
        // 0..224 holds 150 feasible nodes (75 multiples of 3 are not).
        QCOMPARE(f->schedule(pod, c.view(), nullptr), 224);
        const PlacementRecord &r = f->lastRecord();
        QCOMPARE(r.searchStart, 0);
        QCOMPARE(r.examined, 225);
        QCOMPARE(std::count(r.feasible.begin(), r.feasible.end(), 1), 150);
        QVERIFY(r.wasExamined(224) && !r.wasExamined(225) && !r.wasExamined(299));
        QVERIFY(!r.feasible[298]); // the best node, never examined
        const int fit = r.pluginIndex("NodeResourcesFit");
        QVERIFY(r.cell(fit, 222).reason); // examined and rejected
        // Too small too, but not examined (in the same chunk or not): no reason.
        QVERIFY(!r.cell(fit, 225).reason && !r.cell(fit, 228).reason && !r.cell(fit, 297).reason);

        // The next cycle: 225..299 (50 feasible), then 0..149 round robin (100 more).
        QCOMPARE(f->schedule(pod, c.view(), nullptr), 299);
        QCOMPARE(f->lastRecord().searchStart, 225);
        QCOMPARE(f->lastRecord().examined, 75 + 150);
        QVERIFY(f->lastRecord().wasExamined(149) && !f->lastRecord().wasExamined(150));
        QCOMPARE(f->schedule(pod, c.view(), nullptr), 299);
        QCOMPARE(f->lastRecord().searchStart, 150);

        // The same again from a fresh framework: the search order is the node order.
        auto g = makeKubeDefaultPlacement();
        g->setPercentageOfNodesToScore(50);
        QCOMPARE(g->schedule(pod, c.view(), nullptr), 224);
        QCOMPARE(g->schedule(pod, c.view(), nullptr), 299);
        QCOMPARE(g->lastRecord().searchStart, 225);

        // Every node: all examined, the best one wins.
        auto all = makeKubeDefaultPlacement();
        QCOMPARE(all->schedule(pod, c.view(), nullptr), 299);
        QCOMPARE(all->lastRecord().examined, 300);
        QCOMPARE(
            std::count(all->lastRecord().feasible.begin(), all->lastRecord().feasible.end(), 1),
            200);
    }

    /** A pod no node takes examines them all, so the back-off still sees every reason. */
    void unschedulableExaminesEveryNode()
    {
        Ladder c(300);
        auto f = makeKubeDefaultPlacement();
        f->setPercentageOfNodesToScore(0);
        PodRequest pod = Ladder::pod();
        pod.cpu = 100;
        QCOMPARE(f->schedule(pod, c.view(), nullptr), -1);
        QCOMPARE(f->lastRecord().examined, 300);
        QVERIFY(f->retryDelay(0, pod, c.view()) == 0.0); // more than any node has
    }

    /** 100 places as every node does: the same nodes, the same records, pod after pod. */
    void hundredIsEveryNode()
    {
        Ladder c(300);
        auto every = makeLrScheduler();
        auto hundred = makeLrScheduler();
        hundred->setPercentageOfNodesToScore(100);
        Rng a(3), b(3);
        for (int i = 0; i < 40; ++i) {
            PodRequest pod = Ladder::pod();
            pod.cpu = 0.25 * (1 + i % 4);
            const int x = every->schedule(pod, c.view(&a), nullptr);
            const int y = hundred->schedule(pod, c.view(&b), nullptr);
            QCOMPARE(y, x);
            const PlacementRecord &r = every->lastRecord(), &s = hundred->lastRecord();
            QCOMPARE(s.examined, 300);
            QCOMPARE(s.searchStart, 0);
            QCOMPARE(s.feasible, r.feasible);
            QCOMPARE(s.totals, r.totals);
            c.nodes[std::size_t(x)].cpuAlloc += pod.cpu;
            c.nodes[std::size_t(x)].memAlloc += pod.memory;
        }
    }

    void scenarioKeySetsIt()
    {
        const ScenarioLoad load = loadScenarioText(
            tutorialWith("policies: {placement: kube-default, percentage_of_nodes_to_score: 30}\n"),
            "pct.yaml");
        QVERIFY2(load.ok(), load.errors.empty() ? "" : load.errors.front().format().c_str());
        QCOMPARE(load.scenario->policies.percentageOfNodesToScore, std::optional<int>(30));
        const PolicySet set = buildPolicySet(load.scenario->policies, nullptr, {});
        QCOMPARE(set.placement->percentageOfNodesToScore(), 30);
        // Saved and read back.
        const ScenarioLoad again = loadScenarioText(saveScenarioText(*load.scenario), "again.yaml");
        QVERIFY(again.ok());
        QCOMPARE(again.scenario->policies.percentageOfNodesToScore, std::optional<int>(30));

        const ScenarioLoad plain =
            loadScenarioText(tutorialWith("policies: {placement: kube-default}\n"));
        QVERIFY(plain.ok());
        QVERIFY(!plain.scenario->policies.percentageOfNodesToScore);
        QCOMPARE(buildPolicySet(plain.scenario->policies, nullptr, {})
                     .placement->percentageOfNodesToScore(),
                 PlacementFramework::kEveryNode);
        QVERIFY(saveScenarioText(*plain.scenario).find("percentage_of_nodes_to_score") ==
                std::string::npos);
    }

    void absurdValuesAreRefused_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        const QString range = "must lie in [0, 100] (a percentage of the nodes; 0 = "
                              "kube-scheduler's adaptive 50 - nodes/125, at least 5), got ";
        QTest::newRow("over 100") << "150" << range + "150";
        QTest::newRow("negative") << "-5" << range + "-5";
        QTest::newRow("fraction") << "12.5"
                                  << "expected an integer, got";
        QTest::newRow("word") << "all"
                              << "expected an integer, got";
    }
    void absurdValuesAreRefused()
    {
        QFETCH(QString, value);
        QFETCH(QString, message);
        const ScenarioLoad load = loadScenarioText(
            tutorialWith("policies: {placement: kube-default, percentage_of_nodes_to_score: " +
                         value.toStdString() + "}\n"),
            "pct.yaml");
        QVERIFY(!load.ok());
        QCOMPARE(load.errors.size(), std::size_t(1));
        const ScenarioError &e = load.errors.front();
        QCOMPARE(QString::fromStdString(e.keyPath),
                 QString("policies.percentage_of_nodes_to_score"));
        QVERIFY2(QString::fromStdString(e.message).startsWith(message), e.format().c_str());
        QVERIFY2(e.line > 0, e.format().c_str());
    }
};

QTEST_GUILESS_MAIN(TestNodesToScore)
#include "tst_nodestoscore.moc"
