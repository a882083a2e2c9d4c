// SPDX-License-Identifier: GPL-3.0-or-later
// The DRS family (DRS Sec. 3–5, Algorithm 2): the Q-network learns, the plain C++
// forward pass equals torch's, the pool holds at most N and the target follows
// every K steps, models round-trip and wrong shapes are refused, and trained `drs`
// beats `random` and `round-robin` on drs-five-node over seeds it never saw.
#include "common/bundledscenario.h"
#include "common/maxabsdiff.h"
#include "common/trained.h"
#include "env/drsenvironment.h"
#include "experiment/comparison.h"
#include "learn/drsgreedy.h"
#include "learn/drsmodel.h"
#include "learn/fastmlp.h"
#include "learn/learnedpolicies.h"
#include "placement/placementframework.h"
#include "registry/buildpolicies.h"
#include "registry/registry.h"
#include "scenario/scenarioio.h"
#include "state/podusage.h"
#include "state/random.h"
#include "train/dqntrainer.h"
#include "train/drsnets.h"
#include "train/ppotrainer.h"
#include "train/replaymemory.h"
#include "train/sactrainer.h"
#include "train/trainers.h"

#include <QtTest/QtTest>
#include <cmath>
#include <functional>

using namespace schedlab;

namespace {
std::vector<float> randomRows(Rng &rng, int rows, int width)
{
    std::vector<float> v(std::size_t(rows) * width);
    for (float &x : v)
        x = float(rng.uniform());
    return v;
}

using test::maxAbsDiff;

/** Mean eq. 14 reward per decision of one 300-pod episode. */
double episodeReward(DrsEnvironment &env, std::uint64_t seed,
                     const std::function<int(DrsEnvironment &)> &agent)
{
    env.reset(seed);
    double sum = 0.0;
    int n = 0;
    while (!env.done()) {
        sum += env.act(agent(env)).reward;
        ++n;
    }
    return sum / n;
}

std::vector<int> feasible(DrsEnvironment &env)
{
    std::vector<int> out;
    const auto ok = env.feasibleActions();
    for (int a = 0; a < env.nodeCount(); ++a)
        if (ok[a])
            out.push_back(a);
    if (out.empty())
        out.push_back(0);
    return out;
}
} // namespace

