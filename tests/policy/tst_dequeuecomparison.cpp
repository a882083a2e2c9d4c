// SPDX-License-Identifier: GPL-3.0-or-later
// KaiS Fig. 12 on the bundled testbed: the discounted-experience dequeue
// (eq. 8-9) serves more on time than FIFO and latency-greedy.
#include "common/bundledscenario.h"
#include "experiment/comparison.h"

#include <QtTest>

using namespace schedlab;

class TestDequeueComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void discountedExperienceLeads()
    {
        // The trace replayed as P4 under the scenario's greedy + hpa: bursts build
        // queues at the eAPs, so the order in which they drain matters.
        const Scenario s = test::bundledScenario("kais-testbed");
        double sum[3] = {0, 0, 0};
        const char *dequeues[3] = {"fifo", "latency-greedy", "discounted-experience"};
        for (std::uint64_t seed = 7; seed < 12; ++seed) {
            double phi[3];
            for (int d = 0; d < 3; ++d) {
                PolicySelection p = s.policies;
                p.dequeue = dequeues[d];
                phi[d] = runScenario(s, p, seed, 0.0).value("throughput_rate");
                sum[d] += phi[d];
            }
            QVERIFY2(phi[2] > phi[0], qPrintable(QString("seed %1: discounted-experience %2, "
                                                         "fifo %3")
                                                     .arg(seed)
                                                     .arg(phi[2])
                                                     .arg(phi[0])));
        }
        QVERIFY2(sum[2] > sum[1], qPrintable(QString("discounted-experience %1, latency-greedy %2")
                                                 .arg(sum[2] / 5)
                                                 .arg(sum[1] / 5)));
    }
};

QTEST_GUILESS_MAIN(TestDequeueComparison)
#include "tst_dequeuecomparison.moc"
