// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/globalsimulation.h"
#include "registry/registry.h"

#include <QtTest>

#include <functional>
#include <map>
#include <set>

using namespace schedlab::global;

namespace {
/** Hands every trace of a run to `f`. */
class TraceWatch final : public GlobalObserver
{
public:
    explicit TraceWatch(std::function<void(const GlobalTrace &)> f) : mF(std::move(f)) {}
    void onTrace(const GlobalTrace &t) override { mF(t); }

private:
    std::function<void(const GlobalTrace &)> mF;
};

/** 60 clusters in 8 zones, half to nine tenths allocated already: near capacity. */
GlobalScenario nearCapacity()
{
    GlobalScenario s = defaultGlobalScenario();
    s.clusters = 60;
    s.regions = 2;
    s.zonesPerRegion = 4;
    s.schedulers = 4;
    s.prefillMin = 0.5;
    s.prefillMax = 0.9;
    s.geoFraction = 0.3;
    s.rate = 60;
    s.lifetime = 30;
    s.duration = 60;
    s.drain = 10;
    return s;
}

const GlobalArchitecture &arch(const char *name)
{
    const GlobalArchitecture *a = findGlobalArchitecture(name);
    if (!a)
        qFatal("no architecture %s", name);
    return *a;
}

/** One scheduler that can decide 100 requests a second, offered 150. */
GlobalScenario overloadedByOneTenant(QueueDiscipline discipline)
{
    GlobalScenario s = defaultGlobalScenario();
    s.clusters = 20;
    s.regions = 1;
    s.zonesPerRegion = 4;
    s.prefillMin = 0.0;
    s.prefillMax = 0.1;
    s.cost.base = 0.01;
    s.rate = 150;
    s.lifetime = 5;
    s.duration = 30;
    s.drain = 0;
    s.tenants = 2;
    s.tenantWeights = {20, 1}; // tenant 0 floods
    s.discipline = discipline;
    return s;
}
} // namespace

