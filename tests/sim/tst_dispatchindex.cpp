// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's ranked index of dispatch candidates gives each decision the node a
// scan of the candidates would give, through scale-ups, scale-downs and pods.
#include "common/bundledscenario.h"

#include "base/mintree.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "state/random.h"

#include <QtTest>

using namespace schedlab;

namespace {
/** Forwards to a ranking policy and counts the decisions where the engine's
 *  index and a scan of the candidates disagree. */
class ScanCheck final : public DispatchPolicy
{
public:
    explicit ScanCheck(PolicySlot<DispatchPolicy> inner) : mInner(std::move(inner)) {}

    int dispatch(const DispatchContext &ctx) override
    {
        const int scanned = leastByRank(*mInner, ctx);
        if (!ctx.cpuLoads.empty()) {
            ++withLoads;
            for (const int n : ctx.candidates)
                if (ctx.cpuLoads[std::size_t(n)] != ctx.state.cpuLoad(n) ||
                    ctx.memAllocated[std::size_t(n)] != ctx.state.memAllocated(n))
                    ++mismatches; // the engine's arrays must be the state's, bit for bit
        }
        const int chosen = mInner->dispatch(ctx);
        if (ctx.leastRanked) {
            ++indexed;
            if (*ctx.leastRanked != scanned)
                ++mismatches;
        } else {
            ++unindexed; // the policy's own scan
        }
        if (chosen != scanned)
            ++mismatches;
        if (scanned != kCloud)
            ++toEdge;
        return chosen;
    }
    void reset(const SimState &state) override { mInner->reset(state); }
    bool ranksNodes() const override { return mInner->ranksNodes(); }
    std::optional<NodeRank> rank(const SimState &state, int node) const override
    {
        return mInner->rank(state, node);
    }

    long indexed = 0, unindexed = 0, mismatches = 0, toEdge = 0, withLoads = 0;

private:
    PolicySlot<DispatchPolicy> mInner;
};

struct Checked
{
    long indexed, unindexed, mismatches, toEdge, withLoads;
};

Checked runChecked(const Scenario &scenario, const std::string &dispatch,
                   const std::string &orchestration, double seconds, int indexSitesFrom = 0)
{
    PolicySelection selection;
    selection.dispatch = dispatch;
    selection.dequeue = "fifo";
    selection.orchestration = orchestration;
    selection.placement = "kube-default";
    PolicySet policies = buildPolicySet(selection, nullptr);
    auto check = std::make_unique<ScanCheck>(std::move(policies.dispatch));
    ScanCheck *seen = check.get();
    policies.dispatch = std::move(check);
    Engine engine(scenario, std::move(policies), RunConfig{3, seconds, indexSitesFrom});
    engine.run();
    return {seen->indexed, seen->unindexed, seen->mismatches, seen->toEdge, seen->withLoads};
}

/** The tutorial's requests beside a stream of pods that take node memory. */
Scenario tutorialWithPods()
{
    Scenario s = test::bundledScenario("tutorial");
    const Scenario drs = test::bundledScenario("drs-five-node");
    s.images.insert(s.images.end(), drs.images.begin(), drs.images.end());
    s.layers.insert(s.layers.end(), drs.layers.begin(), drs.layers.end());
    s.workload.deployments = drs.workload.deployments;
    for (auto &d : s.workload.deployments)
        d.gap = Distribution::constant(2.0);
    return s;
}
} // namespace

class TestDispatchIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void treeAgreesWithAScan()
    {
        Rng rng(5);
        using Key = std::pair<int, int>; // small values: many ties
        MinTree<Key, std::less<Key>> tree(37);
        std::vector<std::optional<Key>> keys(37);
        for (int step = 0; step < 5000; ++step) {
            const int slot = int(rng.below(37));
            if (rng.uniform() < 0.2) {
                tree.clear(slot);
                keys[std::size_t(slot)].reset();
            } else {
                const Key k{int(rng.below(3)), int(rng.below(3))};
                tree.set(slot, k);
                keys[std::size_t(slot)] = k;
            }
            int least = -1;
            for (int i = 0; i < 37; ++i)
                if (keys[std::size_t(i)] &&
                    (least < 0 || *keys[std::size_t(i)] < *keys[std::size_t(least)]))
                    least = i;
            QCOMPARE(tree.top(), least);
        }
    }

    void decisionsEqualAScan_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("dispatch");
        QTest::addColumn<QString>("orchestration");
        QTest::addColumn<double>("seconds");
        QTest::newRow("kais-large greedy hpa") << "kais-large"
                                               << "greedy"
                                               << "hpa" << 120.0;
        QTest::newRow("kais-large kube-default hpa") << "kais-large"
                                                     << "kube-default"
                                                     << "hpa" << 120.0;
        QTest::newRow("tutorial greedy hpa") << "tutorial"
                                             << "greedy"
                                             << "hpa" << 300.0;
        QTest::newRow("kais-edge-cloud kube-default static") << "kais-edge-cloud"
                                                             << "kube-default"
                                                             << "static" << 60.0;
        QTest::newRow("tutorial with pods, greedy") << "pods"
                                                    << "greedy"
                                                    << "hpa" << 300.0;
        QTest::newRow("tutorial with pods, kube-default") << "pods"
                                                          << "kube-default"
                                                          << "hpa" << 300.0;
    }

    void decisionsEqualAScan()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, dispatch);
        QFETCH(QString, orchestration);
        QFETCH(double, seconds);
        const Scenario s =
            scenario == "pods" ? tutorialWithPods() : test::bundledScenario(scenario.toStdString());
        const Checked c =
            runChecked(s, dispatch.toStdString(), orchestration.toStdString(), seconds);
        const QString counts =
            QStringLiteral("%1 decisions, %2 to the edge").arg(c.indexed).arg(c.toEdge);
        QVERIFY2(c.indexed > 300 && c.toEdge > 100, qPrintable(counts));
        QCOMPARE(c.mismatches, 0L);
    }

    void smallSitesKeepTheScan_data()
    {
        QTest::addColumn<QString>("dispatch");
        QTest::newRow("greedy") << QStringLiteral("greedy");
        QTest::newRow("kube-default") << QStringLiteral("kube-default");
    }
    void smallSitesKeepTheScan()
    {
        QFETCH(QString, dispatch);
        const Checked c = runChecked(test::bundledScenario("kais-large"), dispatch.toStdString(),
                                     "static", 10.0, 51); // its sites have 50 edge nodes
        QCOMPARE(c.indexed, 0L);
        QVERIFY(c.unindexed > 1000 && c.toEdge > 1000);
        QCOMPARE(c.withLoads, c.unindexed); // greedy's scan reads the engine's loads
        QCOMPARE(c.mismatches, 0L);         // the policy's own scan is leastByRank's
        QVERIFY(
            runChecked(test::bundledScenario("kais-large"), "greedy", "static", 10.0, 50).indexed >
            0);
    }

    void requestDemandsKeepTheScan()
    {
        // F then depends on the request's own cpu and memory: no index can hold it.
        Scenario s = test::bundledScenario("tutorial");
        s.services[0].requestCpu = Distribution::constant(0.25);
        const Checked c = runChecked(s, "greedy", "static", 30.0);
        QCOMPARE(c.indexed, 0L);
    }
};

QTEST_GUILESS_MAIN(TestDispatchIndex)
#include "tst_dispatchindex.moc"
