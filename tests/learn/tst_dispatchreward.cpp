// SPDX-License-Identifier: GPL-3.0-or-later
// The dispatch environment and the cMMAC trainer see one MDP: the decisions an
// ExperienceCollector takes in a training episode, replayed in the environment,
// meet the same states and resource contexts, and the environment's rewards sum
// to the trainer's û_t (KaiS Sec. III-A-1) over the same slots.
#include "common/testscenarios.h"
#include "engine/engine.h"
#include "env/dispatchenvironment.h"
#include "env/kaisreward.h"
#include "learn/globalstate.h"
#include "registry/buildpolicies.h"
#include "train/cmmacexperience.h"
#include "train/cmmacnets.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {

struct Episode
{
    std::vector<Decision> decisions; ///< in the order the engine asked for them
    std::vector<double> slotRewards;
};

/** One episode as CmmacTrainer::runEpisode collects it, with untrained actors. */
Episode trainerEpisode(const Scenario &s, std::uint64_t seed, double epsilon)
{
    const Topology topology = Topology::build(s);
    const GlobalStateBuilder global(topology, int(s.services.size()),
                                    s.policies.kais.stateScale == "squashed");
    std::vector<int> actorOf;
    std::vector<FastMlp> actors;
    for (int b = 0; b < global.eaps(); ++b) {
        const LocalStateLayout &l = global.local(b).layout();
        actors.emplace_back(ActorNet(l.size(), l.actions(), 7 + b).weights(),
                            FastMlp::Head::ReluPlusOne);
        actorOf.push_back(b);
    }
    ExperienceCollector agent(global.locals(), actorOf, actors);
    RunOptions options;
    options.seed = seed;
    options.policies = s.policies;
    PolicySet given;
    given.dispatch = PolicySlot<DispatchPolicy>::lent(agent);
    Engine engine(s, buildPolicySet(options, std::move(given)), options.config());
    engine.addObserver(&agent);
    Episode e;
    for (bool more = true; more;) {
        agent.beginSlot(engine.state().slot, {});
        more = engine.stepSlot();
        agent.endSlot({}, engine.metrics().lastXi());
        if (!more)
            agent.closeAll(engine.state());
        while (!agent.records().empty() && agent.records().front().ready()) {
            SlotRecord &r = agent.records().front();
            e.slotRewards.push_back(kaisSlotReward(r.violations, r.xi, s.policies.kais, epsilon));
            for (Decision &d : r.decisions)
                e.decisions.push_back(std::move(d));
            agent.popFront();
        }
    }
    return e;
}

} // namespace

class TestDispatchReward : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void environmentRewardIsTheTrainers_data()
    {
        QTest::addColumn<double>("rate");
        QTest::addColumn<double>("epsilon");
        QTest::newRow("light, eps 1") << 8.0 << 1.0;
        QTest::newRow("overloaded, eps 0.5") << 40.0 << 0.5;
    }
    void environmentRewardIsTheTrainers()
    {
        QFETCH(double, rate);
        QFETCH(double, epsilon);
        Scenario s = test::smallScenario(2, 3, rate);
        s.time.duration = 30.0;
        const Episode trainer = trainerEpisode(s, 6, epsilon);
        QVERIFY(trainer.decisions.size() > 100);

        DispatchEnvConfig config;
        config.epsilon = epsilon;
        DispatchEnvironment env(s, config);
        env.reset(6);
        double total = 0.0;
        std::size_t i = 0;
        for (; !env.done(); ++i) {
            QVERIFY(i < trainer.decisions.size());
            const Decision &d = trainer.decisions[i];
            const std::vector<float> &obs = env.observe();
            QVERIFY(std::equal(d.state.begin(), d.state.end(), obs.begin()));
            QVERIFY(std::all_of(obs.begin() + d.state.size(), obs.end(),
                                [](float v) { return v == 0.0f; }));
            QVERIFY(std::equal(d.mask.begin(), d.mask.end(), env.mask().begin()));
            total += env.act(d.action);
        }
        QCOMPARE(i, trainer.decisions.size());
        double expected = 0.0;
        for (double u : trainer.slotRewards)
            expected += u;
        QCOMPARE(long(trainer.slotRewards.size()), env.engine().state().slot);
        QVERIFY2(std::abs(total - expected) < 1e-9 * expected,
                 qPrintable(QString("%1 vs %2").arg(total, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
};

QTEST_GUILESS_MAIN(TestDispatchReward)
#include "tst_dispatchreward.moc"
