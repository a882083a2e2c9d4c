// SPDX-License-Identifier: GPL-3.0-or-later
// The placement framework on a hand-made cluster: every filter verdict and every
// raw and normalised score of the decision record, checked against the
// Kubernetes formulas and LRS eq. 3, 4, 11-13 worked out by hand.
#include "common/handcluster.h"
#include "placement/placementframework.h"
#include "registry/registry.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {
using test::GiB;
using test::MiB;

NodeSpec node(const std::string &name, const std::string &arch, double cpu, double memory)
{
    NodeSpec n = test::handNode(name, arch, cpu, memory);
    n.disk = 10 * GiB;
    return n;
}

/** n1 arm64 has a PreferNoSchedule taint and n3 a NoSchedule one. */
std::vector<NodeSpec> fourNodes()
{
    NodeSpec n1 = node("n1", "arm64", 2, 4 * GiB);
    n1.taints = {{"slow", "yes", "PreferNoSchedule"}};
    NodeSpec n3 = node("n3", "amd64", 4, 8 * GiB);
    n3.taints = {{"dedicated", "gpu", "NoSchedule"}};
    return {node("n0", "amd64", 4, 8 * GiB), n1, node("n2", "amd64", 4, 4 * GiB), n3};
}

/** n0 amd64 holds the image; n1 arm64 has a PreferNoSchedule taint; n2 is nearly
 *  full; n3 has a NoSchedule taint. */
struct Cluster : test::HandCluster
{
    ImageSpec image;

    Cluster() : HandCluster(fourNodes(), 10 * GiB)
    {
        image.name = "app:1";
        image.variants = {{"amd64", "", {{"base-amd64", 300 * MiB}, {"app-amd64", 100 * MiB}}},
                          {"arm64", "", {{"base-arm64", 280 * MiB}, {"app-arm64", 90 * MiB}}}};
        nodes[0].cpuAlloc = 1.0;
        nodes[0].memAlloc = 2 * GiB;
        nodes[2].cpuAlloc = 3.5;
        caches[0].acquire(image.variants[0].layers, 0.0);
    }

    PodRequest pod() const
    {
        PodRequest p;
        p.cpu = 1.0;
        p.memory = 1 * GiB;
        p.image = &image;
        return p;
    }
};

double cellScore(const PlacementRecord &r, const char *plugin, int node)
{
    return r.cell(r.pluginIndex(plugin), node).normalized;
}
} // namespace

