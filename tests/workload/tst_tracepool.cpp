// SPDX-License-Identifier: GPL-3.0-or-later
// Requests from a trace as KaiS Sec. V builds them: service by demand class,
// delay from end - start, demand from plan_cpu/plan_mem, P1-P4 and clips.
#include "common/bundledscenario.h"
#include "state/topology.h"
#include "workload/arrivalsource.h"
#include "workload/tracepool.h"

#include <QtTest>

#include <cmath>
#include <numbers>
#include <set>

using namespace schedlab;

namespace {
TraceTask task(double start, double end, double cpu, double memory)
{
    TraceTask t;
    t.start = start;
    t.end = end;
    t.cpu = cpu;
    t.memory = memory;
    t.service = "job:" + std::to_string(int(start));
    return t;
}

std::vector<Arrival> arrivals(const Scenario &s, double until, std::uint64_t seed = 3)
{
    std::string error;
    auto source = makeArrivalSource(s, Topology::build(s), seed, &error);
    if (!source)
        qFatal("no arrival source: %s", error.c_str());
    std::vector<Arrival> out;
    for (Arrival a; source->next(a) && a.time < until;)
        out.push_back(a);
    return out;
}

/** The testbed with its trace workload set to `pattern`, period 2 min. */
Scenario testbed(Pattern pattern)
{
    Scenario s = test::bundledScenario("kais-testbed");
    s.workload.requests.pattern = pattern;
    s.workload.requests.period = 120.0;
    s.workload.requests.amplitude = 0.8;
    return s;
}
} // namespace

