// SPDX-License-Identifier: GPL-3.0-or-later
// DRS's heuristic baselines (Sec. 5.3) as placement policies: `random` draws among
// the nodes that pass the filters, `round-robin` takes them in turn.
#include "common/handcluster.h"
#include "placement/agentplacement.h"
#include "placement/placementframework.h"
#include "state/random.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {
using test::GiB;

/** Four nodes; n2 is tainted NoSchedule, so pods may go to n0, n1 and n3. */
std::vector<NodeSpec> fourNodes()
{
    std::vector<NodeSpec> nodes;
    for (int n = 0; n < 4; ++n) {
        NodeSpec node = test::handNode("n" + std::to_string(n), "amd64", 2, 4 * GiB);
        node.disk = 10 * GiB;
        if (n == 2)
            node.taints = {{"dedicated", "gpu", "NoSchedule"}};
        nodes.push_back(node);
    }
    return nodes;
}

struct Cluster : test::HandCluster
{
    Rng rng{7};

    Cluster() : HandCluster(fourNodes()) {}
    ClusterView view() { return HandCluster::view(&rng); }

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
