// SPDX-License-Identifier: GPL-3.0-or-later
// GPG in the engine (KaiS Sec. III-B, eq. 12): scaling on chosen nodes with invalid
// actions executed as l = 0, the trainer's points and determinism, the learned
// `gpg` policy from the registry, and the direction of learning: with one service
// short of replicas, trained gpg adds replicas and queues less than `static`.
#include "common/testscenarios.h"
#include "common/trained.h"
#include "learn/gpgaction.h"
#include "train/gpglearner.h"
#include "learn/gpgstate.h"
#include "train/trainers.h"
#include "registry/registry.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"

#include <QtTest/QtTest>
#include <cmath>
#include <functional>

using namespace schedlab;

namespace {

/** Runs `script` at every frame boundary of site 0 (an orchestration plane for tests). */
class ScriptedOrchestration final : public OrchestrationPolicy
{
public:
    std::function<void(OrchestrationContext &)> script;
    void onFrame(OrchestrationContext &ctx) override { script(ctx); }
};

struct Outcome
{
    double throughputRate = 0.0;
    double meanQueue = 0.0; ///< Σ_n |Q'_n| over edge nodes, averaged over slots
    int heavyReplicas = 0;  ///< of svc-1 at the end
};

class QueueWatch final : public SimObserver
{
public:
    double sum = 0.0;
    long slots = 0;
    void onSlot(const SimState &state) override
    {
        for (int n = 0; n < state.topology->edgeCount; ++n)
            sum += double(state.nodes[n].queue.size());
        ++slots;
    }
};

Outcome runWith(const Scenario &scenario, const std::string &orchestration,
                std::shared_ptr<const LearnedModel> model, std::uint64_t seed)
{
    RunOptions run;
    run.seed = seed;
    run.policies = scenario.policies;
    run.policies.orchestration = orchestration;
    run.model = std::move(model);
    Engine engine(scenario, buildPolicySet(run), run.config());
    QueueWatch watch;
    engine.addObserver(&watch);
    const RunResult r = engine.run();
    Outcome o;
    o.throughputRate = r.value("throughput_rate");
    o.meanQueue = watch.slots ? watch.sum / watch.slots : 0.0;
    for (int n = 0; n < engine.topology().edgeCount; ++n)
        o.heavyReplicas += engine.state().ready(n, 0) + engine.state().pending(n, 0);
    return o;
}

std::vector<TrainPoint> train(const Scenario &scenario, int episodes, std::uint64_t seed,
                              LearnedModel *model)
{
    auto trainer = makeGpgTrainer(scenario, test::trainOptions("gpg", episodes, seed));
    TrainControl control;
    std::vector<TrainPoint> points;
    trainer->train(control, [&](const TrainPoint &p) { points.push_back(p); });
    if (model)
        *model = trainer->model();
    return points;
}

} // namespace

