// SPDX-License-Identifier: GPL-3.0-or-later
// KubeHICE's plugins on a hand-made cluster: the Arches Filter over the image
// styles, the Node Scorer's eq. 5 levels, the Container Updater's rewrite and
// roll back, PAS's per-node cpu in NodeResourcesFit, and the Performance
// Analyzer's eq. 1-4 on reports worked out by hand.
#include "common/handcluster.h"
#include "placement/hiceplugins.h"
#include "placement/perfanalyzer.h"
#include "placement/placementframework.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {
using test::GiB;

/** n0 amd64 fast, n1 arm64 slow, n2 amd64 slow with 1 core left. */
struct Cluster : test::HandCluster
{
    ImageSpec multi, amdOnly, perArch;
    std::vector<double> k{1.0, 0.5, 0.5};

    Cluster()
        : HandCluster({test::handNode("n0", "amd64", 2, 4 * GiB),
                       test::handNode("n1", "arm64", 2, 4 * GiB),
                       test::handNode("n2", "amd64", 2, 4 * GiB)},
                      10 * GiB)
    {
        multi.name = "multi:1";
        multi.variants = {{"amd64", "", {{"m-amd64", 1e6}}}, {"arm64", "", {{"m-arm64", 1e6}}}};
        amdOnly.name = "amd:1";
        amdOnly.variants = {{"amd64", "", {{"a", 1e6}}}};
        perArch.name = "app:1";
        perArch.index = false;
        perArch.variants = {{"amd64", "app-amd64:1", {{"p-amd64", 1e6}}},
                            {"arm64", "app-arm64:1", {{"p-arm64", 1e6}}}};
        nodes[2].cpuAlloc = 1.0;
    }

    ClusterView view() const { return HandCluster::view(nullptr, k.data()); }

    PodRequest pod(const ImageSpec &image, double cpu = 0.4) const
    {
        PodRequest p;
        p.cpu = cpu;
        p.cpuLimit = cpu;
        p.memory = 1 * GiB;
        p.image = &image;
        return p;
    }
};
} // namespace

