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
#include "state/topology.h"

#include <map>

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

    void oracleRatesAreTheRunsArrivals_data()
    {
        QTest::addColumn<int>("pattern");
        for (int p = 0; p < 4; ++p)
            QTest::addRow("P%d", p + 1) << p;
    }
    void oracleRatesAreTheRunsArrivals()
    {
        QFETCH(int, pattern);
        Scenario s = test::bundledScenario("kais-edge-cloud"); // 30 services, 5 eAPs
        s.workload.requests.kind = RequestWorkloadKind::Pattern;
        s.workload.requests.pattern = Pattern(pattern);
        s.workload.requests.rate = 16.0;
        s.workload.requests.period = 120.0;
        const Topology topology = Topology::build(s);
        // The arrivals of the run with seed 5, counted by frame, eAP and service.
        const double frame = 25.0;
        std::vector<double> counted(4 * 5 * 30, 0.0);
        std::string error;
        auto source = makeArrivalSource(s, topology, 5, &error);
        for (Arrival a; source->next(a) && a.time < 4 * frame;)
            counted[(std::size_t(a.time / frame) * 5 + a.eap) * 30 + a.service] += 1.0 / frame;

        ArrivalRateOracle oracle(s, topology, 5);
        double total = 0.0;
        for (int f = 0; f < 4; ++f) {
            const std::vector<double> rates = oracle.rates(f * frame, (f + 1) * frame);
            QCOMPARE(oracle.rates(f * frame, (f + 1) * frame), rates); // a second site asks
            for (std::size_t i = 0; i < rates.size(); ++i)
                QCOMPARE(rates[i], counted[f * rates.size() + i]);
            total += std::accumulate(rates.begin(), rates.end(), 0.0);
        }
        QVERIFY(std::abs(total / 4 - 16.0) < 16.0 * 0.15);
        // An earlier window replays the workload from its start.
        const std::vector<double> again = oracle.serviceRates(0, frame);
        double first = 0.0;
        for (double r : again)
            first += r;
        QVERIFY(std::abs(first - std::accumulate(counted.begin(), counted.begin() + 150, 0.0)) <
                1e-9);
    }

    /**
     * One eAP, two nodes of 2 and 1 cores, one service of 100 ms requests at
     * 30/s and u = 0.6: the LP's optimum serves 12/s on the big node (1.2 of its
     * 2 cores), 6/s on the small one and sends the other ~12/s to the cloud; at
     * 15/s the edge serves everything.
     */
    void dispatchFollowsTheShadowSchedule_data()
    {
        QTest::addColumn<double>("rate");
        QTest::addColumn<double>("big");
        QTest::addColumn<double>("small");
        QTest::addColumn<double>("cloud");
        QTest::newRow("overloaded") << 30.0 << 0.4 << 0.2 << 0.4;
        QTest::newRow("light") << 15.0 << -1.0 << -1.0 << 0.0;
    }
    void dispatchFollowsTheShadowSchedule()
    {
        QFETCH(double, rate);
        QFETCH(double, big);
        QFETCH(double, small);
        QFETCH(double, cloud);
        const std::string yaml = R"(schedlab: 1
name: two-nodes
time: {slot: 250ms, frame: 100, duration: 200s, dispatch_per_slot: 0}
layers: {base: 10MB}
images:
  - {name: one:1, variants: [{arch: amd64, layers: [base]}]}
services:
  - name: one
    image: one:1
    replica: {cpu: 100m, memory: 128Mi}
    request: {work: 100ms, size: 1KB, deadline: 2s}
    replicas: {edge: 6, min: 1, max: 10}
sites:
  - name: edge
    kind: edge
    eaps:
      - name: eap
        nodes:
          - {name: big, arch: amd64, cpu: 2, memory: 4Gi}
          - {name: small, arch: amd64, cpu: 1, memory: 4Gi}
  - name: cloud
    kind: cloud
    nodes: [{name: vm, arch: amd64, cpu: 8, memory: 32Gi}]
workload:
  requests: {kind: poisson, rate: )" + std::to_string(int(rate)) + R"(/s}
policies: {dispatch: gsp-ss, dequeue: fifo, orchestration: static, placement: kube-default}
)";
        const ScenarioLoad load = loadScenarioText(yaml);
        QVERIFY2(load.ok(), load.errors.empty() ? "" : load.errors.front().format().c_str());
        struct Count final : SimObserver
        {
            std::map<int, int> at;
            int all = 0;
            double from = 25.0; // after the first frame: every replica is ready
            void onDispatch(const SimState &st, std::int32_t, int, int target) override
            {
                if (st.now < from)
                    return;
                ++at[target];
                ++all;
            }
        } count;
        RunOptions o;
        o.seed = 9;
        o.policies = load.scenario->policies;
        Engine engine(*load.scenario, buildPolicySet(o), o.config());
        engine.addObserver(&count);
        engine.run();
        QVERIFY(count.all > 1000);
        const auto &nodes = engine.state().topology->nodes;
        const auto id = [&](const char *name) {
            return int(std::find_if(nodes.begin(), nodes.end(),
                                    [&](const NodeInfo &n) { return n.name == name; }) -
                       nodes.begin());
        };
        const int bigId = id("big"), smallId = id("small");
        const double share[3] = {double(count.at[bigId]) / count.all,
                                 double(count.at[smallId]) / count.all,
                                 double(count.at[kCloud]) / count.all};
        const double want[3] = {big, small, cloud};
        for (int i = 0; i < 3; ++i)
            if (want[i] >= 0)
                QVERIFY2(std::abs(share[i] - want[i]) < 0.03,
                         qPrintable(QString("target %1: share %2, the LP says %3")
                                        .arg(i)
                                        .arg(share[i])
                                        .arg(want[i])));
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
