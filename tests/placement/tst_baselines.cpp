// SPDX-License-Identifier: GPL-3.0-or-later
// DRS's heuristic baselines (Sec. 5.3) as placement policies: `random` draws among
// the nodes that pass the filters, `round-robin` takes them in turn.
#include "placement/agentplacement.h"
#include "placement/placementframework.h"
#include "state/layercache.h"
#include "state/random.h"
#include "state/simstate.h"
#include "state/topology.h"

#include <QtTest/QtTest>
#include <memory>

using namespace schedlab;

namespace {
constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

/** Four nodes; n2 is tainted NoSchedule, so pods may go to n0, n1 and n3. */
struct Cluster
{
    Scenario scenario;
    Topology topology;
    std::vector<NodeState> nodes;
    std::unique_ptr<LayerCache[]> caches;
    Rng rng{7};

    Cluster()
    {
        SiteSpec site;
        site.name = "edge";
        EapSpec eap;
        eap.name = "eap";
        for (int n = 0; n < 4; ++n) {
            NodeSpec node;
            node.name = "n" + std::to_string(n);
            node.arch = "amd64";
            node.cpu = 2;
            node.memory = 4 * GiB;
            node.disk = 10 * GiB;
            if (n == 2)
                node.taints = {{"dedicated", "gpu", "NoSchedule"}};
            eap.nodes.push_back(node);
        }
        site.eaps = {eap};
        scenario.sites = {site};
        topology = Topology::build(scenario);
        nodes.resize(4);
        caches = std::make_unique<LayerCache[]>(4);
    }

    ClusterView view() { return {&topology, nodes.data(), caches.get(), 4, &rng}; }

    static PodRequest pod()
    {
        PodRequest p;
        p.cpu = 0.5;
        p.memory = 0.5 * GiB;
        return p;
    }
};
} // namespace

class TestBaselines : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void randomDrawsAmongFeasibleNodes()
    {
        Cluster c;
        auto f = makeRandomPlacement();
        QVERIFY(f);
        std::vector<int> count(4, 0);
        for (int i = 0; i < 300; ++i)
            ++count[f->schedule(Cluster::pod(), c.view(), nullptr)];
        QCOMPARE(count[2], 0);
        for (int n : {0, 1, 3})
            QVERIFY2(count[n] > 70, qPrintable(QString("node %1: %2").arg(n).arg(count[n])));
    }

    void roundRobinTakesFeasibleNodesInTurn()
    {
        Cluster c;
        auto f = makeRoundRobinPlacement();
        QVERIFY(f);
        std::vector<int> order;
        for (int i = 0; i < 6; ++i)
            order.push_back(f->schedule(Cluster::pod(), c.view(), nullptr));
        QCOMPARE(order, (std::vector<int>{0, 1, 3, 0, 1, 3}));
    }

    void nothingFeasibleMeansNoNode()
    {
        Cluster c;
        PodRequest big = Cluster::pod();
        big.cpu = 8.0;
        QCOMPARE(makeRandomPlacement()->schedule(big, c.view(), nullptr), -1);
        QCOMPARE(makeRoundRobinPlacement()->schedule(big, c.view(), nullptr), -1);
    }
};

QTEST_GUILESS_MAIN(TestBaselines)
#include "tst_baselines.moc"
