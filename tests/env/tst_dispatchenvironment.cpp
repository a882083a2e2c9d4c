// SPDX-License-Identifier: GPL-3.0-or-later
// KaiS's dispatch MDP as an environment: an agent that chooses as greedy does is
// greedy, to the last number; masks mark exactly eq. 4's nodes; the same seed and
// actions give the same trajectory; eAPs left to a built-in policy; the throughput
// reward counts on-time requests; bad actions and configurations are refused.
#include "common/bundledscenario.h"
#include "common/testscenarios.h"
#include "env/dispatchenvironment.h"
#include "experiment/comparison.h"
#include "metrics/metriccatalog.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {

/** Greedy (policy/dispatch/greedydispatch.cpp) from what the environment shows. */
int greedyAction(const DispatchEnvironment &env)
{
    std::vector<double> load(std::size_t(env.actionCount())), memory(load.size());
    env.writeLoads(load, memory);
    int best = 0;
    for (int a = 1; a < env.actionCount(); ++a) {
        if (!env.mask()[std::size_t(a)])
            continue;
        if (best == 0 || load[a] < load[best] ||
            (load[a] == load[best] && memory[a] < memory[best]))
            best = a;
    }
    return best;
}

struct Trajectory
{
    std::vector<float> states;
    std::vector<int> actions;
    std::vector<double> rewards;
    bool operator==(const Trajectory &) const = default;
};

/** An episode whose action is a fixed function of the step and the mask. */
Trajectory play(DispatchEnvironment &env, std::uint64_t seed)
{
    Trajectory t;
    env.reset(seed);
    while (!env.done()) {
        t.states.insert(t.states.end(), env.observe().begin(), env.observe().end());
        int a = int(t.actions.size() * 7919 % std::size_t(env.actionCount()));
        while (!env.mask()[std::size_t(a)])
            a = (a + 1) % env.actionCount();
        t.actions.push_back(a);
        t.rewards.push_back(env.act(a));
    }
    return t;
}

/** Every metric of `a` equals `b`'s, but those this machine's clock measures. */
void compareRuns(const RunResult &a, const RunResult &b)
{
    QCOMPARE(a.metrics.size(), b.metrics.size());
    for (std::size_t i = 0; i < a.metrics.size(); ++i) {
        const MetricInfo *info = findMetric(a.metrics[i].name);
        if (info && info->wallClock)
            continue;
        QCOMPARE(a.metrics[i].name, b.metrics[i].name);
        if (a.metrics[i].value != b.metrics[i].value)
            QFAIL(qPrintable(QString::fromStdString(a.metrics[i].name) + ": " +
                             QString::number(a.metrics[i].value, 'g', 17) + " vs " +
                             QString::number(b.metrics[i].value, 'g', 17)));
    }
}

} // namespace

