// SPDX-License-Identifier: GPL-3.0-or-later
// Whether a training curve has flattened (ConvergenceMonitor): windows of the final
// curriculum stage, each held against the 95% interval of the one before.
#include "learn/convergence.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {
/** A value around `level` with a deterministic wobble of ±0.01. */
double wobble(double level, int i)
{
    return level + 0.01 * ((i * 7919) % 11 - 5) / 5.0;
}
} // namespace

class TestConvergence : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFlatCurveConverges()
    {
        ConvergenceMonitor m(10);
        int episode = 0;
        for (; episode < 19; ++episode)
            m.add(episode, "full", wobble(0.9, episode));
        QCOMPARE(m.judgement().verdict, ConvergenceMonitor::Verdict::TooShort);
        QVERIFY(QString::fromStdString(m.describe()).startsWith("too short to judge"));
        QVERIFY(m.add(episode, "full", wobble(0.9, episode)));
        QVERIFY(m.converged());
        QCOMPARE(m.judgement().convergedFrom, 19);
        QVERIFY2(QString::fromStdString(m.describe()).startsWith("converged at episode 20"),
                 m.describe().c_str());
        for (++episode; episode < 30; ++episode)
            m.add(episode, "full", wobble(0.9, episode));
        QVERIFY(m.converged());
        QCOMPARE(m.judgement().convergedFrom, 19); // the streak's first judgement
    }

    void aRisingCurveIsStillImproving()
    {
        ConvergenceMonitor m(10);
        for (int i = 0; i < 40; ++i)
            m.add(i, "full", 0.5 + 0.01 * i);
        QCOMPARE(m.judgement().verdict, ConvergenceMonitor::Verdict::Improving);
        QVERIFY(QString::fromStdString(m.describe()).startsWith("still improving: train longer"));
        QCOMPARE(m.judgement().convergedFrom, -1);
    }

    void aFallingCurveGotWorse()
    {
        ConvergenceMonitor m(10);
        for (int i = 0; i < 20; ++i)
            m.add(i, "", 0.9 - 0.01 * i);
        QCOMPARE(m.judgement().verdict, ConvergenceMonitor::Verdict::Worse);
    }

    void earlierStagesAreNotTheCurve()
    {
        ConvergenceMonitor m(10);
        for (int i = 0; i < 50; ++i)
            QVERIFY(!m.add(i, i < 25 ? "simple" : "medium", wobble(0.9, i)));
        QCOMPARE(m.judgement().verdict, ConvergenceMonitor::Verdict::TooShort);
        for (int i = 50; i < 70; ++i)
            m.add(i, "full", wobble(0.8, i));
        QVERIFY(m.converged());
        QCOMPARE(m.judgement().convergedFrom, 69);
    }

    void windowsGrowWithTheBudget()
    {
        QCOMPARE(ConvergenceMonitor::windowFor(40), 10);
        QCOMPARE(ConvergenceMonitor::windowFor(600), 30);
        QCOMPARE(ConvergenceMonitor::windowFor(100000), 50);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ConvergenceMonitor(1));
    }
};

QTEST_GUILESS_MAIN(TestConvergence)
#include "tst_convergence.moc"
