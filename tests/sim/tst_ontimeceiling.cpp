// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/bundledscenario.h"
#include "common/testscenarios.h"
#include "engine/engine.h"
#include "experiment/comparison.h"
#include "registry/buildpolicies.h"

#include <QtTest>

using namespace schedlab;

namespace {
RunResult runWith(const Scenario &s, const std::string &dispatch,
                  const std::string &orchestration = "static")
{
    PolicySelection p = s.policies;
    p.dispatch = dispatch;
    p.orchestration = orchestration;
    return runScenario(s, p, 5);
}

/** Every request of every service: `work` core-seconds, `deadline` after it was made. */
Scenario constantRequests(double work, double deadline)
{
    Scenario s = test::smallScenario(1, 2, 8.0);
    s.time.duration = 20.0;
    for (ServiceSpec &svc : s.services) {
        svc.work = Distribution::constant(work);
        svc.deadline = Distribution::constant(deadline);
    }
    return s;
}
} // namespace

class TestOnTimeCeiling : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noPolicyServesMoreThanCouldBeOnTime_data()
    {
        QTest::addColumn<QString>("dispatch");
        QTest::addColumn<QString>("orchestration");
        QTest::addColumn<double>("slot");
        for (const char *d : {"greedy", "random", "round-robin", "gsp-ss", "firmament"})
            QTest::newRow(d) << d << "hpa" << 0.25;
        // Slot starts of 0.1 s are not exact in binary: the boundary is the engine's.
        QTest::newRow("greedy, 0.1 s slots") << "greedy"
                                             << "hpa" << 0.1;
    }
    void noPolicyServesMoreThanCouldBeOnTime()
    {
        QFETCH(QString, dispatch);
        QFETCH(QString, orchestration);
        QFETCH(double, slot);
        Scenario s = test::bundledScenario("tutorial");
        s.time.slot = slot;
        const RunResult r = runWith(s, dispatch.toStdString(), orchestration.toStdString());
        const double possible = r.value("on_time_possible");
        QVERIFY(possible > 0.0 && possible <= 1.0);
        QVERIFY2(r.value("throughput_rate") <= possible + 1e-12,
                 qPrintable(QString("Φ' %1 above the ceiling %2")
                                .arg(r.value("throughput_rate"))
                                .arg(possible)));
        QCOMPARE(r.value("throughput_of_possible"),
                 r.value("on_time") / (possible * r.value("arrived")));
    }

    /** Work of 0.4 core-s alone on the fastest node (perf 1) or in the cloud (perf 1),
     *  after waiting up to a 0.25 s slot at the eAP: 0.3 s can never be met, 1 s always. */
    void theDeadlineIsHeldAgainstTheFastestPath()
    {
        const RunResult never = runWith(constantRequests(0.4, 0.3), "greedy");
        QVERIFY(never.value("arrived") > 50);
        QCOMPARE(never.value("on_time_possible"), 0.0);
        QCOMPARE(never.value("on_time"), 0.0);
        QCOMPARE(never.value("throughput_of_possible"), 0.0);

        const RunResult always = runWith(constantRequests(0.4, 1.0), "greedy");
        QCOMPARE(always.value("on_time_possible"), 1.0);
    }

    /** A request no edge node can hold (KaiS eq. 4) can only be on time in the cloud. */
    void aRequestNoEdgeNodeHoldsCountsOnlyThroughTheCloud()
    {
        Scenario s = constantRequests(0.1, 2.0);
        for (ServiceSpec &svc : s.services)
            svc.requestCpu = Distribution::constant(3.0); // the largest node has 2 cores
        QCOMPARE(runWith(s, "greedy").value("on_time_possible"), 1.0);

        s.sites.pop_back(); // the cloud
        const RunResult r = runWith(s, "greedy");
        QVERIFY(r.value("arrived") > 50);
        QCOMPARE(r.value("on_time_possible"), 0.0);
        QCOMPARE(r.value("on_time"), 0.0);
    }

    /** Slower nodes do not lower the ceiling while a fast one could hold the request. */
    void theFastestNodeThatFitsSetsTheEdgePath()
    {
        Scenario s = constantRequests(0.5, 0.85); // 0.25 s wait + 0.5 s at perf 1 fits
        s.sites.pop_back();
        QCOMPARE(runWith(s, "greedy").value("on_time_possible"), 1.0);
        for (EapSpec &eap : s.sites.front().eaps)
            for (NodeSpec &node : eap.nodes)
                node.perf = 0.5; // 1 s of service: too slow everywhere
        QCOMPARE(runWith(s, "greedy").value("on_time_possible"), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestOnTimeCeiling)
#include "tst_ontimeceiling.moc"
