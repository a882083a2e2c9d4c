// SPDX-License-Identifier: GPL-3.0-or-later
// GSP-SS orchestration (KaiS V): the shadow request scheduling LP, the known
// arrival rates it is given, and the replicas it places.
#include "common/bundledscenario.h"
#include "experiment/comparison.h"
#include "policy/orchestration/shadowscheduling.h"
#include "scenario/scenarioio.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "workload/arrivalrates.h"

#include <QtTest>
#include <cmath>
#include <numbers>
#include <numeric>

using namespace schedlab;

namespace {
constexpr double kGi = 1024.0 * 1024.0 * 1024.0;

/** Two nodes (1 and 2 cores, 1 GiB each) and two services, u = 0.5. */
ShadowProblem twoByTwo(int maxFirst)
{
    ShadowProblem pb;
    pb.utilisation = 0.5;
    pb.services = {{4.0, 0.25, 0.5, 0.25 * kGi, maxFirst}, {2.0, 0.5, 0.5, 0.5 * kGi, 10}};
    pb.nodes = {{1.0, kGi, 1.0}, {2.0, kGi, 1.0}};
    pb.allowed.assign(4, 1);
    return pb;
}

double servedOf(const ShadowSchedule &s, int service, int nodes)
{
    return std::accumulate(s.demand.begin() + service * nodes,
                           s.demand.begin() + (service + 1) * nodes, 0.0);
}

/**
 * Checks every site's replicas after each frame: never above the service's max,
 * and never scaled below its min (a site too full to hold `min` from the start
 * stays below it).
 */
class BoundsObserver final : public SimObserver
{
public:
    int frames = 0, outOfBounds = 0, changes = 0;
    std::vector<int> previous;

    static std::vector<int> count(const SimState &st)
    {
        std::vector<int> out(st.scenario->sites.size() * std::size_t(st.serviceCount), 0);
        for (const Replica &r : st.replicas)
            if (r.alive && !r.draining)
                ++out[std::size_t(st.topology->nodes[r.node].site) * st.serviceCount + r.service];
        return out;
    }

    void onFrame(const SimState &st, const FramePoint &) override
    {
        ++frames;
        const std::vector<int> now = count(st);
        for (int site : st.topology->edgeSites)
            for (int w = 0; w < st.serviceCount; ++w) {
                const std::size_t at = std::size_t(site) * st.serviceCount + w;
                const ReplicaBounds &b = st.service(w).replicas;
                if (now[at] > b.max || (now[at] < b.min && now[at] < previous[at])) {
                    ++outOfBounds;
                    qDebug("frame %d site %d service %d: %d replicas", frames, site, w, now[at]);
                }
            }
        changes += now != previous;
        previous = now;
    }
};
} // namespace

