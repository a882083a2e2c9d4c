// SPDX-License-Identifier: GPL-3.0-or-later
// What one cMMAC update learns from (KaiS Sec. III-A-2, eq. 2-3, 6-7): λ of the
// slot's requests, B state values with a per-eAP critic, eq. 7's advantage as it is.
#include "common/testscenarios.h"
#include "env/kaisreward.h"
#include "learn/fastmlp.h"
#include "learn/globalstate.h"
#include "state/topology.h"
#include "train/cmmacadvantage.h"
#include "train/cmmacnets.h"

#include <QtTest/QtTest>
#include <cmath>
#include <numeric>

using namespace schedlab;

namespace {

/** One slot in which eAP 0 and eAP 1 each dispatch a request of their own. */
std::deque<SlotRecord> twoAgentSlot(const GlobalStateBuilder &global)
{
    SlotRecord r;
    r.before.assign(std::size_t(global.size()), 0.2f);
    r.after.assign(std::size_t(global.size()), 0.3f);
    for (int b = 0; b < 2; ++b) {
        Decision d;
        d.eap = b;
        d.state.assign(std::size_t(global.local(b).layout().size()), 0.2f);
        d.state[std::size_t(global.local(b).layout().serviceOffset() + b)] = 1.0f;
        d.state[std::size_t(global.local(b).layout().delayOffset())] = b == 0 ? 0.1f : 0.9f;
        r.decisions.push_back(d);
    }
    r.violations.decisions = 2;
    r.violations.missed = 1;
    r.xi = 0.05;
    r.closed = true;
    return {r};
}

struct Nets
{
    FastMlp value, target;
};

Nets criticNets(const GlobalStateBuilder &global)
{
    const CriticNet critic(global.size(), 11);
    return {FastMlp(critic.weights(), FastMlp::Head::Linear),
            FastMlp(CriticNet(global.size(), 12).weights(), FastMlp::Head::Linear)};
}

} // namespace

class TestCmmacAdvantage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lambdaCountsTheSlotsRequests()
    {
        SlotViolations v;
        v.decisions = 4;
        v.missed = 1;
        v.droppedAtEap = 2;
        v.open = 2;
        v.endOpen(true);  // past its deadline when the episode ended: missed
        v.endOpen(false); // deadline ahead: no outcome, left out
        QCOMPARE(v.open, 0);
        QCOMPARE(v.lambda(false), (1.0 + 1.0 + 2.0) / (4.0 + 2.0 - 1.0));
        QCOMPARE(v.lambda(true), 1.0 / 4.0); // dispatched only, unknown as on time
        SlotViolations none;
        QCOMPARE(none.lambda(false), 0.0);
        SlotViolations onlyDrops;
        onlyDrops.droppedAtEap = 3;
        QCOMPARE(onlyDrops.lambda(false), 1.0);
    }

    void xiEntersNuAsMeasuredOrInPercent()
    {
        SlotViolations v;
        KaisParameters fraction;
        KaisParameters percent;
        percent.xiUnit = "percent";
        // ξ = 0.3 (a spread of 30 points): ν = σ(0.3) ≈ 0.57 as a fraction, σ(30) ≈ 1 in percent.
        QCOMPARE(kaisSlotReward(v, 0.3, fraction, 1.0), kaisDispatchReward(0.0, 0.3, 1.0));
        QCOMPARE(kaisSlotReward(v, 0.3, percent, 1.0), kaisDispatchReward(0.0, 30.0, 1.0));
        QVERIFY(kaisSlotReward(v, 0.3, percent, 1.0) < std::exp(-0.99));
    }

    void perEapCriticGivesEachAgentItsAdvantage()
    {
        const Scenario s = test::smallScenario(2, 3);
        const Topology topology = Topology::build(s);
        const GlobalStateBuilder global(topology, int(s.services.size()), true);
        const auto records = twoAgentSlot(global);
        const Nets nets = criticNets(global);
        KaisParameters kais;
        const CmmacBatch batch = cmmacBatch(records, 1, nets.value, nets.target, global, kais, 1.0);
        QCOMPARE(batch.advantages.size(), std::size_t(2));
        QVERIFY2(batch.advantages[0] != batch.advantages[1],
                 qPrintable(QString("%1 %2").arg(batch.advantages[0]).arg(batch.advantages[1])));
        // The slot's state and each agent's are regressed on the same V*.
        QCOMPARE(batch.criticTargets.size(), std::size_t(3));
        QCOMPARE(batch.criticRows.size(), std::size_t(3 * global.size()));
        QCOMPARE(batch.criticTargets[1], batch.criticTargets[0]);
        // Eq. 7 as it is: V* − V(ŝ_{b,t}), the agent's row of the critic's input.
        const std::span<const float> agentRow(batch.criticRows.data() + global.size(),
                                              std::size_t(global.size()));
        QCOMPARE(batch.advantages[0], batch.criticTargets[0] - nets.value.forward(agentRow)[0]);
        const double u = kaisSlotReward(records[0].violations, records[0].xi, kais, 1.0);
        QCOMPARE(batch.rewardSum, u);
        QCOMPARE(batch.criticTargets[0],
                 float(u) + float(kais.discount) * nets.target.forward(records[0].after)[0]);
    }

    void sharedCriticGivesTheSlotOneAdvantage()
    {
        const Scenario s = test::smallScenario(2, 3);
        const Topology topology = Topology::build(s);
        const GlobalStateBuilder global(topology, int(s.services.size()), true);
        const auto records = twoAgentSlot(global);
        const Nets nets = criticNets(global);
        KaisParameters kais;
        kais.critic = "shared";
        const CmmacBatch batch = cmmacBatch(records, 1, nets.value, nets.target, global, kais, 1.0);
        QCOMPARE(batch.advantages.size(), std::size_t(2));
        QCOMPARE(batch.advantages[0], batch.advantages[1]);
        QCOMPARE(batch.criticTargets.size(), std::size_t(1));
    }

    void standardisedAdvantagesHaveUnitSpread()
    {
        const Scenario s = test::smallScenario(2, 3);
        const Topology topology = Topology::build(s);
        const GlobalStateBuilder global(topology, int(s.services.size()), true);
        const auto records = twoAgentSlot(global);
        const Nets nets = criticNets(global);
        KaisParameters kais;
        kais.advantage = "standardised";
        const CmmacBatch batch = cmmacBatch(records, 1, nets.value, nets.target, global, kais, 1.0);
        const double mean = std::accumulate(batch.advantages.begin(), batch.advantages.end(), 0.0) /
                            double(batch.advantages.size());
        QVERIFY(std::abs(mean) < 1e-5);
        QVERIFY(batch.advantages[0] * batch.advantages[1] < 0.0f);
        QVERIFY(std::abs(batch.advantages[0]) > 0.5f); // unit spread, less the 1e-6 guard
    }
};

QTEST_GUILESS_MAIN(TestCmmacAdvantage)
#include "tst_cmmacadvantage.moc"