class TestGlobalSimulation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyArchitectureIsFoundByName()
    {
        QStringList names;
        for (const GlobalArchitecture &a : globalArchitectures()) {
            QCOMPARE(findGlobalArchitecture(a.name), &a);
            QVERIFY(schedlab::isKnownPolicy(schedlab::Plane::Global, a.name)); // list-policies
            names << QString::fromStdString(a.name);
        }
        QCOMPARE(names, QStringList({"two-level", "monolithic", "siloed", "shared-state",
                                     "siloed-arbitrator", "two-level-single"}));
        QVERIFY(findGlobalArchitecture("omega") == nullptr);
        QCOMPARE(schedlab::planeName(schedlab::Plane::Global), std::string("global"));
        QVERIFY(schedlab::unknownPolicyMessage(schedlab::Plane::Global, "two-levle")
                    .find("did you mean 'two-level'") != std::string::npos);
    }

    void lightLoadPlacesEverythingEverywhere()
    {
        GlobalScenario s = nearCapacity();
        s.prefillMin = 0.0;
        s.prefillMax = 0.2;
        s.rate = 10;
        for (const GlobalArchitecture &a : globalArchitectures()) {
            const GlobalResult r = runGlobal(s, a, 1);
            QVERIFY2(r.arrived > 500, a.name.c_str());
            QVERIFY2(r.placed + r.failed + r.unfinished == r.arrived, a.name.c_str());
            QVERIFY2(r.placedShare > 0.98, a.name.c_str());
            QVERIFY2(r.schedLatencyP99Ms < 1000.0, a.name.c_str());
        }
    }

    void sharedStateConflictsNearCapacityAndForwardingAvoidsThem()
    {
        // 1.3.3: replicated views let schedulers claim the same capacity; 2.5.5:
        // forwarding to the cluster's home serialises the claims on each cluster.
        const GlobalScenario s = nearCapacity();
        const GlobalResult shared = runGlobal(s, arch("shared-state"), 3);
        GlobalScenario optimistic = s;
        optimistic.avoidance = ConflictAvoidance::None;
        // A slower decision leaves more commits in flight at once.
        optimistic.cost.base = 0.02;
        GlobalScenario forward = optimistic;
        forward.avoidance = ConflictAvoidance::Forward;
        const GlobalResult plain = runGlobal(optimistic, arch("two-level"), 3);
        const GlobalResult avoided = runGlobal(forward, arch("two-level"), 3);
        QVERIFY2(shared.conflicts > 100, qPrintable(QString::number(shared.conflicts)));
        QVERIFY(plain.conflicts > 0);
        QVERIFY2(avoided.forwards > 0, "untagged requests go to other schedulers' clusters");
        QVERIFY2(avoided.conflicts < plain.conflicts,
                 qPrintable(QString("%1 vs %2").arg(avoided.conflicts).arg(plain.conflicts)));
        QVERIFY(avoided.conflicts * 10 < shared.conflicts);
        // The conflicts come from concurrency: one scheduler with the same replicated,
        // stale view has (almost) none.
        GlobalScenario alone = s;
        alone.schedulers = 1;
        const GlobalResult single = runGlobal(alone, arch("shared-state"), 3);
        QVERIFY2(single.conflicts * 10 < shared.conflicts,
                 qPrintable(QString("%1 vs %2").arg(single.conflicts).arg(shared.conflicts)));
    }

    void thresholdForwardsOnlyForAClearlyBetterCluster()
    {
        // 2.5.5 alternative: the best home cluster is kept unless another scheduler's
        // cluster beats it by more than the threshold; a larger threshold, fewer forwards.
        GlobalScenario s = nearCapacity();
        s.avoidance = ConflictAvoidance::Forward;
        const GlobalResult always = runGlobal(s, arch("two-level"), 3);
        s.avoidance = ConflictAvoidance::Threshold;
        s.forwardThreshold = 0.1;
        const GlobalResult some = runGlobal(s, arch("two-level"), 3);
        // Above any score gap: forwards only requests with no candidate at home.
        s.forwardThreshold = 10.0;
        const GlobalResult never = runGlobal(s, arch("two-level"), 3);
        QVERIFY2(some.forwards < always.forwards,
                 qPrintable(QString("%1 vs %2").arg(some.forwards).arg(always.forwards)));
        QVERIFY(never.forwards <= some.forwards);
        QVERIFY2(never.forwards * 4 < always.forwards,
                 qPrintable(QString("%1 vs %2").arg(never.forwards).arg(always.forwards)));
        // Ranking every cluster each time costs more decision time than the zone first.
        QVERIFY(some.queueWaitMeanMs >= always.queueWaitMeanMs);
    }

    void siloedCannotSpillIntoOtherPartitions()
    {
        // 1.3.2: a silo sees only its own clusters, so near capacity it turns away
        // requests that a scheduler with the global view places elsewhere.
        const GlobalScenario s = nearCapacity();
        const GlobalResult siloed = runGlobal(s, arch("siloed"), 3);
        const GlobalResult twoLevel = runGlobal(s, arch("two-level"), 3);
        QVERIFY2(siloed.failed > twoLevel.failed,
                 qPrintable(QString("%1 vs %2").arg(siloed.failed).arg(twoLevel.failed)));
        QCOMPARE(siloed.forwards, std::int64_t(0));
    }

    void rescheduledRequestNeverReturnsToTheFailedCluster()
    {
        std::map<std::int32_t, std::set<std::int32_t>> failed;
        int reschedules = 0, violations = 0;
        TraceWatch observer([&](const GlobalTrace &t) {
            if (t.kind == GlobalTrace::Reschedule) {
                failed[t.request].insert(t.cluster);
                ++reschedules;
            } else if ((t.kind == GlobalTrace::Commit || t.kind == GlobalTrace::Forward) &&
                       failed[t.request].count(t.cluster)) {
                ++violations;
            }
        });
        runGlobal(nearCapacity(), arch("shared-state"), 3, &observer);
        failed.clear(); // request numbers start again in the next run
        GlobalScenario s = nearCapacity();
        s.avoidance = ConflictAvoidance::None;
        runGlobal(s, arch("two-level"), 3, &observer);
        QVERIFY(reschedules > 50);
        QCOMPARE(violations, 0);
    }

    void rescheduledRequestGoesToTheHeadOfTheQueue()
    {
        // 2.5.6: a rejected request is decided again before requests queued earlier.
        GlobalScenario s = nearCapacity();
        s.cost.base = 0.02;
        std::map<std::int32_t, double> rescheduledAt;
        int checked = 0, late = 0;
        double lastCommit = 0.0;
        TraceWatch watch([&](const GlobalTrace &t) {
            if (t.kind == GlobalTrace::Reschedule)
                rescheduledAt[t.request] = t.time;
            if (t.kind == GlobalTrace::Commit) {
                auto it = rescheduledAt.find(t.request);
                if (it != rescheduledAt.end()) {
                    ++checked;
                    // One decision in progress at most, then this one: two decision times.
                    if (t.time - it->second > 2 * 0.02 + 1e-3 + 1e-9)
                        ++late;
                    rescheduledAt.erase(it);
                }
                lastCommit = t.time;
            }
        });
        runGlobal(s, arch("two-level-single"), 3, &watch);
        QVERIFY(checked > 0);
        QCOMPARE(late, 0);
    }

    void floodingTenantCannotStarveAnother()
    {
        // 2.5.8: tenant 0 sends twenty times what tenant 1 does, past what the scheduler
        // can decide. FIFO makes tenant 1 wait behind the flood; fair queues do not.
        const GlobalResult fifo =
            runGlobal(overloadedByOneTenant(QueueDiscipline::Fifo), arch("two-level-single"), 5);
        const GlobalResult fair =
            runGlobal(overloadedByOneTenant(QueueDiscipline::Fair), arch("two-level-single"), 5);
        QVERIFY(fifo.tenants[1].arrived > 100);
        QVERIFY2(fifo.tenants[1].latencyP99Ms > 5000.0,
                 qPrintable(QString::number(fifo.tenants[1].latencyP99Ms)));
        QVERIFY2(fair.tenants[1].latencyP99Ms < 100.0,
                 qPrintable(QString::number(fair.tenants[1].latencyP99Ms)));
        QVERIFY(fair.tenants[0].latencyP99Ms > 5000.0); // the flood waits for itself
        QCOMPARE(fair.tenants[1].placed, fair.tenants[1].arrived);
    }

    void tenantQueueLimitThrottlesOnlyTheFlood()
    {
        GlobalScenario s = overloadedByOneTenant(QueueDiscipline::Fair);
        s.tenantQueueLimit = 50;
        const GlobalResult r = runGlobal(s, arch("two-level-single"), 5);
        QVERIFY(r.tenants[0].throttled > 100);
        QCOMPARE(r.tenants[1].throttled, std::int64_t(0));
        QVERIFY(r.tenants[0].latencyP99Ms < 1000.0); // a bounded queue, a bounded wait
    }

    void priorityFirstButLowPriorityIsNotStarved()
    {
        // 2.5.8: high priority goes first, yet a request that waited past the
        // starvation age is served before newer high-priority ones.
        GlobalScenario s = overloadedByOneTenant(QueueDiscipline::Fair);
        s.tenants = 1;
        s.tenantWeights = {};
        s.rate = 200;
        s.priorities = 2;
        s.priorityWeights = {1, 2}; // 133 high-priority requests a second: more than 100
        s.starvationAge = 2.0;
        const GlobalResult aged = runGlobal(s, arch("two-level-single"), 5);
        s.starvationAge = 1e9;
        const GlobalResult strict = runGlobal(s, arch("two-level-single"), 5);
        QVERIFY(strict.priorities[1].placed > 2000);
        QVERIFY2(strict.priorities[0].placed < 10,
                 qPrintable(QString::number(strict.priorities[0].placed)));
        QVERIFY2(aged.priorities[0].placed > 200,
                 qPrintable(QString::number(aged.priorities[0].placed)));
        QVERIFY(aged.priorities[1].latencyMeanMs < aged.priorities[0].latencyMeanMs);
        // Not overloaded, high priority waits less.
        s.rate = 90;
        s.starvationAge = 2.0;
        const GlobalResult busy = runGlobal(s, arch("two-level-single"), 5);
        QVERIFY(busy.priorities[1].latencyMeanMs < busy.priorities[0].latencyMeanMs);
    }

    void sameSeedSameResultOtherSeedOther()
    {
        const GlobalScenario s = nearCapacity();
        for (const char *name : {"two-level", "shared-state", "monolithic"}) {
            std::vector<GlobalTrace> a, b;
            TraceWatch intoA([&](const GlobalTrace &t) { a.push_back(t); });
            TraceWatch intoB([&](const GlobalTrace &t) { b.push_back(t); });
            const GlobalResult ra = runGlobal(s, arch(name), 11, &intoA);
            const GlobalResult rb = runGlobal(s, arch(name), 11, &intoB);
            QCOMPARE(a.size(), b.size());
            for (std::size_t i = 0; i < a.size(); ++i)
                QVERIFY(a[i].kind == b[i].kind && a[i].time == b[i].time &&
                        a[i].request == b[i].request && a[i].cluster == b[i].cluster);
            QCOMPARE(ra.metrics(), rb.metrics());
            QVERIFY(runGlobal(s, arch(name), 12).metrics() != ra.metrics());
        }
    }

    void directRequestsMakeAStaleViewCostConflicts()
    {
        // 2.5.6: requests that go to a cluster's own scheduler take capacity the global
        // view learns of only at the next collection. The longer the period, the more
        // of two-level's commits meet a cluster fuller than it looks.
        GlobalScenario s = nearCapacity();
        s.directRate = 60;
        s.collectionPeriod = 0.5;
        const GlobalResult fresh = runGlobal(s, arch("two-level"), 3);
        s.collectionPeriod = 20;
        const GlobalResult stale = runGlobal(s, arch("two-level"), 3);
        s.directRate = 0;
        const GlobalResult framework = runGlobal(s, arch("two-level"), 3);
        QVERIFY(fresh.directPlaced > 0);
        QVERIFY(stale.directPlaced > 0);
        QVERIFY(stale.directRejected > 0); // near capacity some clusters have no room
        QVERIFY2(fresh.conflicts + fresh.reschedules < stale.conflicts + stale.reschedules,
                 qPrintable(QString("%1 + %2 vs %3 + %4")
                                .arg(fresh.conflicts)
                                .arg(fresh.reschedules)
                                .arg(stale.conflicts)
                                .arg(stale.reschedules)));
        // With the same period and no direct requests the view misses far less.
        QVERIFY2(framework.conflicts < stale.conflicts,
                 qPrintable(QString("%1 vs %2").arg(framework.conflicts).arg(stale.conflicts)));
    }

    void zeroDirectRateChangesNothing()
    {
        // Direct requests draw from a stream of their own and push no event at rate 0,
        // so every result stays what it was (the recorded fingerprint checks that too).
        const GlobalScenario defaults = nearCapacity();
        GlobalScenario zero = defaults;
        zero.directRate = 0.0;
        for (const char *name : {"two-level", "shared-state", "monolithic"}) {
            std::vector<GlobalTrace> a, b;
            TraceWatch intoA([&](const GlobalTrace &t) { a.push_back(t); });
            TraceWatch intoB([&](const GlobalTrace &t) { b.push_back(t); });
            const GlobalResult ra = runGlobal(defaults, arch(name), 3, &intoA);
            const GlobalResult rb = runGlobal(zero, arch(name), 3, &intoB);
            QCOMPARE(a.size(), b.size());
            for (std::size_t i = 0; i < a.size(); ++i)
                QVERIFY(a[i].kind == b[i].kind && a[i].time == b[i].time &&
                        a[i].request == b[i].request && a[i].cluster == b[i].cluster);
            QCOMPARE(ra.metrics(), rb.metrics());
            QCOMPARE(ra.directPlaced, std::int64_t(0));
            QCOMPARE(ra.directRejected, std::int64_t(0));
        }
        // The framework's own requests do not change when direct ones are added.
        GlobalScenario some = defaults;
        some.directRate = 30;
        const GlobalResult withDirect = runGlobal(some, arch("two-level"), 3);
        QVERIFY(withDirect.directPlaced > 0);
        QCOMPARE(withDirect.arrived, runGlobal(defaults, arch("two-level"), 3).arrived);
    }

    void partitionMapperBalancesZonesAndMovesLoad()
    {
        PartitionMapper m({10, 10, 10, 10, 5, 5}, 2);
        int clusters[2] = {0, 0};
        const int sizes[] = {10, 10, 10, 10, 5, 5};
        for (int z = 0; z < 6; ++z)
            clusters[m.home(z)] += sizes[z];
        QCOMPARE(clusters[0], 25);
        QCOMPARE(clusters[1], 25);
        // All the load in scheduler 0's zones: one zone moves to scheduler 1.
        std::vector<double> load(6, 0.0);
        for (int z = 0; z < 6; ++z)
            if (m.home(z) == 0)
                load[std::size_t(z)] = 1.0;
        const auto before = m.homes();
        QVERIFY(m.rebalance(load, 0.25));
        int moved = 0;
        for (int z = 0; z < 6; ++z)
            moved += before[std::size_t(z)] != m.home(z);
        QCOMPARE(moved, 1);
        // Balanced loads stay where they are.
        PartitionMapper balanced({10, 10, 10, 10, 5, 5}, 2);
        QVERIFY(!balanced.rebalance(std::vector<double>(6, 1.0), 0.25));
    }

    void partitionMapperMovesZonesOffTheBusiestScheduler()
    {
        // 8 zones on 3 schedulers: two get 3 zones, one gets 2, and geolocated load
        // follows the zones; the mapper moves zones until no one is over the mean.
        GlobalScenario s = nearCapacity();
        s.schedulers = 3;
        s.geoFraction = 1.0;
        s.prefillMax = 0.5;
        s.mapperTolerance = 0.05;
        s.mapperPeriod = 5;
        QVERIFY(runGlobal(s, arch("two-level"), 2).partitionMoves > 0);
        QCOMPARE(runGlobal(s, arch("siloed"), 2).partitionMoves, std::int64_t(0));
    }

    void monolithicFallsBehindAsClustersGrow()
    {
        // The characteristic behaviour of 1.3.1 against 2.3 at a small scale: with
        // the offered load growing with the clusters, one node-level scheduler's
        // queue grows without bound while G cluster-level schedulers keep up.
        GlobalScenario s = nearCapacity();
        s.prefillMin = 0.2;
        s.prefillMax = 0.6;
        s.duration = 30;
        s.clusters = 50;
        s.rate = 5;
        const GlobalResult smallMono = runGlobal(s, arch("monolithic"), 1);
        s.clusters = 1000;
        s.rate = 100;
        const GlobalResult bigMono = runGlobal(s, arch("monolithic"), 1);
        const GlobalResult bigTwo = runGlobal(s, arch("two-level"), 1);
        QVERIFY(smallMono.schedLatencyP99Ms < 1000.0);
        QVERIFY2(bigMono.schedLatencyP99Ms > 1000.0,
                 qPrintable(QString::number(bigMono.schedLatencyP99Ms)));
        QVERIFY2(bigTwo.schedLatencyP99Ms < 1000.0,
                 qPrintable(QString::number(bigTwo.schedLatencyP99Ms)));
    }
};

QTEST_GUILESS_MAIN(TestGlobalSimulation)
#include "tst_globalsimulation.moc"