class TestTracePool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void serviceIsTheDemandClass()
    {
        // 60 distinct demands (cpu first, then memory) over 30 services: two each,
        // in demand order.
        std::vector<TraceTask> tasks;
        for (int i = 0; i < 60; ++i)
            tasks.push_back(task(i, i + 10, i < 30 ? 0.5 : 1.0, 0.001 * (60 - i)));
        const TracePool pool = makeTracePool(tasks, TraceFormat::Alibaba2017, 30);
        QCOMPARE(pool.requests.size(), std::size_t(60));
        std::map<int, int> perService;
        for (const TraceRequest &r : pool.requests)
            ++perService[r.service];
        QCOMPARE(int(perService.size()), 30);
        for (const auto &[service, n] : perService)
            QCOMPARE(n, 2);
        // The largest demand (cpu 1, the most memory among cpu 1) is in the last class.
        QCOMPARE(pool.requests[30].service, 29);
        QCOMPARE(pool.requests[29].service, 0); // cpu 0.5, the least memory
    }

    void equalDemandsShareAService()
    {
        std::vector<TraceTask> tasks;
        for (int i = 0; i < 40; ++i)
            tasks.push_back(task(i, i + 1, 0.5, i % 2 ? 0.004 : 0.008));
        const TracePool pool = makeTracePool(tasks, TraceFormat::Alibaba2017, 30);
        std::set<int> services;
        for (const TraceRequest &r : pool.requests)
            services.insert(r.service);
        QCOMPARE(services, (std::set<int>{0, 15}));
    }

    void delayIsEndMinusStartAtLeastOneSecond()
    {
        const TracePool pool = makeTracePool({task(100, 100, 0.5, 0.01), task(101, 160, 0.5, 0.01)},
                                             TraceFormat::Alibaba2017, 30);
        QCOMPARE(pool.requests[0].delay, 1.0);
        QCOMPARE(pool.requests[1].delay, 59.0);
        QCOMPARE(pool.origin, 100.0);
    }

    void clipsCoverTheTraceOnce()
    {
        Scenario s = test::bundledScenario("kais-testbed");
        s.workload.requests.clips = 7;
        std::size_t total = 0;
        double longest = 0.0, shortest = 1e9;
        for (int k = 0; k < 7; ++k) {
            s.workload.requests.clip = k;
            const std::vector<Arrival> clip = arrivals(s, 1e9);
            QVERIFY(!clip.empty());
            QVERIFY(clip.front().time >= 0.0);
            total += clip.size();
            if (k < 6) { // the last window also holds the last start
                longest = std::max(longest, clip.back().time);
                shortest = std::min(shortest, clip.back().time);
            }
        }
        s.workload.requests.clips = 0;
        s.workload.requests.clip = 0;
        QCOMPARE(total, arrivals(s, 1e9).size());
        // Equal windows: each clip's last arrival is near the window's end.
        QVERIFY(longest - shortest < 0.1 * longest);
    }

    void p4ReplaysTheTraceAtTheRate()
    {
        const Scenario s = testbed(Pattern::P4);
        const std::vector<Arrival> all = arrivals(s, 1e9);
        std::string error;
        const TracePool pool = loadTracePool(s, &error);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(all.size(), pool.requests.size());
        const double rate = double(all.size()) / all.back().time;
        QVERIFY2(std::abs(rate - s.workload.requests.rate) < 0.01 * s.workload.requests.rate,
                 qPrintable(QString::number(rate)));
        // Bodies are the tasks: delay, cpu, memory share (of the largest edge node, 4 GiB).
        for (std::size_t i = 0; i < all.size(); i += 97) {
            QCOMPARE(all[i].delay, pool.requests[i].delay);
            QCOMPARE(all[i].cpu, pool.requests[i].cpu);
            QCOMPARE(all[i].memory, pool.requests[i].memory * 4.0 * (1 << 30));
            QCOMPARE(all[i].service, pool.requests[i].service);
        }
    }

    /** P1 modulates the CPU sum load, P3 at twice the frequency, P2 the memory sum. */
    void patternsFluctuateWithThePeriod_data()
    {
        QTest::addColumn<int>("pattern");
        QTest::addRow("P1") << int(Pattern::P1);
        QTest::addRow("P2") << int(Pattern::P2);
        QTest::addRow("P3") << int(Pattern::P3);
    }
    void patternsFluctuateWithThePeriod()
    {
        QFETCH(int, pattern);
        const Scenario s = testbed(Pattern(pattern));
        const double period = pattern == int(Pattern::P3) ? 60.0 : 120.0;
        double cpu[2] = {0, 0}, memory[2] = {0, 0};
        std::string error;
        const TracePool pool = loadTracePool(s, &error);
        std::multiset<std::tuple<double, double, double>> bodies;
        for (const TraceRequest &r : pool.requests)
            bodies.emplace(r.delay, r.cpu, r.memory * 4.0 * (1 << 30));
        int fromTrace = 0, n = 0;
        for (const Arrival &a : arrivals(s, 20 * period)) {
            const int half = std::fmod(a.time, period) < period / 2 ? 0 : 1; // sin > 0, < 0
            cpu[half] += a.cpu;
            memory[half] += a.memory;
            fromTrace += bodies.count({a.delay, a.cpu, a.memory}) > 0;
            ++n;
        }
        QCOMPARE(fromTrace, n);
        if (pattern == int(Pattern::P2)) {
            // The rate stays; the mix shifts to memory-heavy tasks in the first half.
            QVERIFY2(memory[0] / cpu[0] > 1.1 * memory[1] / cpu[1],
                     qPrintable(QString("%1 vs %2").arg(memory[0] / cpu[0]).arg(memory[1] / cpu[1])));
        } else {
            QVERIFY2(cpu[0] > 2.0 * cpu[1], qPrintable(QString("%1 vs %2").arg(cpu[0]).arg(cpu[1])));
        }
    }

    void badClipsAreNamed()
    {
        Scenario s = test::bundledScenario("kais-testbed");
        s.workload.requests.clips = 50;
        s.workload.requests.clip = 50;
        auto errors = validateScenario(s);
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(errors[0].keyPath), QString("workload.requests.clip"));
        QVERIFY(errors[0].message.find("[0, 49]") != std::string::npos);

        s.workload.requests.kind = RequestWorkloadKind::Poisson;
        s.workload.requests.clip = 3;
        errors = validateScenario(s);
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(errors[0].keyPath), QString("workload.requests.clips"));
    }
};

QTEST_GUILESS_MAIN(TestTracePool)
#include "tst_tracepool.moc"