class TestKubeHice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scoreLevels_data()
    {
        QTest::addColumn<double>("cmin");
        QTest::addColumn<double>("cmax");
        QTest::addColumn<double>("kRel");
        QTest::addColumn<double>("score");
        // Fig. 6(b): application 2 (0.2 cpu) runs anywhere, application 1 (1 cpu)
        // cannot run on a node of half the performance.
        QTest::newRow("app 2 on node 2") << 0.2 << 0.2 << 0.5 << 100.0;
        QTest::newRow("app 1 on node 2") << 1.0 << 1.0 << 0.5 << 0.0;
        QTest::newRow("faster node") << 1.5 << 2.0 << 1.2 << 100.0;
        QTest::newRow("limit still fits one core") << 0.3 << 0.6 << 0.6 << 100.0;
        // L1 + (L0 - L1) k': the scaled limit fits in the threads its limit allows.
        QTest::newRow("L1 row") << 0.6 << 1.5 << 0.8 << 70.0 + 30.0 * 0.8;
        // L2 + (L1 - L2) k': the request fits, the peak does not.
        QTest::newRow("L2 row") << 0.5 << 0.7 << 0.6 << 40.0 + 30.0 * 0.6;
        QTest::newRow("request too big") << 0.8 << 0.9 << 0.7 << 0.0;
    }

    void scoreLevels()
    {
        QFETCH(double, cmin);
        QFETCH(double, cmax);
        QFETCH(double, kRel);
        QFETCH(double, score);
        QCOMPARE(pasScore(cmin, cmax, kRel), score);
    }

    void archesFilterAndRecord()
    {
        Cluster c;
        auto f = makeKubeHicePlacement();
        QCOMPARE(QString(f->pluginName(0)), QString("ArchesFilter"));
        // Style 2 (index with amd64 only): only amd64 nodes pass.
        PodRequest p = c.pod(c.amdOnly);
        QVERIFY(f->schedule(p, c.view(), nullptr) >= 0);
        const PlacementRecord &r = f->lastRecord();
        const int arches = r.pluginIndex("ArchesFilter");
        const int pas = r.pluginIndex("PerformanceAware");
        QVERIFY(arches >= 0 && pas >= 0);
        QVERIFY(r.cell(arches, 0).reason == nullptr);
        QVERIFY(r.cell(arches, 1).reason != nullptr);
        QVERIFY(!r.feasible[1]);
        QCOMPARE(r.chosen, 0);
        // Style 3 named by a per-arch name: AIM takes the application's arches.
        PodRequest named = c.pod(c.perArch);
        named.fixedVariant = &c.perArch.variants[0];
        QVERIFY(f->schedule(named, c.view(), nullptr) >= 0);
        QVERIFY(f->lastRecord().feasible[1]);
        QCOMPARE(applicationArches(named), (std::set<std::string>{"amd64", "arm64"}));
        // kube-default keeps the arm64 node for the amd64-only index.
        auto plain = makeKubeDefaultPlacement();
        plain->schedule(p, c.view(), nullptr);
        QVERIFY(plain->lastRecord().feasible[1]);
    }

    void performanceScoreFiltersSlowNodes()
    {
        Cluster c;
        auto f = makeKubeHicePlacement();
        PodRequest p = c.pod(c.multi, 0.8); // 0.8 / 0.5 > 1 core: L3 on the slow nodes
        std::vector<double> scale = {1.0, 2.0, 2.0};
        p.cpuScale = scale.data();
        QCOMPARE(f->schedule(p, c.view(), nullptr), 0);
        const PlacementRecord &r = f->lastRecord();
        const int pas = r.pluginIndex("PerformanceAware");
        QCOMPARE(r.cell(pas, 0).normalized, 100.0);
        QVERIFY(r.cell(pas, 1).reason != nullptr);
        QVERIFY(!r.feasible[1] && !r.feasible[2]);
        // 0.4 cpu fits one core on the slow nodes; on n2 its 0.8 scaled cores still fit,
        // 1.2 would not (1 of 2 cores is taken).
        PodRequest small = c.pod(c.multi, 0.4);
        small.cpuScale = scale.data();
        f->schedule(small, c.view(), nullptr);
        QVERIFY(f->lastRecord().feasible[2]);
        QCOMPARE(f->lastRecord().cell(pas, 1).raw, 0.5); // k'_j = k_j / k_b
        QCOMPARE(f->lastRecord().cell(pas, 1).normalized, 100.0);
        small.cpu = small.cpuLimit = 0.5;
        std::vector<double> slower = {1.0, 2.4, 2.4};
        small.cpuScale = slower.data();
        f->schedule(small, c.view(), nullptr);
        const int fit = f->lastRecord().pluginIndex("NodeResourcesFit");
        QCOMPARE(QString(f->lastRecord().cell(fit, 2).reason), QString("Insufficient cpu"));
    }

    void containerUpdater()
    {
        Cluster c;
        PodRequest p = c.pod(c.perArch, 0.5);
        p.fixedVariant = &c.perArch.variants[0]; // written as app-amd64:1
        p.perfBase = 1.0;
        const ContainerUpdate u = updateContainer(p, "arm64", 0.5);
        QVERIFY(u.ok);
        QCOMPARE(QString::fromStdString(u.variant->name), QString("app-arm64:1"));
        QCOMPARE(u.cpu, 1.0); // CPU · k_b / k_j
        QCOMPARE(u.cpuLimit, 1.0);
        // No variant for the arch: nothing is rewritten (roll back).
        const ContainerUpdate none = updateContainer(c.pod(c.amdOnly), "arm64", 0.5);
        QVERIFY(!none.ok);
        QVERIFY(!none.variant);
        QVERIFY(!updateContainer(p, "arm64", 0.0).ok);
    }

    void analyzerEquations()
    {
        // Node perf 1.0, 0.5, 0.8; app 0 on n0 and n1, app 1 on n1 and n2. A replica
        // serving W requests/s of 2 ms (app 0) uses C = W * 0.002 / k cores.
        PerfAnalyzer a(3, 0, 0.1);
        const std::vector<PerfObservation> round1 = {{0, 0, 100 * 0.002 / 1.0, 100},
                                                     {0, 1, 60 * 0.002 / 0.5, 60},
                                                     {1, 1, 50 * 0.004 / 0.5, 50},
                                                     {1, 2, 80 * 0.004 / 0.8, 80}};
        a.update(round1);
        QCOMPARE(a.k(0), 1.0);
        QVERIFY(std::abs(a.k(1) - 0.5) < 1e-12); // eq. 2 against the reference
        QVERIFY(std::abs(a.k(2) - 0.8) < 1e-12); // chained through n1, known now
        QCOMPARE(a.updates(), 2L);
        // Reports within the threshold (ΔP, eq. 4) leave the estimates alone.
        std::vector<PerfObservation> noisy = round1;
        noisy[1].cpu *= 1.05;
        a.update(noisy);
        QCOMPARE(a.updates(), 2L);
        noisy[1].cpu = 60 * 0.002 / 0.4; // n1 slowed down
        a.update(noisy);
        QCOMPARE(a.updates(), 3L);
        QVERIFY(std::abs(a.k(1) - 0.4) < 1e-12);
    }

    void analyzerWeightsApplications()
    {
        // Two applications disagree on n1: the estimate is their load-weighted mean.
        PerfAnalyzer a(2, 0, 0.1);
        a.update(std::vector<PerfObservation>{{0, 0, 0.1, 100},
                                              {0, 1, 0.2, 100}, // k = 0.5
                                              {1, 0, 0.1, 100},
                                              {1, 1, 0.1, 300}}); // k = 3
        QVERIFY(std::abs(a.k(1) - (100 * 0.5 + 300 * 3.0) / 400) < 1e-12);
        QVERIFY(a.estimated(1));
        PerfAnalyzer none(2, 0, 0.1);
        none.update(std::vector<PerfObservation>{{0, 1, 0.2, 100}}); // no reference: no estimate
        QVERIFY(!none.estimated(1));
        QCOMPARE(none.k(1), 1.0);
    }
};

QTEST_GUILESS_MAIN(TestKubeHice)
#include "tst_kubehice.moc"
