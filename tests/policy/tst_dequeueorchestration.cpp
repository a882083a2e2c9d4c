// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dequeue/dequeuepolicies.h"
#include "policy/orchestration/orchestrationpolicies.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <numeric>

using namespace schedlab;

namespace {
Request requestWith(int service, double deadline, double enqueued = 0.0)
{
    Request r;
    r.service = std::uint32_t(service);
    r.deadline = deadline;
    r.enqueued = enqueued;
    return r;
}

SimState stateWithServices(Scenario &scenario, int services)
{
    scenario.services.resize(services);
    scenario.sites.resize(1);
    for (auto &s : scenario.services) {
        s.replicaCpu = 1.0;
        s.replicas = {1, 1, 10};
    }
    SimState st;
    st.scenario = &scenario;
    st.serviceCount = services;
    return st;
}

/** A frame boundary with chosen busy time and replica counts, recording decisions. */
class FakeFrame : public OrchestrationContext
{
public:
    SimState st;
    std::vector<double> busy;
    std::vector<int> replicas;
    double frame = 25.0;

    const SimState &state() const override { return st; }
    int site() const override { return 0; }
    double frameSeconds() const override { return frame; }
    double frameBusyCoreSeconds(int s) const override { return busy[s]; }
    int edgeReplicas(int s) const override { return replicas[s]; }
    bool scaleUp(int s) override { return ++replicas[s], true; }
    bool scaleDown(int s) override { return --replicas[s], true; }
    bool scaleUpOn(int s, int) override { return scaleUp(s); }
    bool scaleDownOn(int s, int) override { return scaleDown(s); }
};
} // namespace

class TestDequeueOrchestration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fifoIsQueueOrder()
    {
        auto fifo = makeFifoDequeue();
        QVERIFY(fifo->isFifo());
        QVERIFY(fifo->priority(0, requestWith(0, 9, 1.0), 2) >
                fifo->priority(0, requestWith(0, 1, 1.5), 2));
    }

    void latencyGreedyServesTheEarliestDeadline()
    {
        auto edf = makeLatencyGreedyDequeue();
        QVERIFY(edf->priority(0, requestWith(0, 3.0), 0) > edf->priority(0, requestWith(0, 4.0), 0));
    }

    void discountedExperienceFollowsEquations8And9()
    {
        Scenario scenario;
        const SimState st = stateWithServices(scenario, 2);
        const double discount = 0.8, penalty = 0.5;
        auto psi = makeDiscountedExperienceDequeue(discount, penalty);
        psi->reset(st, 1);

        // Slot 1: service 0 observed 1.0 s and 3.0 s -> T = 2; E = 0.8*0 + 0.2*2 = 0.4.
        psi->observe(0, 0, 1.0);
        psi->observe(0, 0, 3.0);
        psi->endSlot();
        // Slot 2: nothing observed for service 0: E stays (eq. 8 applies only when T != 0).
        psi->endSlot();
        // Slot 3: T = 1.4 -> E = 0.8*0.4 + 0.2*1.4 = 0.6.
        psi->observe(0, 0, 1.4);
        psi->endSlot();
        const double E = 0.6;

        // The hand-made queue, at now = 10: F = deadline - now.
        const double now = 10.0;
        const std::vector<Request> queue = {
            requestWith(0, 12.0), // F = 2.0 > E: 1/(2.0-0.6)
            requestWith(0, 10.8), // F = 0.8 > E: 1/(0.8-0.6) = 5
            requestWith(0, 10.4), // F = 0.4 < E: λ'/(0.6-0.4) = 2.5
            requestWith(0, 10.1), // F = 0.1 < E: λ'/0.5 = 1
            requestWith(1, 10.1), // service 1 has E = 0: 1/0.1 = 10
        };
        const std::vector<double> expected = {1 / (2.0 - E), 1 / (0.8 - E), penalty / (E - 0.4),
                                              penalty / (E - 0.1), 1 / 0.1};
        for (std::size_t i = 0; i < queue.size(); ++i)
            QVERIFY2(std::abs(psi->priority(0, queue[i], now) - expected[i]) < 1e-9,
                     qPrintable(QString("request %1: %2 vs %3")
                                    .arg(i)
                                    .arg(psi->priority(0, queue[i], now))
                                    .arg(expected[i])));
        // Dequeue order: highest priority first.
        std::vector<int> order(queue.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return psi->priority(0, queue[a], now) > psi->priority(0, queue[b], now);
        });
        QCOMPARE(order, (std::vector<int>{4, 1, 2, 3, 0}));
        // Another queue has its own experience.
        psi->reset(st, 2);
        psi->observe(1, 0, 5.0);
        psi->endSlot();
        QCOMPARE(psi->priority(0, queue[0], now), 1 / 2.0);
    }

    void hpaFollowsTheKubernetesRule_data()
    {
        QTest::addColumn<double>("utilisation"); // of requested cpu over the frame
        QTest::addColumn<int>("current");
        QTest::addColumn<int>("expected");
        // target 0.6, tolerance 0.1: desired = ceil(current * u / 0.6)
        QTest::newRow("inside tolerance") << 0.65 << 4 << 4;
        QTest::newRow("scale up") << 0.9 << 4 << 6;          // ceil(6.0)
        QTest::newRow("scale up, ceil") << 0.95 << 3 << 5;   // ceil(4.75)
        QTest::newRow("bounded by max") << 1.0 << 8 << 10;   // ceil(13.3) -> 10
        QTest::newRow("scale down") << 0.15 << 4 << 1;       // ceil(1.0)
        QTest::newRow("never below one") << 0.0 << 2 << 1;
    }

    void hpaFollowsTheKubernetesRule()
    {
        QFETCH(double, utilisation);
        QFETCH(int, current);
        QFETCH(int, expected);
        Scenario scenario;
        FakeFrame f;
        f.st = stateWithServices(scenario, 1);
        f.replicas = {current};
        f.busy = {utilisation * current * 1.0 * f.frame};
        // No stabilisation so the rule shows alone.
        auto hpa = makeHpaOrchestration({0.6, 0.1, 0.0});
        hpa->reset(f.st);
        hpa->onFrame(f);
        QCOMPARE(f.replicas[0], expected);
    }

    void hpaStabilisesScaleDown()
    {
        Scenario scenario;
        FakeFrame f;
        f.st = stateWithServices(scenario, 1);
        f.replicas = {6};
        auto hpa = makeHpaOrchestration({0.6, 0.1, 100.0}); // window = 4 frames of 25 s
        hpa->reset(f.st);
        f.busy = {0.6 * 6 * f.frame}; // on target: recommendation 6
        hpa->onFrame(f);
        QCOMPARE(f.replicas[0], 6);
        for (int frame = 1; frame <= 3; ++frame) { // load drops: recommendation 1
            f.busy = {0.0};
            hpa->onFrame(f);
            QCOMPARE(f.replicas[0], 6); // the 6 is still inside the window
        }
        f.busy = {0.0};
        hpa->onFrame(f); // the 6 has left the window
        QCOMPARE(f.replicas[0], 1);
    }
};

QTEST_GUILESS_MAIN(TestDequeueOrchestration)
#include "tst_dequeueorchestration.moc"
