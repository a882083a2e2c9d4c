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

/** The batch of one two-agent slot, with the critic of `kais`'s readings. */
struct Update
{
    GlobalStateBuilder global;
    std::deque<SlotRecord> records;
    Nets nets;
    CmmacBatch batch;

    explicit Update(const KaisParameters &kais)
    {
        const Scenario s = test::smallScenario(2, 3);
        global = GlobalStateBuilder(Topology::build(s), int(s.services.size()), true);
        records = twoAgentSlot(global);
        nets = criticNets(global);
        batch = cmmacBatch(records, 1, nets.value, nets.target, global, kais, 1.0);
    }
};

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
        const KaisParameters kais;
        const Update u(kais);
        const CmmacBatch &batch = u.batch;
        QCOMPARE(batch.advantages.size(), std::size_t(2));
        QVERIFY2(batch.advantages[0] != batch.advantages[1],
                 qPrintable(QString("%1 %2").arg(batch.advantages[0]).arg(batch.advantages[1])));
        // The slot's state and each agent's are regressed on the same V*.
        const std::span<const float> targets = batch.critic.targets();
        QCOMPARE(batch.critic.rows(), 3);
        QCOMPARE(batch.critic.slots(), 1);
        QCOMPARE(batch.critic.width(), u.global.size());
        QCOMPARE(targets[1], targets[0]);
        // Eq. 7 as it is: V* − V(ŝ_{b,t}), the agent's row of the critic's input.
        const std::vector<float> agentRow = batch.critic.row(1);
        QCOMPARE(batch.advantages[0], targets[0] - u.nets.value.forward(agentRow)[0]);
        const SlotRecord &r = u.records[0];
        const double reward = kaisSlotReward(r.violations, r.xi, kais, 1.0);
        QCOMPARE(batch.rewardSum, reward);
        QCOMPARE(targets[0],
                 float(reward) + float(kais.discount) * u.nets.target.forward(r.after)[0]);
    }

    void sharedCriticGivesTheSlotOneAdvantage()
    {
        KaisParameters kais;
        kais.critic = "shared";
        const Update u(kais);
        QCOMPARE(u.batch.advantages.size(), std::size_t(2));
        QCOMPARE(u.batch.advantages[0], u.batch.advantages[1]);
        QCOMPARE(u.batch.critic.rows(), 1);
    }

    void standardisedAdvantagesHaveUnitSpread()
    {
        KaisParameters kais;
        kais.advantage = "standardised";
        const Update u(kais);
        const std::vector<float> &a = u.batch.advantages;
        const double mean = std::accumulate(a.begin(), a.end(), 0.0) / double(a.size());
        QVERIFY(std::abs(mean) < 1e-5);
        QVERIFY(a[0] * a[1] < 0.0f);
        QVERIFY(std::abs(a[0]) > 0.5f); // unit spread, less the 1e-6 guard
    }
};

QTEST_GUILESS_MAIN(TestCmmacAdvantage)
#include "tst_cmmacadvantage.moc"
