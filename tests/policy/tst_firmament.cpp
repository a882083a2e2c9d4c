// SPDX-License-Identifier: GPL-3.0-or-later
// Firmament dispatch (KaiS V): the slot's flow network, its solution, the
// resource-context mask and the round trip to the central scheduler.
#include "common/bundledscenario.h"
#include "engine/engine.h"
#include "experiment/comparison.h"
#include "policy/dispatch/dispatchpolicies.h"
#include "policy/dispatch/schedulingnetwork.h"
#include "registry/buildpolicies.h"
#include "scenario/scenarioio.h"

#include <QtTest>
#include <algorithm>

using namespace schedlab;

namespace {
/** Runs Firmament and checks each of its decisions against the slot's mask. */
class CheckedFirmament final : public DispatchPolicy
{
public:
    std::unique_ptr<DispatchPolicy> inner = makeFirmamentDispatch();
    int slots = 0, toEdge = 0, toCloud = 0, outsideMask = 0, withoutReadyReplica = 0;

    void reset(const SimState &state) override { inner->reset(state); }
    bool centralised() const override { return inner->centralised(); }
    double decisionDelay(int eap) const override { return inner->decisionDelay(eap); }
    void beginSlot(const SimState &state, const std::vector<SlotRequest> &batch) override
    {
        ++slots;
        inner->beginSlot(state, batch);
    }
    int dispatch(const DispatchContext &ctx) override
    {
        const int target = inner->dispatch(ctx);
        if (target == kCloud) {
            ++toCloud;
            return target;
        }
        ++toEdge;
        if (std::find(ctx.candidates.begin(), ctx.candidates.end(), target) == ctx.candidates.end())
            ++outsideMask;
        if (ctx.state.ready(target, int(ctx.request.service)) == 0)
            ++withoutReadyReplica;
        return target;
    }
};

std::string deterministicText(const RunResult &r)
{
    std::string out;
    for (const MetricValue &m : r.metrics)
        if (!m.wallClock)
            out += m.name + "=" + std::to_string(m.value) + "\n";
    return out;
}
} // namespace

class TestFirmament : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void flowIsOptimalOnHandCheckedNetwork()
    {
        // Requests 0 and 1 wait at one eAP for one service (class A), request 2 for
        // another (class B) that only node 0 hosts. By hand, over all placements:
        //   2->n0, A->{n0, n1}: 10 + 10 + 30 + (0 + 40) + 5 = 95   <- optimum
        //   2->n0, A->{n1, n1}: 10 + 30 + 30 + 0 + (5 + 25) = 100
        //   2->cloud, A->{n0, n1}: 60 + 10 + 30 + 0 + 5     = 105
        //   2->cloud, A->{n0, n0}: 60 + 10 + 10 + (0 + 40)  = 120
        //   2->n0, A->{n0, n0}: 30 + (0 + 40 + 80)          = 150
        //   any A request to the cloud costs 100 + ...      >= 145
        SchedulingNetwork net;
        net.requestCount = 3;
        net.classes.push_back({{0, 1}, {{0, 10}, {1, 30}}, 100});
        net.classes.push_back({{2}, {{0, 10}}, 60});
        net.nodeMarginal = {{0, 40, 80}, {5, 25}};
        const auto plan = solveSchedulingNetwork(net);
        QVERIFY(plan);
        QCOMPARE(plan->cost, std::int64_t(95));
        // Within class A the cheaper arc (n0) goes to the request first in Ψ order.
        QCOMPARE(plan->target, (std::vector<int>{0, 1, 0}));
    }

    void congestedNodesSendToTheCloud()
    {
        // One node, steeply convex: the second request is cheaper in the cloud.
        SchedulingNetwork net;
        net.requestCount = 2;
        net.classes.push_back({{0, 1}, {{0, 10}}, 50});
        net.nodeMarginal = {{0, 100}};
        const auto plan = solveSchedulingNetwork(net);
        QVERIFY(plan);
        QCOMPARE(plan->cost, std::int64_t(60));
        QCOMPARE(plan->target, (std::vector<int>{0, kCloud}));
    }

    void rejectsANetworkNamingAMissingNode()
    {
        SchedulingNetwork net;
        net.requestCount = 1;
        net.classes.push_back({{0}, {{3, 10}}, 50});
        net.nodeMarginal = {{0}};
        QVERIFY(!solveSchedulingNetwork(net));
    }

    void respectsTheResourceContextMask()
    {
        const Scenario s = test::bundledScenario("kais-edge-cloud");
        CheckedFirmament checked;
        RunOptions options;
        options.seed = 3;
        options.duration = 60.0;
        options.policies = s.policies;
        PolicySet given;
        given.dispatch = PolicySlot<DispatchPolicy>::lent(checked);
        Engine engine(s, buildPolicySet(options, std::move(given)), options.config());
        const RunResult r = engine.run();
        QVERIFY(checked.slots > 100);
        QVERIFY(checked.toEdge > 100);
        QCOMPARE(checked.outsideMask, 0);
        QCOMPARE(checked.withoutReadyReplica, 0);
        QVERIFY(r.find("scheduling_delay_ms_mean"));
    }

    void waitsForTheCentralSchedulersRoundTrip()
    {
        const Scenario s = test::bundledScenario("kais-edge-cloud");
        PolicySelection firmament = s.policies, greedy = s.policies;
        firmament.dispatch = "firmament";
        const RunResult central = runScenario(s, firmament, 1, 60.0);
        const RunResult local = runScenario(s, greedy, 1, 60.0);
        QVERIFY(!local.find("scheduling_delay_ms_mean"));
        // Reports up and decisions back over the eAPs' WAN links (100 ms each way).
        const double delay = central.value("scheduling_delay_ms_mean");
        QVERIFY2(delay >= 200.0 && delay < 210.0, qPrintable(QString::number(delay)));
        QVERIFY(central.value("response_ms_p50") > local.value("response_ms_p50") + 150.0);
    }

    void theScenarioSetsTheRoundTripsCosts()
    {
        Scenario s = test::bundledScenario("kais-edge-cloud");
        PolicySelection firmament = s.policies;
        firmament.dispatch = "firmament";
        const double before = runScenario(s, firmament, 1, 30.0).value("scheduling_delay_ms_mean");
        s.centralDispatch.solve = 0.3; // simulated solve time
        const double slower = runScenario(s, firmament, 1, 30.0).value("scheduling_delay_ms_mean");
        QVERIFY2(std::abs(slower - before - 300.0) < 1.0,
                 qPrintable(QString("%1 -> %2").arg(before).arg(slower)));
        s.centralDispatch = {};
        s.centralDispatch.nodeReport = 2e6; // 2 MB a node: the upload takes far longer
        QVERIFY(runScenario(s, firmament, 1, 30.0).value("scheduling_delay_ms_mean") >
                before + 500.0);
    }

    void sameSeedSameNumbers()
    {
        const Scenario s = test::bundledScenario("kais-edge-cloud");
        PolicySelection p = s.policies;
        p.dispatch = "firmament";
        const RunResult a = runScenario(s, p, 5, 60.0);
        const RunResult b = runScenario(s, p, 5, 60.0);
        const RunResult c = runScenario(s, p, 6, 60.0);
        QCOMPARE(deterministicText(a), deterministicText(b));
        QVERIFY(deterministicText(a) != deterministicText(c));
        QVERIFY(a.value("arrived") > 0);
    }
};

QTEST_GUILESS_MAIN(TestFirmament)
#include "tst_firmament.moc"
