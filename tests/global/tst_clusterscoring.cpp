// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/clusterscheduler.h"
#include "global/clusterscoring.h"
#include "global/clustersummary.h"

#include <QtTest>

using namespace schedlab::global;

namespace {
Resources res(double cpu, double memory, double gpu = 0.0)
{
    Resources r;
    r[Cpu] = cpu;
    r[Memory] = memory;
    r[Gpu] = gpu;
    return r;
}

GlobalRequest request(double cpu, double memory)
{
    GlobalRequest r;
    r.demand = res(cpu, memory);
    return r;
}

/** A cluster of nodes with the given capacities, `used` of each already allocated. */
void addCluster(NodeTable &t, const std::vector<Resources> &capacities,
                const std::vector<Resources> &used = {})
{
    for (std::size_t i = 0; i < capacities.size(); ++i) {
        const std::int32_t n = t.addNode(capacities[i], kSsd);
        if (i < used.size())
            t.free[std::size_t(n)] -= used[i];
    }
    t.closeCluster();
}

std::vector<ClusterSummary> summaries(const NodeTable &t)
{
    std::vector<ClusterSummary> v;
    for (std::int32_t c = 0; c < t.clusterCount(); ++c)
        v.push_back(summarise(t, c));
    return v;
}
} // namespace