class TestDrsAgents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /** (y − Q(s, a))² on a fixed batch falls under Adam, plain and dueling. */
    void qLossFalls_data()
    {
        QTest::addColumn<bool>("dueling");
        QTest::newRow("dqn") << false;
        QTest::newRow("dueling") << true;
    }
    void qLossFalls()
    {
        QFETCH(bool, dueling);
        Rng rng(5);
        QNet q(30, 4, dueling, 3);
        const int batch = 64;
        const auto states = randomRows(rng, batch, 30);
        std::vector<int> actions;
        std::vector<float> targets;
        for (int i = 0; i < batch; ++i) {
            actions.push_back(int(rng.below(4)));
            targets.push_back(states[i * 30] + states[i * 30 + 1 + actions.back()]);
        }
        const double first = q.tdStep(states, actions, targets);
        double last = first;
        for (int k = 0; k < 300; ++k)
            last = q.tdStep(states, actions, targets);
        QVERIFY2(last < first / 10, qPrintable(QString("%1 -> %2").arg(first).arg(last)));
    }

    /** The networks a policy runs, in FastMlp, give torch's values within 1e-5. */
    void fastMlpEqualsTorch_data() { qLossFalls_data(); }
    void fastMlpEqualsTorch()
    {
        QFETCH(bool, dueling);
        Rng rng(9);
        QNet q(30, 4, dueling, 11);
        const auto states = randomRows(rng, 16, 30);
        std::vector<int> actions(16, 1);
        std::vector<float> targets(16, 0.5f);
        for (int k = 0; k < 20; ++k)
            q.tdStep(states, actions, targets); // trained weights, not just initial ones
        const FastMlp fast(q.weights(), FastMlp::Head::Linear);
        const auto torchQ = q.qValues(states);
        for (int i = 0; i < 16; ++i) {
            const std::span<const float> s(&states[i * 30], 30);
            QVERIFY(maxAbsDiff(fast.forward(s), std::span(&torchQ[i * 4], 4)) < 1e-5f);
        }
        PpoNet ppo(30, 4, 13);
        const FastMlp actor(ppo.actor(), FastMlp::Head::Linear);
        const std::vector<std::uint8_t> all(4, 1);
        const auto pi = ppo.policy(std::span(&states[0], 30), all);
        const auto logits = actor.forward(std::span(&states[0], 30));
        float z = 0.0f;
        for (float l : logits)
            z += std::exp(l);
        for (int a = 0; a < 4; ++a)
            QVERIFY(std::abs(std::exp(logits[a]) / z - pi[a]) < 1e-5f);
    }

    /** The pool keeps the latest N transitions and counts all of them. */
    void replayHoldsAtMostN()
    {
        ReplayMemory pool(300);
        for (int i = 0; i < 350; ++i) {
            Transition t;
            t.action = i;
            pool.store(std::move(t));
            QVERIFY(pool.size() <= 300);
        }
        QCOMPARE(pool.size(), 300);
        QCOMPARE(pool.counter(), 350L);
        Rng rng(1);
        for (const Transition *t : pool.sample(500, rng))
            QVERIFY(t->action >= 50); // the oldest 50 were replaced
    }

    /** Algorithm 2: learning starts once D.counter > N; the target copies the online
     *  network every K gradient steps; the pool never holds more than N. */
    void targetEveryKAndPoolAtMostN()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DqnConfig config;
        config.episodePods = 200;
        DqnTrainer trainer(s, test::trainOptions("drs", 2), DqnVariant::Dqn, config);
        TrainControl control;
        std::vector<TrainPoint> points;
        trainer.train(control, [&](const TrainPoint &p) { points.push_back(p); });
        QCOMPARE(int(points.size()), 2);
        QCOMPARE(trainer.replayCounter(), points.back().steps);
        QCOMPARE(trainer.replaySize(), 300);
        QCOMPARE(trainer.gradientSteps(), trainer.replayCounter() - 300);
        QCOMPARE(trainer.targetUpdates(), trainer.gradientSteps() / 50);
        QVERIFY(trainer.targetUpdates() >= 1);
        QVERIFY(std::isnan(points[0].criticLoss)); // the pool was not yet full
        QVERIFY(std::isfinite(points[1].criticLoss));
        QCOMPARE(points[1].explorationEpsilon, 0.1);
        QVERIFY(points[1].stepsPerSecond > 0);
    }

    /** A model survives saveModel/loadModel bit-exact, runs as a placement policy,
     *  and a model of other shapes is refused with a message that says which layer. */
    void modelRoundTripAndWrongShapes()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DqnConfig config;
        config.episodePods = 20;
        DqnTrainer dueling(s, test::trainOptions("dueling-dqn", 1), DqnVariant::Dueling, config);
        const LearnedModel m = dueling.model();
        QCOMPARE(m.agent, std::string("dueling-dqn"));
        QVERIFY(m.net("dueling-dqn.q") && m.net("dueling-dqn.value") &&
                m.net("dueling-dqn.advantage"));
        QCOMPARE(m.info.at("nodes"), std::string("4"));
        QCOMPARE(m.info.at("state_size"), std::string("30"));
        QCOMPARE(m.info.at("reward"), std::string("drs"));
        const QString path = QDir::temp().filePath("schedlab-drs-model.slm");
        saveModel(path.toStdString(), m);
        const LearnedModel back = loadModel(path.toStdString());
        QFile::remove(path);
        QVERIFY(back == m);
        QVERIFY(makeDrsPlacement("dueling-dqn", back) != nullptr);

        // Resuming from it works; from a model with another hidden width does not.
        TrainOptions resume = test::trainOptions("dueling-dqn", 1);
        resume.initial = std::make_shared<LearnedModel>(back);
        DqnTrainer again(s, resume, DqnVariant::Dueling, config);
        QVERIFY(again.model().nets == back.nets);
        LearnedModel wrong = back;
        DenseLayer &first = wrong.nets["dueling-dqn.value"].layers[0];
        first.out = 32;
        first.weight.resize(32 * 30);
        first.bias.resize(32);
        resume.initial = std::make_shared<LearnedModel>(wrong);
        try {
            DqnTrainer refused(s, resume, DqnVariant::Dueling, config);
            QFAIL("a model of other shapes was accepted");
        } catch (const CheckpointError &e) {
            QVERIFY2(QString(e.what()).contains("layer 0 is 32x30"), e.what());
        }
        // A policy refuses another agent's model, and a network not shaped for DRS.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makeDrsPlacement("drs", back));
        LearnedModel odd = back;
        odd.agent = "drs";
        odd.nets["drs.q"] = wrong.nets["dueling-dqn.value"];
        try {
            makeDrsPlacement("drs", odd);
            QFAIL("a network of the wrong shape was accepted");
        } catch (const std::invalid_argument &e) {
            QVERIFY2(QString(e.what()).contains("30-32-64-1"), e.what());
        }
    }

    /** Every agent of the family trains a short episode into a model a run can use. */
    void familyTrainsAndRuns_data()
    {
        QTest::addColumn<QString>("agent");
        for (const char *a : {"double-dqn", "ppo", "sac"})
            QTest::newRow(a) << QString(a);
    }
    void familyTrainsAndRuns()
    {
        QFETCH(QString, agent);
        const Scenario s = test::bundledScenario("drs-five-node");
        std::unique_ptr<Trainer> t;
        if (agent == "ppo") {
            PpoConfig c;
            c.episodePods = 40;
            t = std::make_unique<PpoTrainer>(s, test::trainOptions("ppo", 2), c);
        } else if (agent == "sac") {
            SacConfig c;
            c.episodePods = 40;
            c.replay = 30;
            t = std::make_unique<SacTrainer>(s, test::trainOptions("sac", 2), c);
        } else {
            DqnConfig c;
            c.episodePods = 40;
            c.replay = 30;
            t = std::make_unique<DqnTrainer>(s, test::trainOptions("double-dqn", 2),
                                             DqnVariant::Double, c);
        }
        TrainControl control;
        TrainPoint last;
        t->train(control, [&](const TrainPoint &p) { last = p; });
        QCOMPARE(last.episode, 1);
        QVERIFY(std::isfinite(last.reward) && std::isfinite(last.criticLoss));
        if (agent != "double-dqn")
            QVERIFY(std::isfinite(last.actorLoss) && last.entropy > 0);
        const LearnedModel m = t->model();
        Scenario run = s;
        run.policies.placement = agent.toStdString();
        RunOptions options;
        options.policies = run.policies;
        options.model = std::make_shared<LearnedModel>(m);
        options.duration = 400;
        Engine engine(run, buildPolicySet(options), options.config());
        const RunResult r = engine.run();
        int bound = 0;
        for (const Pod &p : engine.state().pods)
            bound += p.node > 0;
        QVERIFY(bound >= 15);
        Q_UNUSED(r);
    }

    /** `drs-family` trains every agent DRS compares into one model, from which each of
     *  their placement policies runs its own network; Table 5's reward agents learn
     *  with their own reward. */
    void drsFamilyBundlesEveryAgent()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        TrainOptions o = test::trainOptions("drs-family", 1);
        const std::unique_ptr<Trainer> t = makeTrainer(s, o);
        QCOMPARE(t->plannedEpisodes(), int(drsFamilyMembers().size()));
        TrainControl control;
        std::vector<std::string> stages;
        t->train(control, [&](const TrainPoint &p) { stages.push_back(p.stage); });
        QCOMPARE(stages, drsFamilyMembers());
        const LearnedModel m = t->model();
        QCOMPARE(m.agent, std::string(kDrsFamilyAgent));
        QCOMPARE(m.info.at("reward"), std::string("drs"));
        for (const std::string &agent : drsFamilyMembers()) {
            QVERIFY2(m.net(drsPolicyNetName(agent)), agent.c_str());
            QVERIFY(makeDrsPlacement(agent, m) != nullptr);
        }
        const std::unique_ptr<Trainer> deeprm = makeTrainer(s, test::trainOptions("deeprm", 1));
        deeprm->train(control, {});
        QCOMPARE(deeprm->model().agent, std::string("deeprm"));
        QCOMPARE(deeprm->model().info.at("reward"), std::string("deeprm"));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makeDrsPlacement("rlsk", deeprm->model()));
    }

    /** TrainOptions::reward picks Table 5's reward setting; an unknown one is refused. */
    void rewardSettings()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DqnConfig c;
        c.episodePods = 10;
        for (const char *reward : {"drs", "rlsk", "deeprm", "multi-deeprm"}) {
            TrainOptions o = test::trainOptions("drs", 1);
            o.reward = reward;
            DqnTrainer t(s, o, DqnVariant::Dqn, c);
            TrainControl control;
            TrainPoint last;
            t.train(control, [&](const TrainPoint &p) { last = p; });
            QVERIFY(std::isfinite(last.reward));
            if (std::string(reward).find("deeprm") != std::string::npos)
                QVERIFY(last.reward < 0); // −Σ 1/T_j over the pods in the system
            QCOMPARE(t.model().info.at("reward"), std::string(reward));
        }
        TrainOptions o = test::trainOptions("drs", 1);
        o.reward = "kais";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DqnTrainer(s, o, DqnVariant::Dqn, c));
    }

    /** Same seed, same weights; a stop between steps ends the run on a whole step. */
    void deterministicAndStoppable()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DqnConfig c;
        c.episodePods = 60;
        c.replay = 40;
        TrainControl control;
        DqnTrainer a(s, test::trainOptions("drs", 1, 4), DqnVariant::Dqn, c);
        DqnTrainer b(s, test::trainOptions("drs", 1, 4), DqnVariant::Dqn, c);
        a.train(control, {});
        b.train(control, {});
        QVERIFY(a.model().nets == b.model().nets);
        control.stop();
        DqnTrainer stopped(s, test::trainOptions("drs", 1, 4), DqnVariant::Dqn, c);
        int points = 0;
        stopped.train(control, [&](const TrainPoint &) { ++points; });
        QCOMPARE(points, 0);
        QCOMPARE(stopped.replayCounter(), 0L);
    }

    /**
     * What a learned policy sees in a run equals the training state: the pod's part
     * exactly (both read its template), the nodes' part whenever no pod started or
     * ended within the monitor's averaging window, i.e. at almost every decision.
     */
    void runTimeStateMatchesTraining()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DrsEnvironment env(s);
        const DrsStateLayout &layout = env.layout();
        env.reset(3);
        int decisions = 0, nodesEqual = 0;
        std::vector<UsageProfile> nodes(std::size_t(env.nodeCount()));
        std::vector<double> runTime(std::size_t(env.stateSize()));
        int turn = 0;
        while (!env.done()) {
            const SimState &state = env.engine().state();
            for (int a = 0; a < env.nodeCount(); ++a)
                nodes[a] = nodeUtilisation(state.topology->nodes[env.engineNode(a)],
                                           state.nodes[env.engineNode(a)]);
            layout.writeNodes(nodes, runTime);
            const PodRequest pod = env.engine().podRequest(env.pendingPod());
            QVERIFY(pod.spec);
            layout.writePod(*pod.spec, pod.cpuLimit > 0 ? pod.cpuLimit : pod.cpu, pod.memory,
                            runTime);
            const std::vector<double> &trained = env.observe();
            QVERIFY(std::equal(trained.end() - kMetricCount, trained.end(),
                               runTime.end() - kMetricCount));
            nodesEqual += std::equal(trained.begin(), trained.end() - kMetricCount, runTime.begin(),
                                     [](double a, double b) { return std::abs(a - b) < 1e-9; });
            ++decisions;
            env.act(turn++ % env.nodeCount());
        }
        qInfo("node states equal at %d of %d decisions", nodesEqual, decisions);
        QVERIFY(nodesEqual >= decisions * 9 / 10);
    }

    /** The check: `drs` trained on seeds 1..E earns more eq. 14 reward per
     *  decision than random and round-robin over 300 pods on unseen seeds. */
    void drsBeatsBaselines()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        const int episodes = qEnvironmentVariableIntValue("SCHEDLAB_DRS_EPISODES");
        QElapsedTimer timer;
        timer.start();
        DqnTrainer trainer(s, test::trainOptions("drs", episodes > 0 ? episodes : 4),
                           DqnVariant::Dqn);
        TrainControl control;
        trainer.train(control, [](const TrainPoint &p) {
            qInfo("episode %d: reward %.3f, TD loss %.5f, %.0f steps/s", p.episode, p.reward,
                  p.criticLoss, p.stepsPerSecond);
        });
        const qint64 trainMs = timer.elapsed();
        const DrsGreedy drs(trainer.model(), "drs");
        DrsEnvironment env(s);
        double learned = 0, random = 0, roundRobin = 0;
        for (std::uint64_t seed : {101, 102, 103}) {
            const double l = episodeReward(env, seed, [&](DrsEnvironment &e) {
                std::vector<char> ok = e.feasibleActions();
                const int a = drs.act(e.observe(), ok);
                return a < 0 ? 0 : a;
            });
            Rng rng(seed);
            const double r = episodeReward(env, seed, [&](DrsEnvironment &e) {
                const auto f = feasible(e);
                return f[rng.below(std::uint32_t(f.size()))];
            });
            int last = -1;
            const double rr = episodeReward(env, seed, [&](DrsEnvironment &e) {
                const auto ok = e.feasibleActions();
                for (int k = 1; k <= e.nodeCount(); ++k)
                    if (ok[(last + k) % e.nodeCount()])
                        return last = (last + k) % e.nodeCount();
                return 0;
            });
            qInfo("seed %d: drs %.3f, random %.3f, round-robin %.3f", int(seed), l, r, rr);
            learned += l;
            random += r;
            roundRobin += rr;
        }
        qInfo("training %lld ms; mean over 3 seeds: drs %.3f, random %.3f, round-robin %.3f",
              trainMs, learned / 3, random / 3, roundRobin / 3);
        QVERIFY(learned > random);
        QVERIFY(learned > roundRobin);
    }

    /** DRS Table 5 on the even workload: `drs` trained with the default budget
     *  leaves the nodes less unbalanced than kube-default, on the same unseen seeds. */
    void drsImbalanceBelowKubeDefault()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        const auto model = test::trained(s, test::trainOptions("drs", 0));
        PolicySelection drs = s.policies, kube = s.policies;
        drs.placement = "drs";
        kube.placement = "kube-default";
        double learned = 0.0, baseline = 0.0;
        for (std::uint64_t seed = 101; seed <= 106; ++seed) { // training ran seeds 1..20
            const double l = runScenario(s, drs, seed, 0.0, nullptr, model).value("imbalance");
            const double k = runScenario(s, kube, seed).value("imbalance");
            qInfo("seed %d: ImBalance drs %.4f, kube-default %.4f", int(seed), l, k);
            learned += l;
            baseline += k;
        }
        QVERIFY2(learned < baseline,
                 qPrintable(QString("drs %1, kube-default %2").arg(learned / 6).arg(baseline / 6)));
    }
};

QTEST_GUILESS_MAIN(TestDrsAgents)
#include "tst_drsagents.moc"