class TestGpgTraining : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /** Valid actions scale the chosen node; invalid ones (no room, past max, below
     *  min, nothing to delete) change nothing and are reported as l = 0. */
    void invalidScalingActionsBecomeNothing()
    {
        Scenario s = test::underProvisionedScenario();
        s.services[0].replicaCpu = 1.5; // fits only the 2-core nodes, once each
        s.services[0].replicas = {0, 0, 2};
        ScriptedOrchestration script;
        std::vector<std::vector<std::uint8_t>> applied;
        std::vector<std::vector<int>> counts;
        int frame = 0;
        script.script = [&](OrchestrationContext &ctx) {
            const GpgSiteGraph graph(*ctx.state().topology, 2, ctx.site());
            const GpgLayout &l = graph.layout();
            GpgAction a;
            switch (frame++) {
            case 0: // add svc-1 on node 0 (2 cores) and on node 1 (1 core: no room)
                a.nodes = {0, 1};
                a.scaling = {l.addAction(0), l.addAction(0)};
                break;
            case 1: // add on node 2 (room), then again on node 2 (past max = 2... full)
                a.nodes = {2, 0};
                a.scaling = {l.addAction(0), l.addAction(0)};
                break;
            case 2: // delete svc-1 where there is none; nothing
                a.nodes = {1, 2};
                a.scaling = {l.deleteAction(0), l.noAction()};
                break;
            case 3: // delete svc-1 on node 0, then svc-2 below min... svc-2 has 2, min 1
                a.nodes = {0, 1};
                a.scaling = {l.deleteAction(0), l.deleteAction(1)};
                break;
            default:
                return;
            }
            a.applied.assign(a.nodes.size(), 9);
            applyGpgAction(a, graph, ctx);
            applied.push_back(a.applied);
            counts.push_back({ctx.edgeReplicas(0), ctx.edgeReplicas(1)});
        };
        RunOptions run;
        run.policies = s.policies;
        PolicySet given;
        given.orchestration = PolicySlot<OrchestrationPolicy>::lent(script);
        Engine engine(s, buildPolicySet(run, std::move(given)), run.config());
        engine.run();
        QCOMPARE(int(applied.size()), 4);
        QCOMPARE(applied[0], (std::vector<std::uint8_t>{1, 0}));
        QCOMPARE(applied[1], (std::vector<std::uint8_t>{1, 0}));
        QCOMPARE(applied[2], (std::vector<std::uint8_t>{0, 0}));
        const int svc2Before = counts[2][1];
        QCOMPARE(counts[0][0], 1);
        QCOMPARE(counts[1][0], 2);
        QCOMPARE(counts[2][0], 2);
        QCOMPARE(counts[3][0], 1);
        // svc-2: deleted on node 1 only if node 1 holds one and the site keeps min 1.
        QCOMPARE(counts[3][1], applied[3][1] ? svc2Before - 1 : svc2Before);
        QVERIFY(counts[3][1] >= 1);
    }

    /** One point per episode with finite numbers; the same seed gives the same weights. */
    void trainerReportsAndIsDeterministic()
    {
        const Scenario s = test::underProvisionedScenario();
        LearnedModel a, b;
        const auto points = train(s, 3, 5, &a);
        train(s, 3, 5, &b);
        QCOMPARE(int(points.size()), 3);
        for (const TrainPoint &p : points) {
            QVERIFY(p.episodeDone);
            QVERIFY(p.reward > 0.0 && p.reward <= 1.0);
            QVERIFY(std::isfinite(p.actorLoss));
            QVERIFY(p.entropy > 0.0);
            QVERIFY(p.throughputRate > 0.0 && p.throughputRate <= 1.0);
            QVERIFY(p.stepsPerSecond > 0.0);
        }
        QCOMPARE(points.back().steps, 3L * 11);
        QCOMPARE(a.agent, std::string("gpg"));
        QVERIFY(a == b);
        LearnedModel c;
        train(s, 3, 6, &c);
        QVERIFY(!(a == c));
    }

    /** The registry's `gpg` needs a model, and one for another W is refused. */
    void policyNeedsAFittingModel()
    {
        PolicySelection gpg;
        gpg.orchestration = "gpg";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildPolicySet(gpg, nullptr));
        const Scenario s = test::underProvisionedScenario();
        GpgLearner other(3, {});
        auto model = std::make_shared<const LearnedModel>(other.model());
        try {
            runWith(s, "gpg", model, 1);
            QFAIL("a model for 3 services ran on a scenario with 2");
        } catch (const std::invalid_argument &e) {
            QVERIFY2(std::string(e.what()).find("3 services") != std::string::npos, e.what());
        }
    }

    /** The direction of learning: trained gpg adds svc-1 replicas and leaves shorter
     *  queues than `static`, on held-out workload seeds. */
    void learnsToScaleTheShortService()
    {
        const Scenario s = test::underProvisionedScenario();
        LearnedModel trained;
        const auto points = train(s, 200, 1, &trained); // ~1 s: 11 decisions an episode
        const auto model = std::make_shared<const LearnedModel>(trained);
        double gpgQueue = 0.0, staticQueue = 0.0;
        for (std::uint64_t seed : {1001u, 1002u, 1003u}) {
            const Outcome fixed = runWith(s, "static", nullptr, seed);
            const Outcome gpg = runWith(s, "gpg", model, seed);
            qInfo("seed %llu: static queue %.2f rate %.3f, gpg queue %.2f rate %.3f, "
                  "svc-1 replicas %d",
                  (unsigned long long)seed, fixed.meanQueue, fixed.throughputRate, gpg.meanQueue,
                  gpg.throughputRate, gpg.heavyReplicas);
            QVERIFY(gpg.heavyReplicas > fixed.heavyReplicas);
            gpgQueue += gpg.meanQueue;
            staticQueue += fixed.meanQueue;
        }
        QVERIFY2(gpgQueue < 0.7 * staticQueue,
                 qPrintable(QString("queue gpg %1, static %2").arg(gpgQueue).arg(staticQueue)));
        const auto meanReward = [&](std::size_t from) {
            double sum = 0.0;
            for (std::size_t k = from; k < from + 20; ++k)
                sum += points[k].reward;
            return sum / 20;
        };
        QVERIFY(meanReward(points.size() - 20) > meanReward(0));
    }
};

QTEST_GUILESS_MAIN(TestGpgTraining)
#include "tst_gpgtraining.moc"
