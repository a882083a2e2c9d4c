// SPDX-License-Identifier: GPL-3.0-or-later
// The DRS environment on drs-five-node: the paper's workloads, the state vector of
// eq. 7–9, pods through the engine's life cycle, the back-off of unbindable
// actions, the reward settings of Table 5, determinism, and a scripted agent that
// beats random actions.
#include "common/bundledscenario.h"
#include "common/scenarioerrors.h"
#include "env/drsenvironment.h"
#include "experiment/comparison.h"
#include "registry/buildpolicies.h"
#include "scenario/scenarioio.h"
#include "state/random.h"
#include "workload/podarrivals.h"

#include <QtTest/QtTest>
#include <cmath>
#include <functional>
#include <map>

using namespace schedlab;

namespace {
/** The feasible node whose six utilisations sum lowest (lowest index on ties). */
int leastLoaded(DrsEnvironment &env)
{
    const std::vector<char> ok = env.feasibleActions();
    const std::vector<double> &s = env.observe();
    int best = -1;
    double bestLoad = 0.0;
    for (int a = 0; a < env.nodeCount(); ++a) {
        if (!ok[a])
            continue;
        double load = 0.0;
        for (int c = 0; c < kMetricCount; ++c)
            load += s[std::size_t(a) * kMetricCount + c];
        if (best < 0 || load < bestLoad)
            best = a, bestLoad = load;
    }
    return best < 0 ? 0 : best;
}

struct Trajectory
{
    std::vector<int> actions;
    std::vector<double> rewards;
    std::vector<double> states; ///< every observation, concatenated
    double total = 0.0;
};

Trajectory runEpisode(DrsEnvironment &env, std::uint64_t seed,
                      const std::function<int(DrsEnvironment &)> &agent)
{
    Trajectory t;
    env.reset(seed);
    while (!env.done()) {
        t.states.insert(t.states.end(), env.observe().begin(), env.observe().end());
        const int a = agent(env);
        const StepResult r = env.act(a);
        t.actions.push_back(a);
        t.rewards.push_back(r.reward);
        t.total += r.reward;
    }
    return t;
}
} // namespace

