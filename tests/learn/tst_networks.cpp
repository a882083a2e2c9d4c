// SPDX-License-Identifier: GPL-3.0-or-later
// The cMMAC networks (KaiS Sec. III-A-2, IV-C): the plain C++ forward pass against
// torch's, the resource-context mask of eq. 4–5, learning on a fixed seed, and
// deterministic initialisation.
#include "common/maxabsdiff.h"
#include "train/cmmacnets.h"
#include "learn/fastmlp.h"
#include "learn/statelayout.h"
#include "state/random.h"

#include <QtTest/QtTest>
#include <cmath>

using namespace schedlab;

namespace {

/** kais-large: 30 services, edge sites of 50 nodes (each eAP's pool). */
constexpr LocalStateLayout kLarge{30, 50};

std::vector<float> randomState(Rng &rng, int size)
{
    std::vector<float> s(size);
    for (float &v : s)
        v = float(rng.uniform(-1.0, 2.0));
    return s;
}

/** Eq. 4: the cloud (0) always valid, each node with probability `p`. */
std::vector<std::uint8_t> randomMask(Rng &rng, int actions, double p)
{
    std::vector<std::uint8_t> m(actions);
    m[0] = 1;
    for (int j = 1; j < actions; ++j)
        m[j] = rng.uniform() < p;
    return m;
}

using test::maxAbsDiff;

/** A few eq. 6 steps so the compared weights are trained ones, not just initial ones. */
void train(ActorNet &actor, Rng &rng, int steps)
{
    const int batch = 8, s = actor.stateSize(), a = actor.actions();
    for (int k = 0; k < steps; ++k) {
        std::vector<float> states, adv;
        std::vector<std::uint8_t> masks;
        std::vector<int> actions;
        for (int i = 0; i < batch; ++i) {
            const auto st = randomState(rng, s);
            states.insert(states.end(), st.begin(), st.end());
            const auto m = randomMask(rng, a, 0.5);
            masks.insert(masks.end(), m.begin(), m.end());
            int act = int(rng.below(a));
            while (!m[act])
                act = int(rng.below(a));
            actions.push_back(act);
            adv.push_back(float(rng.uniform(-1.0, 1.0)));
        }
        actor.policyGradientStep(states, masks, actions, adv);
    }
}

} // namespace

