// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/bundledscenario.h"
#include "common/runtext.h"
#include "livesession.h"
#include "scenario/scenarioio.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "snapshotrecorder.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>
#include <thread>

using namespace schedlab;
using namespace schedlab::ui;

Q_DECLARE_METATYPE(schedlab::ui::LiveMode)

namespace {
RunOptions optionsFor(const Scenario &s, std::uint64_t seed, double duration = 0)
{
    RunOptions o;
    o.seed = seed;
    o.duration = duration;
    o.policies = s.policies;
    return o;
}

/** Waits until the session's latest snapshot satisfies `done`. */
template <typename F> bool waitFor(LiveSession &session, F done, int ms = 30000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        if (session.latest() && done(*session.latest()))
            return true;
        QTest::qWait(5);
    }
    return false;
}

bool waitPaused(LiveSession &session, long slot)
{
    return waitFor(session, [&](const Snapshot &s) {
        return s.slot == slot && session.mode() == LiveMode::Paused;
    });
}

using schedlab::test::deterministicPart;
} // namespace

class TestSimulationWorker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emitsSnapshotsToTheEnd()
    {
        const Scenario s = test::bundledScenario("tutorial");
        LiveSession session;
        QSignalSpy snapshots(&session, &LiveSession::snapshot);
        QSignalSpy finished(&session, &LiveSession::finished);
        session.setSpeed(0);
        session.start(s, optionsFor(s, 3, 60));
        session.run();
        QVERIFY(finished.wait(60000));
        QVERIFY(snapshots.count() >= 2);
        const SnapshotPtr last = session.latest();
        QVERIFY(last->finished);
        QVERIFY(!last->cancelled);
        QCOMPARE(last->slot, last->layout->totalSlots);
        QVERIFY(last->totals.arrived > 0);
        QCOMPARE(last->nodes.size(), last->layout->nodes.size());
        QVERIFY(last->moves.size() <= std::size_t(SnapshotRecorder::kMaxMoves));
        QCOMPARE(session.mode(), LiveMode::Finished);
    }

    void snapshotRateIsBounded()
    {
        const Scenario s = test::bundledScenario("kais-large");
        LiveSession session;
        session.setSpeed(0);
        session.start(s, optionsFor(s, 1));
        QVERIFY(waitFor(session, [](const Snapshot &) { return true; }));
        QSignalSpy snapshots(&session, &LiveSession::snapshot);
        QElapsedTimer t;
        t.start();
        session.run();
        QTest::qWait(1500);
        const double seconds = t.elapsed() / 1000.0;
        const int count = int(snapshots.count());
        session.stop();
        QVERIFY2(count >= 3, qPrintable(QString::number(count)));
        // 1000 / kMinSnapshotMs per second, plus one for the edges of the window.
        QVERIFY2(count <= int(seconds * 1000.0 / SimulationWorker::kMinSnapshotMs) + 2,
                 qPrintable(QString("%1 snapshots in %2 s").arg(count).arg(seconds)));
        for (const QList<QVariant> &args : snapshots)
            QVERIFY(args[0].value<SnapshotPtr>()->moves.size() <=
                    std::size_t(SnapshotRecorder::kMaxMoves));
    }

    void stepSlotAdvancesOneSlot()
    {
        const Scenario s = test::bundledScenario("tutorial");
        LiveSession session;
        session.start(s, optionsFor(s, 1));
        QVERIFY(waitPaused(session, 0));
        session.stepSlot();
        QVERIFY(waitPaused(session, 1));
        session.stepSlot();
        QVERIFY(waitPaused(session, 2));
        QTest::qWait(50);
        QCOMPARE(session.latest()->slot, 2L);
    }

    void stepFrameAdvancesToTheFrameEnd()
    {
        const Scenario s = test::bundledScenario("tutorial");
        const long frame = s.time.frame;
        LiveSession session;
        session.start(s, optionsFor(s, 1));
        session.stepFrame();
        QVERIFY(waitPaused(session, frame));
        session.stepSlot();
        QVERIFY(waitPaused(session, frame + 1));
        session.stepFrame();
        QVERIFY(waitPaused(session, 2 * frame));
    }

    void speedPacesSimulatedTime()
    {
        // Only the bound that load cannot break: a paced run never gets ahead of
        // speed x wall time (by more than the slot it may just have started).
        const Scenario s = test::bundledScenario("tutorial");
        LiveSession session;
        session.setSpeed(4.0);
        session.start(s, optionsFor(s, 1));
        QVERIFY(waitPaused(session, 0));
        QElapsedTimer t;
        t.start();
        session.run();
        QTest::qWait(700);
        const double wall = t.elapsed() / 1000.0;
        const double simulated = session.latest()->time;
        session.stop();
        QVERIFY2(simulated > 0, "the run moved");
        QVERIFY2(simulated <= 4.0 * wall + s.time.slot + 1e-9,
                 qPrintable(QString("%1 s simulated in %2 s at x4").arg(simulated).arg(wall)));
    }

    void pauseStopsProgress()
    {
        const Scenario s = test::bundledScenario("tutorial");
        LiveSession session;
        session.setSpeed(1.0);
        session.start(s, optionsFor(s, 1));
        session.run();
        QVERIFY(waitFor(session, [](const Snapshot &x) { return x.slot >= 2; }));
        session.pause();
        QVERIFY(
            waitFor(session, [&](const Snapshot &) { return session.mode() == LiveMode::Paused; }));
        QTest::qWait(100);
        const long slot = session.latest()->slot;
        QTest::qWait(400);
        QCOMPARE(session.latest()->slot, slot);
        QVERIFY(slot < s.time.duration / s.time.slot);
        session.run(); // and it resumes
        QVERIFY(waitFor(session, [&](const Snapshot &x) { return x.slot > slot; }));
    }

    void stopMidRunIsPrompt()
    {
        const Scenario s = test::bundledScenario("kais-large");
        LiveSession session;
        session.setSpeed(0);
        session.start(s, optionsFor(s, 1));
        session.run();
        QVERIFY(waitFor(session, [](const Snapshot &x) { return x.slot >= 5; }));
        QElapsedTimer t;
        t.start();
        session.stop();
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QVERIFY(!session.isActive());
        QCOMPARE(session.mode(), LiveMode::Idle);
    }

    void stopRequestedFromAnotherThread()
    {
        const Scenario s = test::bundledScenario("kais-large");
        LiveSession session;
        QSignalSpy finished(&session, &LiveSession::finished);
        session.setSpeed(0);
        session.start(s, optionsFor(s, 1));
        session.run();
        QVERIFY(waitFor(session, [](const Snapshot &x) { return x.slot >= 2; }));
        std::thread other([&session] { session.requestStop(); });
        other.join();
        QVERIFY(finished.wait(10000));
        QVERIFY(session.latest()->cancelled);
        QVERIFY(session.latest()->slot < s.time.duration / s.time.slot);
        QCOMPARE(session.mode(), LiveMode::Finished);
    }

    void destroyingMidRunIsClean()
    {
        const Scenario s = test::bundledScenario("kais-large");
        auto *session = new LiveSession;
        session->setSpeed(0);
        session->start(s, optionsFor(s, 1));
        session->run();
        QVERIFY(waitFor(*session, [](const Snapshot &x) { return x.slot >= 2; }));
        delete session;
        // A second run right after is unaffected.
        LiveSession again;
        again.start(s, optionsFor(s, 1));
        again.stepSlot();
        QVERIFY(waitPaused(again, 1));
    }

    void sameSeedSameTotalsAsAPlainRun()
    {
        const Scenario s = test::bundledScenario("tutorial");
        const RunOptions options = optionsFor(s, 5, 120);
        Engine plain(s, buildPolicySet(options), options.config());
        const RunResult expected = plain.run();

        LiveSession session;
        QSignalSpy finished(&session, &LiveSession::finished);
        session.setSpeed(0);
        session.setFocusNode(0); // recording details must not change the run
        session.start(s, options);
        session.stepSlot();
        QVERIFY(waitPaused(session, 1));
        session.stepFrame();
        session.run();
        QVERIFY(finished.wait(60000));
        const RunResult live = finished[0][0].value<RunResult>();
        QCOMPARE(deterministicPart(live), deterministicPart(expected));
        const RunTotals t = session.latest()->totals;
        QCOMPARE(double(t.arrived), expected.value("arrived"));
        QCOMPARE(double(t.onTime), expected.value("on_time"));
        QCOMPARE(double(t.dropped), expected.value("dropped"));
        QVERIFY(!session.latest()->focus.loadHistory.empty());
    }
};

QTEST_MAIN(TestSimulationWorker)
#include "tst_simulationworker.moc"
