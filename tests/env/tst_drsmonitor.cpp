// SPDX-License-Identifier: GPL-3.0-or-later
// The DRS monitor's sampling (Sec. 3.1) on a hand-made trace, eq. 11–14 by hand,
// and pod usage relative to a node's capacities.
#include "env/drsmonitor.h"
#include "env/placementreward.h"
#include "state/podusage.h"
#include "state/simstate.h"

#include <QtTest/QtTest>
#include <cmath>

using namespace schedlab;

class TestDrsMonitor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /** Sec. 3.1: cpu and network average 5 samples, memory and disk 3, 0.1 s apart. */
    void monitorSampling()
    {
        DrsMonitor m(2);
        QVERIFY(!m.warm());
        const double trace[] = {0.9, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6}; // node 0, every metric
        for (int k = 0; k < 7; ++k) {
            const double v = trace[k];
            const UsageProfile u0{v, v, v, v, v, v};
            const UsageProfile u1{1.0, 0.5, 0.0, 0.25, 1.0, 0.0};
            m.record(std::vector<UsageProfile>{u0, u1});
            QCOMPARE(m.warm(), k >= 4);
        }
        const UsageProfile s = m.state(0);
        const double last5 = (0.2 + 0.3 + 0.4 + 0.5 + 0.6) / 5, last3 = (0.4 + 0.5 + 0.6) / 3;
        QCOMPARE(s[int(Metric::Cpu)], last5);
        QCOMPARE(s[int(Metric::NetRx)], last5);
        QCOMPARE(s[int(Metric::NetTx)], last5);
        QCOMPARE(s[int(Metric::Memory)], last3);
        QCOMPARE(s[int(Metric::DiskRead)], last3);
        QCOMPARE(s[int(Metric::DiskWrite)], last3);
        QCOMPARE(m.state(1)[int(Metric::NetTx)], 0.25);

        MonitorConfig half;
        half.ceiling[int(Metric::NetRx)] = 0.5;
        DrsMonitor h(1, half);
        h.record(std::vector<UsageProfile>{{0, 0, 0.2, 0, 0, 0}});
        h.record(std::vector<UsageProfile>{{0, 0, 0.9, 0, 0, 0}});
        QCOMPARE(h.state(0)[int(Metric::NetRx)], 1.0); // (0.2 + 0.9) / 2 / 0.5, clamped
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, h.record(std::vector<UsageProfile>(2)));
    }

    /** Eq. 11–13 by hand for two nodes; eq. 14 with β/α = 200 and AvgUtil in percent. */
    void utilisationAndReward()
    {
        const std::vector<UsageProfile> nodes = {{0.6, 0.2, 0.0, 0.0, 0.4, 0.2},
                                                 {0.2, 0.2, 0.6, 0.0, 0.0, 0.2}};
        const ClusterUtilisation u = clusterUtilisation(nodes);
        QCOMPARE(u.avgUtil, (1.4 + 1.2) / 12);
        // Per-metric population stddevs: 0.2, 0, 0.3, 0, 0.2, 0.
        QVERIFY(std::abs(u.imbalance - 0.7 / 6) < 1e-15);
        QVERIFY(std::abs(drsReward(u) - (100 * u.avgUtil - 200 * u.imbalance)) < 1e-12);
        const Metric cm[] = {Metric::Cpu, Metric::Memory};
        const ClusterUtilisation two = clusterUtilisation(nodes, cm);
        QCOMPARE(two.avgUtil, 0.3);
        QVERIFY(std::abs(two.imbalance - 0.1) < 1e-15);
        for (const char *name : {"drs", "rlsk", "deeprm", "multi-deeprm"})
            QCOMPARE(QString(rewardKindName(*rewardKindFromName(name))), QString(name));
        QVERIFY(!rewardKindFromName("dqn"));
    }

    /** A pod's usage over a node's capacities: 2.1 MB/s on 8.4 MB/s is a quarter. */
    void usageLoadsRelativeToCapacity()
    {
        NodeInfo node;
        node.cpu = 2;
        node.memory = 4e9;
        node.bandwidth = 8.4 * 8e6;
        node.diskRead = 663 * 8e6;
        node.diskWrite = 610 * 8e6;
        PodTemplate t;
        t.usage = {0.469, 0, 2.1 * 8e6, 0, 165.75 * 8e6, 0};
        const UsageProfile rate = podUsageRate(t, 0.3, node);
        QCOMPARE(rate[int(Metric::Cpu)], 0.3); // capped at its cores
        QCOMPARE(rate[int(Metric::NetRx)] / node.cpu, 0.25);
        QCOMPARE(rate[int(Metric::DiskRead)] / node.cpu, 0.25);
        QCOMPARE(rate[int(Metric::DiskWrite)], 0.0);
        NodeState ns;
        ns.usageRate = rate;
        ns.memAlloc = 1e9;
        const UsageProfile u = nodeUtilisation(node, ns);
        QCOMPARE(u[int(Metric::Cpu)], 0.15);
        QCOMPARE(u[int(Metric::Memory)], 0.25);
        QCOMPARE(u[int(Metric::NetRx)], 0.25);
    }
};

QTEST_GUILESS_MAIN(TestDrsMonitor)
#include "tst_drsmonitor.moc"