class TestDrsEnvironment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /** Sec. 5.2's three workloads in the stream format: even 1:1:1 every 20 s, random
     *  1:1:1 with N(20 s, 1 s) gaps, CPU 4:1:1 every 20 s; each survives a save and load. */
    void drsWorkloads_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::addColumn<int>("videos");
        QTest::addColumn<bool>("normalGaps");
        QTest::newRow("even") << "even" << 100 << false;
        QTest::newRow("random") << "random" << 100 << true;
        QTest::newRow("cpu") << "cpu" << 200 << false;
    }

    void drsWorkloads()
    {
        QFETCH(QString, workload);
        QFETCH(int, videos);
        QFETCH(bool, normalGaps);
        Scenario s = test::bundledScenario("drs-five-node");
        DeploymentStream &d = s.workload.deployments[0];
        if (workload == "random") {
            d.arrival = PodArrivalKind::Gap;
            d.gap = {Distribution::Kind::Normal, 20.0, 1.0};
        } else if (workload == "cpu") {
            d.pods[0].weight = 4;
        }
        const ScenarioLoad again = loadScenarioText(saveScenarioText(s), "w.yaml");
        QVERIFY(again.ok());
        QVERIFY(again.scenario->workload == s.workload);
        const std::vector<PodArrival> pods = drawPodArrivals(*again.scenario, 7);
        QCOMPARE(int(pods.size()), 300);
        int count[3] = {0, 0, 0};
        double sum = 0.0, squares = 0.0;
        for (std::size_t i = 0; i < pods.size(); ++i) {
            ++count[pods[i].pod];
            QVERIFY(pods[i].cpu >= 0.2 && pods[i].cpu <= 0.5);
            if (i == 0)
                continue;
            const double gap = pods[i].time - pods[i - 1].time;
            sum += gap, squares += gap * gap;
            if (!normalGaps)
                QVERIFY(std::abs(gap - 20.0) < 1e-9);
        }
        QCOMPARE(count[0], videos);
        QCOMPARE(count[1], (300 - videos) / 2);
        QCOMPARE(count[2], (300 - videos) / 2);
        const double mean = sum / 299, sd = std::sqrt(std::max(0.0, squares / 299 - mean * mean));
        QVERIFY(std::abs(mean - 20.0) < 0.2);
        QVERIFY(normalGaps ? sd > 0.8 && sd < 1.2 : sd < 1e-6);
    }

    /** Eq. 7–9: 4 workers × 6 + the pod's 6, all in [0, 1]; the reward is eq. 14 of the
     *  monitor's states; pods are bound by the engine, never on the master. */
    void stateRewardAndLifeCycle()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DrsEnvironment env(s);
        QCOMPARE(env.nodeCount(), 4);
        QCOMPARE(env.stateSize(), 30);
        env.reset(1);
        const double meanMemory = (4.0 + 2.0 + 4.0 + 4.0) / 4 * double(1 << 30);
        double maxNode = 0.0;
        int bound = 0;
        while (!env.done()) {
            const std::vector<double> &state = env.observe();
            QCOMPARE(int(state.size()), 30);
            for (double v : state)
                QVERIFY(v >= 0.0 && v <= 1.0);
            for (int i = 0; i < 24; ++i)
                maxNode = std::max(maxNode, state[i]);
            QCOMPARE(state[24 + int(Metric::Memory)], 256.0 * (1 << 20) / meanMemory);
            const int pod = env.pendingPod();
            const std::vector<char> ok = env.feasibleActions();
            const bool fits = std::find(ok.begin(), ok.end(), 1) != ok.end();
            const StepResult r = env.act(leastLoaded(env));
            QCOMPARE(int(env.rewardStates().size()), 4);
            QCOMPARE(r.reward, drsReward(clusterUtilisation(env.rewardStates())));
            QCOMPARE(r.reward, env.reward());
            QCOMPARE(r.bound, fits); // a full cluster: the pod backs off and comes again
            bound += r.bound;
            if (r.bound)
                QVERIFY(env.engine().state().pods[pod].node != 0);
        }
        QVERIFY(maxNode > 0.2);     // pods do load the workers
        QCOMPARE(bound, 300);       // every pod is placed in the end
        QVERIFY(env.steps() > 300); // some after backing off
        QCOMPARE(env.podsResolved(), 300);
        int running = 0;
        for (const Pod &p : env.engine().state().pods)
            running += p.phase == PodPhase::Running || p.phase == PodPhase::Succeeded;
        QCOMPARE(running, 300);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, env.act(0));
        const RunResult run = env.finish();
        QVERIFY(std::any_of(run.metrics.begin(), run.metrics.end(),
                            [](const MetricValue &m) { return m.name == "drs_reward"; }));
    }

    /** A pod retried after a back-off and a new pod due at the same instant each get
     *  the node decided for them, whatever order the engine reaches them in. */
    void decisionsGoToTheirOwnPods()
    {
        const ScenarioLoad load = loadScenarioText(R"(schedlab: 1
name: same-instant
time: {slot: 100ms, frame: 60, duration: 2m}
layers: {base: 31MB}
images:
  - name: app:1
    variants:
      - {arch: amd64, layers: [base]}
services: []
sites:
  - name: cluster
    kind: edge
    eaps:
      - name: e
        nodes:
          - {name: n1, arch: amd64, cpu: 2, memory: 4Gi, disk: 20Gi, bandwidth: 200Mbps}
          - {name: n2, arch: amd64, cpu: 2, memory: 1Mi, disk: 20Gi, bandwidth: 200Mbps}
          - {name: n3, arch: amd64, cpu: 2, memory: 4Gi, disk: 20Gi, bandwidth: 200Mbps}
workload:
  requests: {kind: none}
  deployments:
    - name: web
      count: 4
      arrival: {every: 1s}
      pods:
        - {name: p, image: app:1, cpu: 100m, memory: 64Mi, duration: 5m}
policies: {}
)",
                                                   "same-instant.yaml");
        QVERIFY2(load.ok(), qPrintable(test::allErrors(load)));
        DrsEnvConfig config;
        config.episodePods = 4;
        config.settle = 0.1;
        DrsEnvironment env(*load.scenario, config);
        env.reset(1);
        std::map<int, int> last; // pod -> the action last chosen for it
        while (!env.done()) {
            const int pod = env.pendingPod();
            // Pod 0 first goes to n2, which cannot hold it: it comes back 1 s later,
            // exactly when pod 1 arrives.
            const int action = last.count(pod) == 0 && pod == 0 ? 1 : (pod % 2 == 0 ? 0 : 2);
            last[pod] = action;
            env.act(action);
        }
        QCOMPARE(int(last.size()), 4);
        for (const auto &[pod, action] : last)
            QCOMPARE(env.engine().state().pods[pod].node, env.engineNode(action));
    }

    /** Sec. 3.2: a pod that cannot be bound to the chosen node waits in the back-off
     *  queue and is decided again; the filters' verdict is offered as a mask. */
    void unbindableActionBacksOff()
    {
        Scenario s = test::bundledScenario("drs-five-node");
        for (PodTemplate &t : s.workload.deployments[0].pods)
            t.memory = Distribution::constant(3.0 * (1 << 30)); // node2 has 2 Gi
        DrsEnvironment env(s);
        env.reset(3);
        QCOMPARE(env.feasibleActions(), (std::vector<char>{1, 0, 1, 1}));
        const int pod = env.pendingPod();
        const double before = env.engine().state().now;
        const StepResult r = env.act(1);
        QVERIFY(!r.bound);
        QCOMPARE(env.pendingPod(), pod);
        QCOMPARE(env.engine().state().pods[pod].attempts, 1);
        const double retried = env.engine().state().now;
        QVERIFY(retried >= before + 0.9 && retried < before + 1.2);
        env.act(1); // again: the back-off doubles
        QCOMPARE(env.engine().state().pods[pod].attempts, 2);
        QCOMPARE(env.pendingPod(), pod);
        QVERIFY(env.engine().state().now >= retried + 1.9);
        QVERIFY(env.act(0).bound);
        QVERIFY(env.pendingPod() != pod);
        QCOMPARE(env.steps(), 3);
    }

    void sameSeedSameTrajectory()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DrsEnvConfig config;
        config.episodePods = 60;
        DrsEnvironment env(s, config);
        const auto randomAgent = [](std::uint64_t seed) {
            return [rng = Rng::stream(seed, "test.agent")](DrsEnvironment &e) mutable {
                return int(rng.below(std::uint32_t(e.nodeCount())));
            };
        };
        const Trajectory a = runEpisode(env, 5, randomAgent(1));
        const Trajectory b = runEpisode(env, 5, randomAgent(1));
        QCOMPARE(a.actions, b.actions);
        QCOMPARE(a.rewards, b.rewards);
        QCOMPARE(a.states, b.states);
        const Trajectory c = runEpisode(env, 6, randomAgent(1));
        QVERIFY(a.states != c.states); // the seed draws the pods' cpu requests
    }

    /** A least-loaded scripted agent keeps the workers more even (eq. 13) than random
     *  actions: the state tells the agent what balancing needs. */
    void scriptedBalancesBetterThanRandom()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DrsEnvironment env(s);
        const auto meanImbalance = [&](std::uint64_t seed, auto agent) {
            env.reset(seed);
            double sum = 0.0;
            int steps = 0;
            while (!env.done()) {
                env.act(agent(env));
                sum += clusterUtilisation(env.rewardStates()).imbalance;
                ++steps;
            }
            return sum / steps;
        };
        for (std::uint64_t seed : {1, 2}) {
            Rng rng = Rng::stream(seed, "test.random-agent");
            const double scripted = meanImbalance(seed, leastLoaded);
            const double random = meanImbalance(seed, [&](DrsEnvironment &e) {
                return int(rng.below(std::uint32_t(e.nodeCount())));
            });
            QVERIFY2(scripted < random,
                     qPrintable(QString("scripted %1, random %2").arg(scripted).arg(random)));
        }
    }

    /** Table 5's settings: RLSK sees cpu and memory only; DeepRM pays for pods in the system. */
    void rewardSettings()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        DrsEnvConfig config;
        config.episodePods = 20;
        config.reward.kind = RewardKind::Rlsk;
        DrsEnvironment rlsk(s, config);
        rlsk.reset(2);
        const Metric cm[] = {Metric::Cpu, Metric::Memory};
        while (!rlsk.done()) {
            const double r = rlsk.act(leastLoaded(rlsk)).reward;
            QCOMPARE(r, drsReward(clusterUtilisation(rlsk.rewardStates(), cm)));
        }
        config.reward.kind = RewardKind::DeepRm;
        config.settle = 1e9; // the reward is then read at the next decision, where the test looks
        DrsEnvironment deeprm(s, config);
        deeprm.reset(2);
        while (!deeprm.done()) {
            const double r = deeprm.act(leastLoaded(deeprm)).reward;
            const SimState &st = deeprm.engine().state();
            double sum = 0.0;
            int inSystem = 0;
            for (const Pod &p : st.pods)
                if (p.arrival <= st.now && p.phase != PodPhase::Succeeded &&
                    p.phase != PodPhase::Failed)
                    sum += 1.0 / p.duration, ++inSystem;
            QVERIFY(inSystem >= 1); // the pod just placed runs for 40–55 s
            QCOMPARE(r, -sum);
        }
    }

    /** run and compare report avg_util, imbalance and drs_reward = eq. 14 of the two. */
    void runReportsDrsReward()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        const RunResult r = runScenario(s, s.policies, s.seed, 600.0);
        const auto value = [&](const std::string &name) {
            for (const MetricValue &m : r.metrics)
                if (m.name == name)
                    return m.value;
            return std::nan("");
        };
        QVERIFY(value("avg_util") > 0.01);
        QVERIFY(value("imbalance") > 0.0);
        QCOMPARE(value("drs_reward"), 100 * value("avg_util") - 200 * value("imbalance"));
    }

    /** Without the environment: the engine consults a PlacementAgent for every pod. */
    void agentPolicyInEngine()
    {
        struct Fixed final : PlacementAgent
        {
            int calls = 0;
            int choose(const PodRequest &, const ClusterView &view) override
            {
                ++calls;
                return view.nodeCount - 1;
            }
        } agent;
        const Scenario s = test::bundledScenario("drs-five-node");
        RunOptions options;
        options.seed = 4;
        options.duration = 200.0;
        PolicySet given;
        given.placement = makeAgentPlacement(agent);
        Engine engine(s, buildPolicySet(options, std::move(given)), options.config());
        engine.run();
        int placed = 0;
        for (const Pod &p : engine.state().pods)
            if (p.node >= 0) {
                QCOMPARE(p.node, 4);
                ++placed;
            }
        QCOMPARE(placed, 10); // arrivals at 1 s, 21 s, ..., 181 s
        QCOMPARE(agent.calls, 10);
        QCOMPARE(QString(engine.lastPlacement()->plugins.back()), QString("AgentChoice"));
    }

    void rejectsUnsuitableScenarios()
    {
        Scenario s = test::bundledScenario("drs-five-node");
        s.time.slot = 0.25;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DrsEnvironment{s});
        s = test::bundledScenario("drs-five-node");
        s.workload.deployments.clear();
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DrsEnvironment{s});
    }

    /** A node the mask offers fits the pod also once the engine applies the decisions
     *  it has not yet: pods due at the same instant (back-offs of big pods) are not all
     *  told the one node with room. A pod whose decision did not bind comes back as a
     *  later step; none of those may have followed a masked-in action. */
    void maskedInActionsBind()
    {
        Scenario s = test::bundledScenario("drs-five-node");
        for (DeploymentStream &d : s.workload.deployments)
            for (PodTemplate &t : d.pods)
                t.memory = Distribution::constant(3.0 * (1 << 30)); // node2 (2Gi) never fits
        DrsEnvConfig config;
        config.episodePods = 40;
        DrsEnvironment env(s, config);
        Rng rng(5);
        int maskedIn = 0, cameBack = 0;
        for (std::uint64_t seed : {3, 4}) {
            env.reset(seed);
            std::map<int, bool> lastWasMaskedIn; // pod -> its last decision's
            while (!env.done()) {
                const std::vector<char> mask = env.feasibleActions();
                std::vector<int> allowed;
                for (int a = 0; a < env.nodeCount(); ++a)
                    if (mask[std::size_t(a)])
                        allowed.push_back(a);
                const int pod = env.pendingPod();
                if (const auto it = lastWasMaskedIn.find(pod); it != lastWasMaskedIn.end())
                    cameBack += it->second;
                const bool in = !allowed.empty();
                maskedIn += in;
                lastWasMaskedIn[pod] = in;
                env.act(in ? allowed[rng.below(std::uint32_t(allowed.size()))] : 0);
            }
        }
        QVERIFY(maskedIn > 40);
        QCOMPARE(cameBack, 0);
    }
};

QTEST_GUILESS_MAIN(TestDrsEnvironment)
#include "tst_drsenvironment.moc"