class TestNetworks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void layoutOfTheLargeScenario()
    {
        QCOMPARE(kLarge.size(), 30 + 4 + 5 * 50);
        QCOMPARE(kLarge.actions(), 51);
        QCOMPARE(kLarge.nodeOffset(0), 34);
        QCOMPARE(kLarge.nodeOffset(49) + LocalStateLayout::kPerNode, kLarge.size());
    }

    void fastPathEqualsTorch_data()
    {
        QTest::addColumn<int>("stateSize");
        QTest::addColumn<int>("actions");
        QTest::addColumn<int>("trainSteps");
        QTest::newRow("kais-large, initial") << kLarge.size() << kLarge.actions() << 0;
        QTest::newRow("kais-large, trained") << kLarge.size() << kLarge.actions() << 20;
        QTest::newRow("small, trained") << 7 << 3 << 20;
    }
    /** FastMlp's logits, eq. 5 policy and critic value equal torch's within 1e-5. */
    void fastPathEqualsTorch()
    {
        QFETCH(int, stateSize);
        QFETCH(int, actions);
        QFETCH(int, trainSteps);
        Rng rng(11);
        ActorNet actor(stateSize, actions, 3);
        train(actor, rng, trainSteps);
        CriticNet critic(stateSize, 4);
        const FastMlp fastActor(actor.weights(), FastMlp::Head::ReluPlusOne);
        const FastMlp fastCritic(critic.weights(), FastMlp::Head::Linear);
        QCOMPARE(fastActor.inputSize(), stateSize);
        QCOMPARE(fastActor.outputSize(), actions);
        for (int k = 0; k < 50; ++k) {
            const auto s = randomState(rng, stateSize);
            const auto m = randomMask(rng, actions, 0.6);
            const auto torchLogits = actor.logits(s);
            const auto fastLogits = fastActor.forward(s);
            QVERIFY2(maxAbsDiff(fastLogits, torchLogits) < 1e-5f, "logits differ");
            for (float v : torchLogits)
                QVERIFY(v >= 1.0f); // ReLU + 1
            const auto torchPolicy = actor.policy(s, m);
            const std::vector<float> fastPolicy(fastActor.policy(s, m).begin(),
                                                fastActor.policy(s, m).end());
            QVERIFY2(maxAbsDiff(fastPolicy, torchPolicy) < 1e-5f, "policies differ");
            QVERIFY(std::abs(critic.value(s) - fastCritic.forward(s)[0]) < 1e-5f);
        }
    }

    /**
     * With a FirstLayerMemo the first layer is updated by the entries that changed:
     * along 2,000 inputs that change a few entries at a time (now and then all of
     * them, or to zero), its logits stay equal to torch's within 1e-5; a memo filled
     * by one network starts afresh with another; a NaN input does not stay in it.
     */
    void memoEqualsTorchAlongASequence()
    {
        Rng rng(12);
        ActorNet actor(kLarge.size(), kLarge.actions(), 5);
        train(actor, rng, 20);
        const FastMlp fast(actor.weights(), FastMlp::Head::ReluPlusOne);
        FirstLayerMemo memo;
        auto s = randomState(rng, kLarge.size());
        float worst = 0.0f;
        for (int k = 0; k < 2000; ++k) {
            if (k % 500 == 499)
                s = randomState(rng, kLarge.size());
            else if (k % 500 == 250)
                std::fill(s.begin(), s.end(), 0.0f);
            else
                for (int c = int(rng.below(6)); c >= 0; --c)
                    s[rng.below(s.size())] = rng.uniform() < 0.3 ? 0.0f : float(rng.uniform(-1.0, 3.0));
            const auto logits = fast.forward(s, &memo);
            worst = std::max(worst, maxAbsDiff(logits, actor.logits(s)));
        }
        QVERIFY2(worst < 1e-5f, qPrintable(QString("largest difference %1").arg(worst)));

        ActorNet other(kLarge.size(), kLarge.actions(), 6);
        const FastMlp otherFast(other.weights(), FastMlp::Head::ReluPlusOne);
        QVERIFY(maxAbsDiff(otherFast.forward(s, &memo), other.logits(s)) < 1e-5f);
        QVERIFY(maxAbsDiff(fast.forward(s, &memo), actor.logits(s)) < 1e-5f);

        auto broken = s;
        broken[3] = std::nanf("");
        fast.forward(broken, &memo);
        const auto after = fast.forward(s, &memo);
        QVERIFY(std::all_of(after.begin(), after.end(), [](float v) { return std::isfinite(v); }));
        QVERIFY(maxAbsDiff(after, actor.logits(s)) < 1e-5f);
    }

    /** Eq. 4–5: a masked node gets probability 0 and is never chosen, down to one valid action. */
    void maskNeverChoosesInvalid()
    {
        Rng rng(5);
        ActorNet actor(kLarge.size(), kLarge.actions(), 9);
        const FastMlp fast(actor.weights(), FastMlp::Head::ReluPlusOne);
        std::vector<std::vector<std::uint8_t>> masks;
        for (double p : {0.0, 0.1, 0.5, 0.9})
            masks.push_back(randomMask(rng, kLarge.actions(), p));
        for (int only : {0, 1, 25, kLarge.actions() - 1}) { // all but one masked
            std::vector<std::uint8_t> m(kLarge.actions(), 0);
            m[only] = 1;
            masks.push_back(m);
        }
        for (const auto &m : masks) {
            const auto s = randomState(rng, kLarge.size());
            const auto p = actor.policy(s, m);
            float sum = 0.0f;
            for (int j = 0; j < kLarge.actions(); ++j) {
                if (!m[j])
                    QCOMPARE(p[j], 0.0f);
                sum += p[j];
            }
            QVERIFY(std::abs(sum - 1.0f) < 1e-5f);
            QVERIFY(m[fast.choose(s, m)]);
            for (int k = 0; k < 300; ++k)
                QVERIFY(m[fast.choose(s, m, rng)]);
        }
        const std::vector<std::uint8_t> none(kLarge.actions(), 0);
        const auto s = randomState(rng, kLarge.size());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fast.choose(s, none));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, actor.policy(s, none));
    }

    /** Sampling follows eq. 5: two valid actions are drawn in their probabilities' ratio. */
    void samplingFollowsPolicy()
    {
        Rng rng(21);
        ActorNet actor(7, 3, 2);
        const FastMlp fast(actor.weights(), FastMlp::Head::ReluPlusOne);
        const auto s = randomState(rng, 7);
        const std::vector<std::uint8_t> m{1, 0, 1};
        const auto p = actor.policy(s, m);
        int zero = 0;
        const int draws = 20000;
        for (int k = 0; k < draws; ++k)
            zero += fast.choose(s, m, rng) == 0;
        QVERIFY2(std::abs(double(zero) / draws - p[0]) < 0.02, "frequency off the policy");
    }

    /** Gradients flow: the critic fits fixed targets (eq. 2), the actor's eq. 6 loss
     *  falls and the rewarded action's probability rises, on a fixed seed. */
    void supervisedFitLossFalls()
    {
        Rng rng(17);
        const int stateSize = 12, batch = 32;
        std::vector<float> states, targets;
        for (int i = 0; i < batch; ++i) {
            const auto s = randomState(rng, stateSize);
            states.insert(states.end(), s.begin(), s.end());
            targets.push_back(s[0] - 0.5f * s[1] + 0.25f);
        }
        CriticNet critic(stateSize, 1);
        const double first = critic.regressionStep(states, targets);
        double last = first;
        for (int k = 0; k < 300; ++k)
            last = critic.regressionStep(states, targets);
        QVERIFY2(last < 0.1 * first,
                 qPrintable(QString("critic loss %1 -> %2").arg(first).arg(last)));

        ActorNet actor(stateSize, 4, 1);
        const std::vector<std::uint8_t> mask(std::size_t(batch) * 4, 1);
        const std::vector<int> actions(batch, 2);
        const std::vector<float> advantages(batch, 1.0f);
        const std::span<const float> s0(states.data(), stateSize);
        const float before = actor.policy(s0, std::span(mask).first(4))[2];
        const double firstPg = actor.policyGradientStep(states, mask, actions, advantages);
        double lastPg = firstPg;
        for (int k = 0; k < 100; ++k)
            lastPg = actor.policyGradientStep(states, mask, actions, advantages);
        QVERIFY2(lastPg < firstPg - 0.2,
                 qPrintable(QString("actor loss %1 -> %2").arg(firstPg).arg(lastPg)));
        QVERIFY(actor.policy(s0, std::span(mask).first(4))[2] > before + 0.2f);
    }

    void sameSeedSameInitialWeights()
    {
        QVERIFY(ActorNet(20, 5, 7).weights() == ActorNet(20, 5, 7).weights());
        QVERIFY(!(ActorNet(20, 5, 7).weights() == ActorNet(20, 5, 8).weights()));
        QVERIFY(CriticNet(20, 7).weights() == CriticNet(20, 7).weights());
        QVERIFY(!(CriticNet(20, 7).weights() == CriticNet(20, 8).weights()));
        const auto w = ActorNet(20, 5, 7).weights();
        QCOMPARE(int(w.layers.size()), 4);
        QCOMPARE(w.layers[0].out, 256);
        QCOMPARE(w.layers[1].out, 128);
        QCOMPARE(w.layers[2].out, 32);
        QCOMPARE(w.layers[3].out, 5);
        QCOMPARE(int(CriticNet(20, 7).weights().layers.size()), 5);
    }
};

QTEST_GUILESS_MAIN(TestNetworks)
#include "tst_networks.moc"