class TestFramework : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kubeDefaultRecord()
    {
        const Cluster c;
        auto f = makeKubeDefaultPlacement();
        const PodRequest pod = c.pod();
        QCOMPARE(f->schedule(pod, c.view(), nullptr), 0);
        const PlacementRecord &r = f->lastRecord();
        QCOMPARE(r.chosen, 0);
        QCOMPARE(int(r.plugins.size()), 5);
        QCOMPARE(r.feasible, std::vector<char>({1, 1, 0, 0}));
        QCOMPARE(QString(r.cell(r.pluginIndex("NodeResourcesFit"), 2).reason),
                 QString("Insufficient cpu"));
        QCOMPARE(QString(r.cell(r.pluginIndex("TaintToleration"), 3).reason),
                 QString("node(s) had untolerated taint"));
        QVERIFY(!r.cell(r.pluginIndex("NodeResourcesFit"), 3).reason);
        QVERIFY(!r.cell(r.pluginIndex("NodeAffinity"), 0).reason);

        // LeastAllocated: n0 cpu (4-2)/4, memory (8-3)/8 -> (50 + 62.5) / 2;
        // n1 cpu (2-1)/2, memory (4-1)/4 -> (50 + 75) / 2.
        QCOMPARE(cellScore(r, "NodeResourcesFit", 0), 56.25);
        QCOMPARE(cellScore(r, "NodeResourcesFit", 1), 62.5);
        // Balanced: (1 - |0.5 - 0.375| / 2) x 100 and (1 - |0.5 - 0.25| / 2) x 100.
        QCOMPARE(cellScore(r, "NodeResourcesBalancedAllocation", 0), 93.75);
        QCOMPARE(r.cell(r.pluginIndex("NodeResourcesBalancedAllocation"), 0).raw, 0.0625);
        QCOMPARE(cellScore(r, "NodeResourcesBalancedAllocation", 1), 87.5);
        // ImageLocality: 400 MiB on 1 of 4 nodes -> 100 MiB; (100 - 23) / (1000 - 23) x 100.
        const int il = r.pluginIndex("ImageLocality");
        QCOMPARE(r.cell(il, 0).raw, 100 * MiB);
        QCOMPARE(r.cell(il, 0).normalized, 100.0 * 77.0 / 977.0);
        QCOMPARE(r.cell(il, 1).normalized, 0.0);
        // TaintToleration: n1 has the most PreferNoSchedule taints (1) -> 0, n0 -> 100.
        QCOMPARE(cellScore(r, "TaintToleration", 0), 100.0);
        QCOMPARE(cellScore(r, "TaintToleration", 1), 0.0);
        QCOMPARE(r.totals[0], 56.25 + 93.75 + 100.0 * 77.0 / 977.0 + 100.0);
        QCOMPARE(r.totals[1], 62.5 + 87.5);
    }

    void archAffinityAndTolerations()
    {
        const Cluster c;
        auto f = makeKubeDefaultPlacement();
        PodRequest pod = c.pod();
        const std::map<std::string, std::string> arm = {{"kubernetes.io/arch", "arm64"}};
        pod.nodeSelector = &arm;
        QCOMPARE(f->schedule(pod, c.view(), nullptr), 1);
        const PlacementRecord &r = f->lastRecord();
        QCOMPARE(QString(r.cell(r.pluginIndex("NodeAffinity"), 0).reason),
                 QString("node(s) didn't match Pod's node affinity/selector"));
        QCOMPARE(r.feasible, std::vector<char>({0, 1, 0, 0}));

        // Tolerating `dedicated` opens n3; an empty effect tolerates every effect.
        const std::vector<Taint> tolerations = {{"dedicated", "", ""}};
        PodRequest tolerant = c.pod();
        tolerant.tolerations = &tolerations;
        f->schedule(tolerant, c.view(), nullptr);
        QCOMPARE(f->lastRecord().feasible, std::vector<char>({1, 1, 0, 1}));

        // No node fits 5 cores: unschedulable, every node with its reason.
        PodRequest huge = c.pod();
        huge.cpu = 5.0;
        QCOMPARE(f->schedule(huge, c.view(), nullptr), -1);
        QCOMPARE(f->lastRecord().chosen, -1);
        QCOMPARE(QString(f->lastRecord().cell(0, 1).reason), QString("Insufficient cpu"));
    }

    void layerScores()
    {
        const Cluster c;
        auto layer = makeLayerPlacement();
        auto lrs = makeLrScheduler();
        auto kube = makeKubeDefaultPlacement();
        const PodRequest pod = c.pod();
        kube->schedule(pod, c.view(), nullptr);
        layer->schedule(pod, c.view(), nullptr);
        lrs->schedule(pod, c.view(), nullptr);
        const PlacementRecord &k = kube->lastRecord();
        const PlacementRecord &l = layer->lastRecord();
        const PlacementRecord &s = lrs->lastRecord();
        const int ls = l.pluginIndex("LayerSharing");
        // eq. 2-3: n0 holds all 400 MiB -> D = 400 MiB, S_Layer = 100; n1 none.
        QCOMPARE(l.cell(ls, 0).raw, 400 * MiB);
        QCOMPARE(l.cell(ls, 0).normalized, 100.0);
        QCOMPARE(l.cell(ls, 1).normalized, 0.0);
        // eq. 4 with the static ω = 4.
        QCOMPARE(l.cell(ls, 0).weight, 4.0);
        QCOMPARE(l.totals[0], k.totals[0] + 400.0);
        // eq. 11-13: n0 has D > 10 MB, S_CPU = 0.25 < 0.6, S_STD = |0.25 - 0.25|/2 < 0.16
        // -> ω1 = 2; n1 has D = 0 -> ω2 = 0.5.
        const int ss = s.pluginIndex("LayerSharing");
        QCOMPARE(s.cell(ss, 0).weight, 2.0);
        QCOMPARE(s.cell(ss, 1).weight, 0.5);
        QCOMPARE(s.totals[0], k.totals[0] + 200.0);
        QCOMPARE(s.totals[1], k.totals[1]);
    }

    void configurableWeights()
    {
        const Cluster c;
        auto f = makeKubeDefaultPlacement();
        QVERIFY(f->setWeight("TaintToleration", 0.0));
        QVERIFY(f->setWeight("ImageLocality", 3.0));
        QVERIFY(!f->setWeight("ImageLocalty", 1.0));
        f->schedule(c.pod(), c.view(), nullptr);
        const PlacementRecord &r = f->lastRecord();
        QCOMPARE(r.totals[0], 56.25 + 93.75 + 3.0 * 100.0 * 77.0 / 977.0);
        QCOMPARE(r.cell(r.pluginIndex("TaintToleration"), 0).weight, 0.0);
        QCOMPARE(placementPluginNames("layer").back(), std::string("LayerSharing"));
        QVERIFY(placementPluginNames("nope").empty());
    }

    void lrsWeightFallsOnLoadedNodes()
    {
        Cluster c;
        c.nodes[0].cpuAlloc = 2.6; // S_CPU = 0.65 >= h_CPU
        auto lrs = makeLrScheduler();
        lrs->schedule(c.pod(), c.view(), nullptr);
        const PlacementRecord &s = lrs->lastRecord();
        QCOMPARE(s.cell(s.pluginIndex("LayerSharing"), 0).weight, 0.5);
        c.nodes[0].cpuAlloc = 1.0;
        c.nodes[0].memAlloc = 3 * GiB; // S_STD = |0.25 - 0.375| / 2 = 0.0625: still balanced
        lrs->schedule(c.pod(), c.view(), nullptr);
        QCOMPARE(s.cell(s.pluginIndex("LayerSharing"), 0).weight, 2.0);
        c.nodes[0].memAlloc = 6 * GiB; // S_STD = |0.25 - 0.75| / 2 = 0.25 >= h_STD
        lrs->schedule(c.pod(), c.view(), nullptr);
        QCOMPARE(s.cell(s.pluginIndex("LayerSharing"), 0).weight, 0.5);
        QCOMPARE(lrsStd(c.view(), 0), 0.25);
    }

    void diskFilter()
    {
        Cluster c;
        // n1 (arm64) has 500 MiB of disk and 200 MiB of layers in use: 370 MiB more do not fit
        // (LRS eq. 6); unused layers would be evicted and do not count.
        c.caches[1].setCapacity(500 * MiB);
        c.topology.nodes[1].disk = 500 * MiB;
        c.caches[1].acquire({{"other", 200 * MiB}}, 0.0);
        auto f = makeKubeDefaultPlacement();
        f->schedule(c.pod(), c.view(), nullptr);
        QCOMPARE(QString(f->lastRecord().cell(0, 1).reason),
                 QString("Insufficient disk for the image layers"));
        c.caches[1].release({{"other", 200 * MiB}});
        f->schedule(c.pod(), c.view(), nullptr);
        QVERIFY(!f->lastRecord().cell(0, 1).reason);
    }
};

QTEST_GUILESS_MAIN(TestFramework)
#include "tst_framework.moc"
