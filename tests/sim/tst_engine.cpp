// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/runtext.h"
#include "common/testscenarios.h"
#include "experiment/comparison.h"
#include "scenario/scenarioio.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"

#include <QtTest>

using namespace schedlab;

namespace {
using schedlab::test::deterministicPart;

PolicySelection policies(const char *dispatch, const char *dequeue = "fifo",
                         const char *orchestration = "static")
{
    PolicySelection p;
    p.dispatch = dispatch;
    p.dequeue = dequeue;
    p.orchestration = orchestration;
    return p;
}
} // namespace

class TestEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void conservesRequests_data()
    {
        QTest::addColumn<QString>("dispatch");
        QTest::addColumn<QString>("dequeue");
        QTest::addColumn<QString>("orchestration");
        QTest::addColumn<double>("rate");
        QTest::addColumn<int>("perSlot");
        for (const char *d : {"random", "round-robin", "greedy", "kube-default"})
            for (const char *q : {"fifo", "latency-greedy", "discounted-experience"}) {
                QTest::addRow("%s/%s light", d, q) << d << q << "static" << 6.0 << 0;
                QTest::addRow("%s/%s overload hpa", d, q) << d << q << "hpa" << 80.0 << 1;
            }
    }

    void conservesRequests()
    {
        QFETCH(QString, dispatch);
        QFETCH(QString, dequeue);
        QFETCH(QString, orchestration);
        QFETCH(double, rate);
        QFETCH(int, perSlot);
        Scenario s = test::smallScenario(2, 3, rate);
        s.time.dispatchPerSlot = perSlot;
        const RunResult r =
            runScenario(s, policies(dispatch.toUtf8(), dequeue.toUtf8(), orchestration.toUtf8()), 3);
        const double arrived = r.value("arrived");
        QVERIFY(arrived > 0);
        QCOMPARE(r.value("on_time") + r.value("late") + r.value("dropped") + r.value("in_flight"),
                 arrived);
        QVERIFY(r.value("throughput_rate") >= 0 && r.value("throughput_rate") <= 1);
        QCOMPARE(int(r.frames.size()), int(std::ceil(60.0 / (0.25 * 40))));
    }

    /** Φ_f (KaiS Sec. V) credits a request to the frame it arrived in, however many
     *  frames later it finishes: every frame's value is the share of its own
     *  arrivals served on time. */
    void framesCreditTheirOwnArrivals()
    {
        const ScenarioLoad load =
            loadScenarioFile(SCHEDLAB_SOURCE_DIR "/scenarios/kais-edge-cloud.yaml");
        QVERIFY(load.ok());
        const Scenario &s = *load.scenario;
        struct ByArrival final : SimObserver
        {
            double frameSeconds = 0.0;
            std::vector<double> onTime, dropped;
            void count(std::vector<double> &perFrame, const Request &r, double n)
            {
                const auto frame = std::size_t(r.created / frameSeconds);
                perFrame.resize(std::max(perFrame.size(), frame + 1), 0.0);
                perFrame[frame] += n;
            }
            void onComplete(const SimState &st, std::int32_t id, bool ok) override
            {
                count(onTime, st.requests[id], ok ? 1.0 : 0.0);
            }
            void onDrop(const SimState &st, std::int32_t id, DropSite, int) override
            {
                count(dropped, st.requests[id], 1.0);
            }
        } observer;
        observer.frameSeconds = s.time.slot * s.time.frame;
        // Analytics requests run 15 s of a 25 s frame: many finish in the next one.
        const RunResult r = runScenario(s, s.policies, 1, 300.0, &observer);
        QCOMPARE(int(r.frames.size()), 12);
        for (std::size_t k = 0; k < r.frames.size(); ++k) {
            const FramePoint &f = r.frames[k];
            QCOMPARE(f.onTime, observer.onTime.at(k));
            QCOMPARE(f.dropped, k < observer.dropped.size() ? observer.dropped[k] : 0.0);
            QCOMPARE(f.throughput, f.onTime / f.arrived);
        }
    }

    void sameSeedSameNumbers()
    {
        const Scenario s = test::smallScenario();
        for (const char *d : {"random", "greedy"}) {
            const RunResult a = runScenario(s, policies(d, "discounted-experience", "hpa"), 42);
            const RunResult b = runScenario(s, policies(d, "discounted-experience", "hpa"), 42);
            QCOMPARE(deterministicPart(a), deterministicPart(b));
            const RunResult c = runScenario(s, policies(d, "discounted-experience", "hpa"), 43);
            QVERIFY(deterministicPart(a) != deterministicPart(c));
        }
    }

    void workloadDoesNotDependOnPolicy()
    {
        // Common random numbers: every policy sees the same requests for a seed.
        const Scenario s = test::smallScenario();
        const double a = runScenario(s, policies("random"), 5).value("arrived");
        const double b = runScenario(s, policies("greedy"), 5).value("arrived");
        QCOMPARE(a, b);
    }

    void dispatchPerSlotLimitsEachEap()
    {
        Scenario s = test::smallScenario(2, 3, 40.0);
        s.time.dispatchPerSlot = 1;
        s.time.duration = 20.0;
        const RunResult r = runScenario(s, policies("greedy"), 1);
        const double slots = 20.0 / 0.25;
        // Everything that left an eAP queue: at most one per eAP per slot.
        const double dispatched = r.value("arrived") - r.value("dropped_at_eap") - r.value("in_flight");
        QVERIFY(dispatched <= 2 * slots);
        QVERIFY(r.value("dropped_at_eap") > 0);
    }

    void kubeDefaultSpillsToCloudWhenEdgeIsFull()
    {
        Scenario s = test::smallScenario(1, 2, 60.0);
        const RunResult kube = runScenario(s, policies("kube-default"), 2);
        const RunResult greedy = runScenario(s, policies("greedy"), 2);
        QVERIFY(kube.value("to_cloud_fraction") > 0.1);
        QCOMPARE(greedy.value("to_cloud_fraction"), 0.0); // every service is hosted at the edge
        QVERIFY(kube.value("wan_request_bytes") > greedy.value("wan_request_bytes"));
    }

    void hpaScalesUpUnderLoadAndPullsImages()
    {
        Scenario s = test::smallScenario(2, 3, 30.0);
        s.time.duration = 120.0;
        const RunResult hpa = runScenario(s, policies("greedy", "fifo", "hpa"), 4);
        const RunResult fixed = runScenario(s, policies("greedy", "fifo", "static"), 4);
        QVERIFY(hpa.frames.back().edgeReplicas > fixed.frames.back().edgeReplicas);
        QCOMPARE(fixed.value("pulled_image_bytes"), 0.0);
        QVERIFY(hpa.value("pulled_image_bytes") > 0.0);
        QVERIFY(hpa.value("throughput_rate") > fixed.value("throughput_rate"));
    }

    void unknownPolicyIsRefusedWithAHint()
    {
        const Scenario s = test::smallScenario();
        try {
            runScenario(s, policies("gredy"), 1);
            QFAIL("no exception");
        } catch (const std::invalid_argument &e) {
            QVERIFY(QString(e.what()).contains("did you mean 'greedy'"));
        }
    }

    void observerCanStopARun()
    {
        struct Stopper : SimObserver
        {
            int slots = 0;
            void onSlot(const SimState &) override { ++slots; }
            bool stopRequested() override { return slots >= 10; }
        } stopper;
        const Scenario s = test::smallScenario();
        RunOptions o;
        o.policies = policies("greedy");
        Engine engine(s, buildPolicySet(o), o.config());
        engine.addObserver(&stopper);
        const RunResult r = engine.run();
        QVERIFY(engine.cancelled());
        QCOMPARE(stopper.slots, 10);
        QCOMPARE(r.value("sim_seconds"), 2.5);
    }

    /** Arrivals far beyond what the nodes serve stop the run with a message, before
     *  they take the machine's memory. */
    void aFloodOfRequestsStopsTheRun()
    {
        Scenario s = test::smallScenario();
        s.workload.requests.rate *= 1000;
        RunOptions o;
        o.policies = policies("greedy");
        RunConfig config = o.config();
        config.maxRequestsInFlight = 2000;
        Engine engine(s, buildPolicySet(o), config);
        try {
            engine.run();
            QFAIL("the run went on past its limit");
        } catch (const std::runtime_error &e) {
            QVERIFY2(QString(e.what()).startsWith("more than 2000 requests in flight at once"),
                     e.what());
            QVERIFY(engine.inFlight() <= 2000);
        }
        config.maxRequestsInFlight = kMaxRequestsInFlight; // the default: a sane rate runs
        s.workload.requests.rate /= 1000;
        Engine sane(s, buildPolicySet(o), config);
        QVERIFY(sane.run().value("arrived") > 0);
    }

    void everyObserverHearsEveryEventUntilItLeaves()
    {
        struct Counter : SimObserver
        {
            int slots = 0, dispatches = 0;
            void onSlot(const SimState &) override { ++slots; }
            void onDispatch(const SimState &, std::int32_t, int, int) override { ++dispatches; }
        } first, second, leaver;
        const Scenario s = test::smallScenario();
        RunOptions o;
        o.policies = policies("greedy");
        Engine engine(s, buildPolicySet(o), o.config());
        engine.addObserver(&first);
        engine.addObserver(&second);
        engine.addObserver(&second); // once is enough
        engine.addObserver(&leaver);
        for (int i = 0; i < 4; ++i)
            engine.stepSlot();
        engine.removeObserver(&leaver);
        engine.run();
        QCOMPARE(first.slots, int(engine.totalSlots()));
        QVERIFY(first.dispatches > 0);
        QCOMPARE(second.slots, first.slots);
        QCOMPARE(second.dispatches, first.dispatches);
        QCOMPARE(leaver.slots, 4);
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
