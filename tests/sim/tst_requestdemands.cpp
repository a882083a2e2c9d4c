// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/testscenarios.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "scenario/scenarioio.h"

#include <QtTest>

using namespace schedlab;

namespace {
/** Every dispatch to an edge node, checked against what the node still has (eq. 4's F). */
struct RoomWatch final : SimObserver
{
    int toEdge = 0, toCloud = 0, overbooked = 0;
    int largeToEdge = 0; ///< requests sent to a node with fewer cores than they ask for
    double cpuSeen = 0.0, memorySeen = 0.0; ///< the largest demands dispatched
    void onDispatch(const SimState &state, std::int32_t id, int, int target) override
    {
        cpuSeen = std::max(cpuSeen, state.requests[std::size_t(id)].cpu);
        memorySeen = std::max(memorySeen, state.requests[std::size_t(id)].memory);
        if (target == kCloud) {
            ++toCloud;
            return;
        }
        ++toEdge;
        const Request &r = state.requests[std::size_t(id)];
        largeToEdge += r.cpu > state.topology->nodes[std::size_t(target)].cpu;
        const NodeState &ns = state.nodes[std::size_t(target)];
        const NodeInfo &info = state.topology->nodes[std::size_t(target)];
        if (ns.requestCpu + r.cpu > info.cpu + 1e-9 ||
            ns.requestMemory + r.memory > info.memory + 1e-9)
            ++overbooked;
    }
};

RoomWatch runWith(const Scenario &s, const char *dispatch)
{
    RunOptions o;
    o.seed = 3;
    o.policies = s.policies;
    o.policies.dispatch = dispatch;
    o.policies.orchestration = "static";
    Engine engine(s, buildPolicySet(o), o.config());
    RoomWatch watch;
    engine.addObserver(&watch);
    engine.run();
    return watch;
}

Scenario withDemands(double cpu, double memory)
{
    Scenario s = test::smallScenario(2, 3, 30.0);
    for (ServiceSpec &svc : s.services) {
        svc.work = Distribution::constant(0.4); // long enough that requests pile up on nodes
        svc.deadline = Distribution::constant(5.0);
        svc.requestCpu = Distribution::constant(cpu);
        svc.requestMemory = Distribution::constant(memory);
    }
    return s;
}
} // namespace