class TestGspSs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lpMatchesHandSolvedCase_data()
    {
        QTest::addColumn<int>("maxFirst");
        QTest::addColumn<double>("served");
        QTest::addColumn<double>("first");
        QTest::addColumn<double>("second");
        // Cores at u = 0.5: 0.5 + 1.0 = 1.5 core-seconds per second. Service 0 costs
        // 0.25 per request, service 1 costs 0.5: all 4/s of service 0 (1.0), then
        // 0.5 / 0.5 = 1/s of service 1. Requests and memory do not bind.
        QTest::newRow("cores bind") << 10 << 5.0 << 4.0 << 1.0;
        // One replica of service 0 serves at most u / 0.25 = 2/s; the remaining
        // 1.0 core-second serves all 2/s of service 1 (2 replicas, 1 GiB).
        QTest::newRow("replica bound binds") << 1 << 4.0 << 2.0 << 2.0;
    }

    void lpMatchesHandSolvedCase()
    {
        QFETCH(int, maxFirst);
        QFETCH(double, served);
        QFETCH(double, first);
        QFETCH(double, second);
        const ShadowSchedule s = solveShadowScheduling(twoByTwo(maxFirst));
        QVERIFY(std::abs(s.served - served) < 1e-7);
        QVERIFY(std::abs(servedOf(s, 0, 2) - first) < 1e-7);
        QVERIFY(std::abs(servedOf(s, 1, 2) - second) < 1e-7);
        for (std::size_t at = 0; at < s.demand.size(); ++at) // the replica rows hold
            QVERIFY(s.demand[at] * (at < 2 ? 0.25 : 0.5) <= 0.5 * s.replicas[at] + 1e-7);
    }

    void nodesWithoutAnImageVariantServeNothing()
    {
        ShadowProblem pb = twoByTwo(10);
        pb.allowed = {1, 0, 0, 1}; // service 0 only on node 0, service 1 only on node 1
        const ShadowSchedule s = solveShadowScheduling(pb);
        QCOMPARE(s.demand[1], 0.0);
        QCOMPARE(s.demand[2], 0.0);
        // Node 0: 0.5 core-seconds = 2/s of service 0; node 1: all 2/s of service 1.
        QVERIFY(std::abs(s.served - 4.0) < 1e-7);
    }

    void oracleRatesAreTheWorkloadsRates()
    {
        Scenario s = test::bundledScenario("kais-edge-cloud"); // 30 services
        s.workload.requests.kind = RequestWorkloadKind::Pattern;
        s.workload.requests.pattern = Pattern::P1;
        s.workload.requests.rate = 16.0;
        s.workload.requests.period = 120.0;
        s.workload.requests.amplitude = 0.5;
        const ArrivalRateOracle oracle(s);
        const auto sum = [](const std::vector<double> &v) {
            return std::accumulate(v.begin(), v.end(), 0.0);
        };
        QVERIFY(std::abs(sum(oracle.serviceRates(0, 120)) - 16.0) < 1e-9);
        // The rising half: mean of 1 + 0.5 sin over it is 1 + 0.5 * 2 / pi.
        QVERIFY(std::abs(sum(oracle.serviceRates(0, 60)) - 16.0 * (1 + 1 / std::numbers::pi)) <
                1e-9);
        s.workload.requests.kind = RequestWorkloadKind::Poisson;
        const std::vector<double> flat = ArrivalRateOracle(s).serviceRates(10, 35);
        QCOMPARE(flat.size(), std::size_t(30));
        QVERIFY(std::abs(flat[7] - 16.0 / 30) < 1e-12);
    }

    void placesReplicasWithinBounds()
    {
        const Scenario s = test::bundledScenario("kais-edge-cloud");
        BoundsObserver observer;
        RunOptions options;
        options.seed = 2;
        options.duration = 300.0;
        options.policies = s.policies;
        options.policies.orchestration = "gsp-ss";
        Engine engine(s, buildPolicySet(options), options.config());
        observer.previous = BoundsObserver::count(engine.state());
        engine.addObserver(&observer);
        const RunResult r = engine.run();
        QCOMPARE(observer.frames, 12);
        QCOMPARE(observer.outOfBounds, 0);
        QVERIFY(observer.changes > 0); // it re-plans the sites
        QVERIFY(r.value("pulled_image_bytes") > 0);
    }

    void sameSeedSameNumbers()
    {
        const Scenario s = test::bundledScenario("kais-edge-cloud");
        PolicySelection p = s.policies;
        p.orchestration = "gsp-ss";
        const RunResult a = runScenario(s, p, 4, 120.0);
        const RunResult b = runScenario(s, p, 4, 120.0);
        QCOMPARE(a.frames.size(), b.frames.size());
        for (std::size_t i = 0; i < a.frames.size(); ++i)
            QCOMPARE(a.frames[i].edgeReplicas, b.frames[i].edgeReplicas);
        for (const char *m : {"throughput_rate", "on_time", "pulled_image_bytes", "avg_util"})
            QCOMPARE(a.value(m), b.value(m));
    }
};

QTEST_GUILESS_MAIN(TestGspSs)
#include "tst_gspss.moc"