class TestDispatchEnvironment : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void greedyAgentIsGreedy_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("small") << QString();
        QTest::newRow("tutorial") << "tutorial";
        QTest::newRow("kais-edge-cloud") << "kais-edge-cloud";
    }
    void greedyAgentIsGreedy()
    {
        QFETCH(QString, scenario);
        Scenario s = scenario.isEmpty() ? test::smallScenario()
                                        : test::bundledScenario(scenario.toStdString());
        s.time.duration = std::min(s.time.duration, 120.0);
        DispatchEnvironment env(s, {});
        env.reset(5);
        while (!env.done())
            env.act(greedyAction(env));
        PolicySelection greedy = s.policies;
        greedy.dispatch = "greedy";
        const RunResult agent = env.finish();
        QVERIFY(agent.value("arrived") > 100);
        compareRuns(agent, runScenario(s, greedy, 5));
    }

    void masksMarkExactlyTheHostingNodes()
    {
        const Scenario s = test::smallScenario();
        DispatchEnvironment env(s, {});
        const DispatchObservation observation(Topology::build(s), int(s.services.size()));
        env.reset(2);
        int steps = 0, nodesMarked = 0;
        while (!env.done() && steps < 2000) {
            const SimState &state = env.engine().state();
            const std::vector<float> &obs = env.observe();
            const int service = int(std::find(obs.begin(), obs.begin() + 3, 1.0f) - obs.begin());
            QVERIFY(service < 3);
            QCOMPARE(env.mask()[0], std::uint8_t(1)); // the cloud, always
            const std::vector<int> &pool = observation.local(env.eap()).pool();
            for (std::size_t j = 0; j < pool.size(); ++j) {
                const bool ready =
                    state.readyCount[std::size_t(pool[j]) * std::size_t(s.services.size()) +
                                     std::size_t(service)] > 0;
                QCOMPARE(bool(env.mask()[j + 1]), ready);
                nodesMarked += ready;
            }
            env.act(steps++ % 2 ? 0 : greedyAction(env));
        }
        QVERIFY(nodesMarked > steps);
    }

    void sameSeedSameTrajectory()
    {
        const Scenario s = test::smallScenario();
        DispatchEnvironment a(s, {}), b(s, {});
        const Trajectory first = play(a, 9);
        QVERIFY(first.actions.size() > 100);
        QVERIFY(first == play(b, 9));
        QVERIFY(first == play(a, 9)); // and again after a reset
        QVERIFY(!(first == play(a, 10)));
    }

    void otherEapsRunTheirPolicy()
    {
        const Scenario s = test::smallScenario();
        DispatchEnvConfig config;
        config.agentEaps = {0, 1};
        config.others = "random";
        DispatchEnvironment env(s, config);
        env.reset(3);
        int steps = 0;
        while (!env.done()) {
            QCOMPARE(env.eap(), 1);
            env.act(greedyAction(env));
            ++steps;
        }
        const RunResult run = env.finish();
        QVERIFY(steps > 50);
        QVERIFY(steps < run.value("arrived") * 0.75); // the other half is random's
    }

    void throughputRewardCountsOnTimeRequests()
    {
        const Scenario s = test::smallScenario(2, 3, 20.0);
        DispatchEnvConfig config;
        config.reward = DispatchReward::Throughput;
        DispatchEnvironment env(s, config);
        env.reset(4);
        double total = 0.0;
        while (!env.done())
            total += env.act(greedyAction(env));
        const RunResult run = env.finish();
        QVERIFY(total > 100);
        QCOMPARE(total, run.value("on_time"));
    }

    void kaisRewardIsInItsRange()
    {
        DispatchEnvironment env(test::smallScenario(), {});
        env.reset(1);
        double total = 0.0;
        int slots = 0;
        while (!env.done()) {
            const double r = env.act(0);
            QVERIFY(r >= 0.0);
            total += r;
        }
        slots = int(env.engine().state().slot);
        // Every slot pays once, e^{−λ−εν} in (e^{−2}, e^{−0.5}].
        QVERIFY(total > slots * std::exp(-2.0));
        QVERIFY(total <= slots * std::exp(-0.5) + 1e-9);
    }

    void refusesWhatItCannotDo()
    {
        const Scenario s = test::smallScenario();
        DispatchEnvironment env(s, {});
        QVERIFY_THROWS_EXCEPTION(std::logic_error, env.act(0)); // before reset
        env.reset(1);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, env.act(env.actionCount()));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, env.act(-1));
        while (!env.done())
            env.act(0);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, env.act(0));

        DispatchEnvConfig central;
        central.agentEaps = {1, 0};
        central.others = "firmament";
        DispatchEnvironment firmament(s, central);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, firmament.reset(1));
        DispatchEnvConfig none;
        none.agentEaps = {0, 0};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DispatchEnvironment(s, none));
        DispatchEnvConfig unknown;
        unknown.agentEaps = {1, 0};
        unknown.others = "greedyy";
        DispatchEnvironment typo(s, unknown);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, typo.reset(1));
    }
};

QTEST_GUILESS_MAIN(TestDispatchEnvironment)
#include "tst_dispatchenvironment.moc"
