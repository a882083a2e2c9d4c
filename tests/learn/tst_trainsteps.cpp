// SPDX-License-Identifier: GPL-3.0-or-later
// The training steps' shortcuts give the step of the plain batch: the critic's rows
// that share their slot's state (CriticRows), and an actor's step whose gradient is
// computed over slices of the batch on several threads (the same bytes every time).
#include "common/maxabsdiff.h"
#include "state/random.h"
#include "train/cmmacnets.h"
#include "train/criticrows.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {

std::vector<float> randomValues(Rng &rng, int size)
{
    std::vector<float> v(static_cast<std::size_t>(size));
    for (float &x : v)
        x = float(rng.uniform(-1.0, 2.0));
    return v;
}

/** Every weight and bias of `w`, in order. */
std::vector<float> flat(const MlpWeights &w)
{
    std::vector<float> out;
    for (const DenseLayer &l : w.layers) {
        out.insert(out.end(), l.weight.begin(), l.weight.end());
        out.insert(out.end(), l.bias.begin(), l.bias.end());
    }
    return out;
}

using test::maxAbsDiff;

} // namespace

class TestTrainSteps : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /** Three eAP blocks of unequal widths after a shared part, four slots, rows that
     *  replace each block (and rows that replace none), two batches appended. */
    void criticRowsGiveThePlainStep()
    {
        Rng rng(5);
        const int width = 2 + 7 + 4 + 9;
        const int offsets[] = {2, 9, 13}, widths[] = {7, 4, 9};
        CriticRows first(width), second(width);
        for (CriticRows *rows : {&first, &second})
            for (int s = 0; s < 2; ++s) {
                const int slot = rows->addSlot(randomValues(rng, width));
                rows->addRow(slot, float(rng.uniform()));
                for (int k = 0; k < 5; ++k) {
                    const int b = int(rng.uniform() * 3) % 3;
                    rows->addRow(slot, offsets[b], randomValues(rng, widths[b]),
                                 float(rng.uniform()));
                }
            }
        CriticRows batch;
        batch.append(first);
        batch.append(second);
        QCOMPARE(batch.rows(), 24);
        QCOMPARE(batch.slots(), 4);

        std::vector<float> states;
        for (int i = 0; i < batch.rows(); ++i) {
            const std::vector<float> row = batch.row(i);
            states.insert(states.end(), row.begin(), row.end());
        }
        // Row 1 is slot 0's state with its block replaced, the rest of it untouched.
        const std::vector<float> row0 = batch.row(0), row1 = batch.row(1);
        const int b1 = batch.blockOffset()[1];
        QVERIFY(b1 >= 2);
        QCOMPARE(row1[0], row0[0]);
        QVERIFY(row1[std::size_t(b1)] != row0[std::size_t(b1)]);

        const std::vector<float> targets(batch.targets().begin(), batch.targets().end());
        CriticNet plain(width, 3), shared(width, 3);
        for (int step = 0; step < 3; ++step) {
            const double a = plain.regressionStep(states, targets);
            const double b = shared.regressionStep(batch);
            QVERIFY2(std::abs(a - b) < 1e-5 * std::max(1.0, std::abs(a)),
                     qPrintable(QString("loss %1 against %2").arg(a).arg(b)));
        }
        const float d = maxAbsDiff(flat(plain.weights()), flat(shared.weights()));
        QVERIFY2(d < 1e-5f, qPrintable(QString("weights differ by %1").arg(d)));
    }

    void criticRowsRefuseWhatDoesNotFit()
    {
        CriticRows rows(6);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rows.addSlot(std::vector<float>(5)));
        const int slot = rows.addSlot(std::vector<float>(6));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, rows.addRow(slot + 1, 0.0f));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range,
                                 rows.addRow(slot, 4, std::vector<float>(3), 0.0f));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CriticNet(7, 1).regressionStep(rows));
    }

    /** 300 rows: one thread, and three (slices of 100 rows), twice. */
    void actorStepOnThreadsIsThePlainStep()
    {
        Rng rng(9);
        const int stateSize = 10, actions = 4, batch = 300;
        std::vector<float> states, advantages;
        std::vector<std::uint8_t> masks;
        std::vector<int> chosen;
        for (int i = 0; i < batch; ++i) {
            const auto s = randomValues(rng, stateSize);
            states.insert(states.end(), s.begin(), s.end());
            const int a = int(rng.uniform() * actions) % actions;
            for (int j = 0; j < actions; ++j)
                masks.push_back(j == 0 || j == a || rng.uniform() < 0.5);
            chosen.push_back(a);
            advantages.push_back(float(rng.uniform(-1.0, 1.0)));
        }
        ActorNet one(stateSize, actions, 4), three(stateSize, actions, 4),
            again(stateSize, actions, 4);
        for (int step = 0; step < 3; ++step) {
            const double a = one.policyGradientStep(states, masks, chosen, advantages, 1);
            const double b = three.policyGradientStep(states, masks, chosen, advantages, 3);
            again.policyGradientStep(states, masks, chosen, advantages, 3);
            QVERIFY2(std::abs(a - b) < 1e-5,
                     qPrintable(QString("loss %1 against %2").arg(a).arg(b)));
        }
        const float d = maxAbsDiff(flat(one.weights()), flat(three.weights()));
        QVERIFY2(d < 1e-5f, qPrintable(QString("weights differ by %1").arg(d)));
        QVERIFY(three.weights() == again.weights());
    }
};

QTEST_GUILESS_MAIN(TestTrainSteps)
#include "tst_trainsteps.moc"