class TestClusterScoring : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void figureTwoQuantityCheckUsesPotentiallyFeasibleNodes()
    {
        // Doc 2.5.2, Figure 2: Cluster 1's average node has 110M memory, node 3 has 256M.
        NodeTable t;
        addCluster(t, {res(4, 40), res(4, 34), res(4, 256)});
        const ClusterSummary s = summarise(t, 0);
        QCOMPARE(s.centroid()[Memory], 110.0);
        const GlobalRequest vm = request(1, 128);
        QVERIFY(s.centroid()[Memory] < vm.demand[Memory]); // an average check would filter it out
        QVERIFY(passesFilter(ClusterInfo{}, s, vm));
        QVERIFY(!passesFilter(ClusterInfo{}, s, request(1, 257)));
        QVERIFY(placeOnNode(t, 0, vm) == 2);
    }

    void quantityCheckNeedsOneNodeHoldingEveryType()
    {
        // The node with most cpu has little memory and vice versa: no single node fits
        // 6 cores and 30 GiB although the cluster's totals do.
        NodeTable t;
        addCluster(t, {res(8, 4096), res(2, 32768), res(1, 1024)});
        const ClusterSummary s = summarise(t, 0);
        QVERIFY(s.allocable.holds(res(6, 30000)));
        QVERIFY(!passesFilter(ClusterInfo{}, s, request(6, 30000)));
        QVERIFY(passesFilter(ClusterInfo{}, s, request(6, 4000)));
        QVERIFY(passesFilter(ClusterInfo{}, s, request(2, 30000)));
    }

    void potentiallyFeasibleNodesAreTheLargestPerType()
    {
        NodeTable t;
        std::vector<Resources> caps;
        for (int i = 0; i < 20; ++i)
            caps.push_back(res(i + 1, 1000.0 * (20 - i)));
        addCluster(t, caps);
        const ClusterSummary s = summarise(t, 0);
        QCOMPARE(int(s.feasibleCount), 2 * ClusterSummary::kPerResource); // no gpus: ties dedup
        QVERIFY(passesFilter(ClusterInfo{}, s, request(20, 1000)));       // the largest-cpu node
        QVERIFY(passesFilter(ClusterInfo{}, s, request(1, 20000)));       // the largest-memory node
        // A mid node (10 cores, 11000 MiB) is not among them: the check is an approximation.
        QVERIFY(!passesFilter(ClusterInfo{}, s, request(10, 11000)));
    }

    void filterHonoursGeolocationAffinityAndStorage()
    {
        NodeTable t;
        addCluster(t, {res(8, 8192)});
        const ClusterSummary s = summarise(t, 0);
        ClusterInfo info;
        info.zone = 3;
        info.region = 1;
        GlobalRequest r = request(1, 512);
        r.zone = 3;
        QVERIFY(passesFilter(info, s, r));
        r.zone = 4;
        QVERIFY(!passesFilter(info, s, r));
        r.zone = kNone;
        r.region = 2;
        QVERIFY(!passesFilter(info, s, r));
        r.region = kNone;
        r.antiAffinityZone = 3;
        QVERIFY(!passesFilter(info, s, r));
        r.antiAffinityZone = kNone;
        r.affinityZone = 3;
        QVERIFY(passesFilter(info, s, r));
        r.storage = kSata;
        QVERIFY(!passesFilter(info, s, r));
    }

    void capacityScorePrefersMoreRoomPerAverageNode()
    {
        NodeTable t;
        addCluster(t, {res(4, 4096), res(4, 4096)});
        addCluster(t, {res(16, 16384), res(16, 16384)});
        const auto v = summaries(t);
        const Resources demand = res(2, 2048);
        QCOMPARE(capacityScore(v[0], demand), 0.5);
        QCOMPARE(capacityScore(v[1], demand), 0.875);
        QCOMPARE(capacityScore(v[0], res(8, 100)), 0.0 + (1.0 - (1.0 + 100.0 / 4096) / 2));
    }

    void equivalenceCaseOneRebalancesTheWorstCluster()
    {
        // Three clusters with the same empty ratio (16 cores, 16 GiB); the blue blocks
        // of 2.5.2.2 are their current allocations. A memory-heavy VM moves clusters
        // that have memory left over closer to the empty ratio; the one that deviates
        // most now is cluster 2.
        NodeTable t;
        addCluster(t, {res(16, 16384)}, {res(2, 8192)});  // cpu-rich leftover: skews further
        addCluster(t, {res(16, 16384)}, {res(12, 2048)}); // memory-rich, the most skewed
        addCluster(t, {res(16, 16384)}, {res(6, 2048)});  // memory-rich, a little
        const auto v = summaries(t);
        const std::vector<ClusterInfo> infos(3);
        const std::vector<std::int32_t> all{0, 1, 2};
        ClusterScorer scorer(ScoreWeights{0.0, 1.0, 0.0, 0.0});
        const auto &cands = scorer.rank(request(1, 4096), all, infos, v);
        QCOMPARE(cands.size(), std::size_t(3));
        QVERIFY(cands[0].leftoverSimilarity < cands[0].currentSimilarity);
        QVERIFY(cands[1].leftoverSimilarity > cands[1].currentSimilarity);
        QVERIFY(cands[2].leftoverSimilarity > cands[2].currentSimilarity);
        QCOMPARE(cands[0].equivalence, 0.0);
        QCOMPARE(cands[1].equivalence, 1.0);
        QVERIFY(cands[2].equivalence > 0.0 && cands[2].equivalence < 1.0);
        QCOMPARE(best(cands)->cluster, 1);
    }

    void equivalenceCaseTwoPicksTheLeastSkewed()
    {
        // Every cluster is balanced now; a cpu-only VM skews all of them, least the
        // one whose cpu is the smallest fraction of what is left.
        NodeTable t;
        addCluster(t, {res(8, 8192)});
        addCluster(t, {res(64, 65536)});
        addCluster(t, {res(16, 16384)});
        const auto v = summaries(t);
        const std::vector<ClusterInfo> infos(3);
        const std::vector<std::int32_t> all{0, 1, 2};
        ClusterScorer scorer(ScoreWeights{0.0, 1.0, 0.0, 0.0});
        const auto &cands = scorer.rank(request(4, 0), all, infos, v);
        for (const Candidate &c : cands)
            QVERIFY(c.leftoverSimilarity < c.currentSimilarity);
        QCOMPARE(cands[1].equivalence, 1.0);
        QCOMPARE(cands[0].equivalence, 0.0);
        QCOMPARE(best(cands)->cluster, 1);
    }

    void rankingIsTheWeightedInnerProduct()
    {
        NodeTable t;
        addCluster(t, {res(16, 16384)});
        addCluster(t, {res(16, 16384)});
        const auto v = summaries(t);
        std::vector<ClusterInfo> infos(2);
        infos[0].health = 0.5;
        infos[1].energyEfficiency = 0.2;
        const std::vector<std::int32_t> all{0, 1};
        const ScoreWeights w{1.0, 2.0, 3.0, 4.0};
        ClusterScorer scorer(w);
        const auto &cands = scorer.rank(request(2, 2048), all, infos, v);
        for (const Candidate &c : cands)
            QCOMPARE(c.score,
                     1.0 * c.capacity + 2.0 * c.equivalence + 3.0 * c.health + 4.0 * c.energy);
        QCOMPARE(cands[0].health, 0.5);
        QCOMPARE(cands[1].energy, 0.2);
        QCOMPARE(best(cands)->cluster, 0); // 3 x 0.5 lost on health < 4 x 0.8 lost on energy
    }

    void excludedClustersAreNotCandidates()
    {
        NodeTable t;
        addCluster(t, {res(16, 16384)});
        addCluster(t, {res(8, 8192)});
        const auto v = summaries(t);
        const std::vector<ClusterInfo> infos(2);
        const std::vector<std::int32_t> all{0, 1}, failed{0};
        ClusterScorer scorer;
        QCOMPARE(best(scorer.rank(request(1, 1024), all, infos, v))->cluster, 0);
        QCOMPARE(best(scorer.rank(request(1, 1024), all, infos, v, failed))->cluster, 1);
    }

    void subtractBooksTheDecisionOnTheView()
    {
        NodeTable t;
        addCluster(t, {res(4, 4096), res(2, 2048)});
        ClusterSummary s = summarise(t, 0);
        s.subtract(res(3, 3000), 0);
        QCOMPARE(s.allocable[Cpu], 3.0);
        QVERIFY(!passesFilter(ClusterInfo{}, s, request(3, 1000)));
        QVERIFY(passesFilter(ClusterInfo{}, s, request(2, 2000)));
    }

    void clusterSchedulerRejectsWhenNoNodeHolds()
    {
        NodeTable t;
        addCluster(t, {res(4, 4096), res(4, 4096)}, {res(3, 0), res(1, 0)});
        QCOMPARE(placeOnNode(t, 0, request(2, 1024)), 1); // least allocated
        QCOMPARE(placeOnNode(t, 0, request(2, 1024)), kNone);
        releaseFromNode(t, 1, res(2, 1024));
        QCOMPARE(placeOnNode(t, 0, request(2, 1024)), 1);
    }
};

QTEST_GUILESS_MAIN(TestClusterScoring)
#include "tst_clusterscoring.moc"