class TestRequestDemands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noPolicyDispatchesToANodeWithoutRoom_data()
    {
        QTest::addColumn<QString>("dispatch");
        for (const char *d : {"greedy", "random", "round-robin", "kube-default", "gsp-ss"})
            QTest::newRow(d) << d;
    }
    void noPolicyDispatchesToANodeWithoutRoom()
    {
        QFETCH(QString, dispatch);
        const RoomWatch w = runWith(withDemands(0.5, 256.0 * (1 << 20)), qPrintable(dispatch));
        QVERIFY(w.toEdge > 100);
        QCOMPARE(w.overbooked, 0);
    }

    void fMakesRequestsThatFitNowhereGoToTheCloud()
    {
        // 3 cores: more than any node of the small scenario has.
        const RoomWatch w = runWith(withDemands(3.0, 0.0), "greedy");
        QCOMPARE(w.toEdge, 0);
        QVERIFY(w.toCloud > 100);
        // Memory alone binds too.
        const RoomWatch m = runWith(withDemands(0.0, 1e15), "random");
        QCOMPARE(m.toEdge, 0);
    }

    void demandsSendMoreToTheCloudThanNone()
    {
        const RoomWatch none = runWith(withDemands(0.0, 0.0), "greedy");
        const RoomWatch some = runWith(withDemands(0.5, 0.0), "greedy");
        QCOMPARE(none.overbooked, 0);
        QVERIFY2(some.toCloud > none.toCloud,
                 qPrintable(QString("%1 vs %2").arg(some.toCloud).arg(none.toCloud)));
    }

    void traceRequestsCarryTheirTasksDemands()
    {
        // KaiS Sec. V: plan_cpu and plan_mem are a request's cpu and memory requirement.
        Scenario s = test::smallScenario(2, 3);
        s.workload.requests.kind = RequestWorkloadKind::Trace;
        s.workload.requests.traceFormat = "alibaba-2017";
        s.workload.requests.tracePath = SCHEDLAB_TEST_DATA "/traces/alibaba-2017-sample.csv";
        s.workload.requests.timeScale = 0.01;
        s.time.duration = 600.0;
        const RoomWatch w = runWith(s, "greedy");
        QVERIFY(w.toEdge + w.toCloud > 10);
        QCOMPARE(w.overbooked, 0);
        QVERIFY2(w.cpuSeen >= 0.5, qPrintable(QString::number(w.cpuSeen))); // 50 in the trace
        double largest = 0.0;
        for (const NodeSpec &n : s.sites[0].eaps[0].nodes)
            largest = std::max(largest, n.memory);
        QVERIFY(w.memorySeen > 0.0 && w.memorySeen < largest);
    }

    void patternOverATraceKeepsTheTasksDemands_data()
    {
        QTest::addColumn<QString>("dispatch");
        QTest::addColumn<int>("pattern");
        for (const char *d : {"greedy", "random", "round-robin", "kube-default", "gsp-ss"})
            for (const Pattern p : {Pattern::P1, Pattern::P4})
                QTest::addRow("%s P%d", d, int(p) + 1) << d << int(p);
    }
    void patternOverATraceKeepsTheTasksDemands()
    {
        // A pattern workload paced over a trace (`kind: pattern` with a `path`) replays
        // the trace's tasks, demands included: on nodes of 0.3 cores none of its tasks,
        // which ask for 0.4 cores or more, may go to the edge (eq. 4).
        QFETCH(QString, dispatch);
        QFETCH(int, pattern);
        Scenario s = test::smallScenario(2, 3);
        for (EapSpec &eap : s.sites[0].eaps)
            for (NodeSpec &n : eap.nodes)
                n.cpu = 0.3;
        for (ServiceSpec &svc : s.services)
            svc.replicaCpu = 0.1; // replicas fit; the tasks do not
        RequestWorkload &w = s.workload.requests;
        w.kind = RequestWorkloadKind::Pattern;
        w.pattern = Pattern(pattern);
        w.rate = 12.0;
        w.traceFormat = "alibaba-2017";
        w.tracePath = SCHEDLAB_TEST_DATA "/traces/alibaba-2017-sample.csv";
        s.time.duration = 60.0;
        const RoomWatch watch = runWith(s, qPrintable(dispatch));
        QVERIFY2(watch.cpuSeen >= 0.4, qPrintable(QString::number(watch.cpuSeen)));
        QVERIFY(watch.toCloud > 100);
        QCOMPARE(watch.overbooked, 0);
        QCOMPARE(watch.largeToEdge, 0);
    }

    void demandsAreReadWrittenAndChecked()
    {
        Scenario s = withDemands(0.25, 64.0 * (1 << 20));
        s.services[1].requestCpu = Distribution{Distribution::Kind::Uniform, 0.1, 0.5};
        const ScenarioLoad back = loadScenarioText(saveScenarioText(s));
        QVERIFY2(back.ok(), back.ok() ? "" : back.errors.front().format().c_str());
        QVERIFY(back.scenario->services == s.services);
        const std::string plain =
            saveScenarioText(test::smallScenario()); // no demands: not written
        const std::size_t request = plain.find("request: {");
        QVERIFY(request != std::string::npos);
        QVERIFY(plain.substr(request, plain.find('\n', request) - request).find("cpu") ==
                std::string::npos);

        s.services[0].requestCpu = Distribution::constant(-1.0);
        const auto errors = validateScenario(s);
        QVERIFY(std::any_of(errors.begin(), errors.end(), [](const ScenarioError &e) {
            return e.keyPath == "services[0].request.cpu";
        }));
    }
};

QTEST_APPLESS_MAIN(TestRequestDemands)
#include "tst_requestdemands.moc"
