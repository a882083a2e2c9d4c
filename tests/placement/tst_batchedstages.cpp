// SPDX-License-Identifier: GPL-3.0-or-later
// The framework's batched stages (filterNodes, scoreNodes, the per-cycle layer
// lookups) against its definition, node by node through filter() and score(): on
// randomised heterogeneous clusters that fill pod by pod, every placement policy
// gives the same node and the same record, every reason, raw and normalised score,
// weight and total. And the layer-cache questions asked without LayerCache give
// LayerCache's answers.
#include "placement/agentplacement.h"
#include "placement/placementframework.h"
#include "placement/podlayers.h"
#include "state/layercache.h"
#include "state/random.h"
#include "state/simstate.h"
#include "state/topology.h"

#include <QtTest/QtTest>

#include <cstring>
#include <functional>

using namespace schedlab;

namespace {
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;
const char *const kArches[] = {"amd64", "arm64", "riscv64"};

/** A digest; one in four shares its last 12 bytes with others, so only a whole
 *  comparison tells them apart; a few are shorter than 8 bytes. */
std::string digest(Rng &rng)
{
    if (rng.below(10) == 0)
        return "l" + std::to_string(rng.below(50));
    std::string d = "sha256:";
    for (int i = 0; i < 20; ++i)
        d += "0123456789abcdef"[rng.below(16)];
    return d + (rng.below(4) == 0 ? "same-tail-xx" : std::to_string(rng.below(1000000)));
}

struct Cluster
{
    Topology topology;
    std::vector<NodeState> nodes;
    std::unique_ptr<LayerCache[]> caches;
    std::vector<ImageSpec> images;
    std::vector<double> perf, scale;
    std::vector<std::map<std::string, std::string>> selectors;
    std::vector<std::vector<Taint>> tolerations;

    Cluster(int count, Rng &rng)
    {
        std::vector<LayerSpec> pool;
        for (int i = 0; i < 40; ++i)
            pool.push_back({digest(rng), rng.uniform(1, 400) * kMiB});
        for (int i = 0; i < 6; ++i) {
            ImageSpec image;
            image.name = "img" + std::to_string(i);
            for (int a = 0; a < 3; ++a) {
                if (i == 5 && a == 2)
                    continue; // no riscv64 variant
                ImageVariant v{kArches[a], "", {}};
                for (int l = int(rng.below(5)); l >= 0; --l)
                    v.layers.push_back(pool[rng.below(std::uint32_t(pool.size()))]);
                image.variants.push_back(std::move(v));
            }
            images.push_back(std::move(image));
        }
        caches = std::make_unique<LayerCache[]>(std::size_t(count));
        nodes.resize(std::size_t(count));
        for (int n = 0; n < count; ++n) {
            NodeInfo info;
            info.name = "n" + std::to_string(n);
            info.arch = kArches[rng.below(3)];
            info.cpu = double(1 + rng.below(16));
            info.memory = info.cpu * double(1 + rng.below(4)) * kGiB;
            info.disk = rng.below(3) == 0 ? rng.uniform(0.2, 1.5) * kGiB : 20 * kGiB;
            info.labels = {{"kubernetes.io/arch", info.arch},
                           {"zone", "z" + std::to_string(rng.below(3))}};
            if (rng.below(2))
                info.labels["disk"] = rng.below(2) ? "ssd" : "hdd";
            if (rng.below(3) == 0) // more labels than the short walk takes
                for (int e = 0; e < 9; ++e)
                    info.labels["extra" + std::to_string(e)] = "x";
            info.labels["extra0"] = rng.below(4) ? "x" : "y";
            const std::uint32_t t = rng.below(8);
            if (t == 0)
                info.taints = {{"dedicated", "gpu", "NoSchedule"}};
            else if (t == 1)
                info.taints = {{"spot", "", "PreferNoSchedule"},
                               {"slow", "yes", "PreferNoSchedule"}};
            else if (t == 2)
                info.taints = {{"spot", "", "PreferNoSchedule"}};
            LayerCache &cache = caches[n];
            cache.setCapacity(info.disk);
            for (int k = int(rng.below(5)); k > 0; --k) {
                const LayerSpec &l = pool[rng.below(std::uint32_t(pool.size()))];
                if (rng.below(3) == 0) {
                    cache.use(l, -double(k)); // being downloaded: held, not present
                } else {
                    cache.acquire({l}, -double(k));
                    if (rng.below(2))
                        cache.release({l});
                }
            }
            NodeState &ns = nodes[std::size_t(n)];
            ns.cpuAlloc = info.cpu * rng.uniform(0, 0.9);
            ns.memAlloc = info.memory * rng.uniform(0, 0.9);
            ns.pods = rng.below(20) == 0 ? kMaxPodsPerNode : int(rng.below(10));
            perf.push_back(rng.uniform(0.3, 2.0));
            topology.nodes.push_back(std::move(info));
        }
        topology.edgeCount = count;
        if (rng.below(4) != 0) // else NodeAffinity reads the label maps
            topology.indexLabels();
        selectors = {{},
                     {},
                     {{"zone", "z1"}},
                     {{"disk", "ssd"}, {"zone", "z0"}},
                     {{"kubernetes.io/arch", "arm64"}},
                     {{"extra0", "x"}},
                     {{"zone", "z9"}},
                     {{"zone", "z2"}, {"gpu", "yes"}}};
        tolerations = {{}, {}, {{"dedicated", "", "NoSchedule"}}, {{"spot", "", ""}}};
    }

    ClusterView view(Rng *tieBreak, bool withPerf)
    {
        return {&topology,         nodes.data(), caches.get(),
                int(nodes.size()), tieBreak,     withPerf ? perf.data() : nullptr};
    }

    PodRequest pod(Rng &rng, bool sized)
    {
        PodRequest p;
        p.cpu = 0.25 * double(1 + rng.below(12));
        p.cpuLimit = rng.below(2) ? p.cpu * 2 : 0.0;
        p.memory = 256 * kMiB * double(1 + rng.below(12));
        p.perfBase = rng.uniform(0.5, 1.5);
        const ImageSpec &image = images[rng.below(std::uint32_t(images.size()))];
        if (rng.below(5) == 0)
            p.fixedVariant = &image.variants[rng.below(std::uint32_t(image.variants.size()))];
        if (rng.below(20) != 0)
            p.image = &image;
        p.nodeSelector = &selectors[rng.below(std::uint32_t(selectors.size()))];
        p.tolerations = rng.below(8) ? &tolerations[rng.below(4)] : nullptr;
        if (sized) {
            scale.resize(nodes.size());
            for (std::size_t n = 0; n < nodes.size(); ++n)
                scale[n] = p.perfBase / perf[n];
            p.cpuScale = scale.data();
        }
        return p;
    }

    void bind(int node, const PodRequest &pod, double now)
    {
        NodeState &ns = nodes[std::size_t(node)];
        ns.cpuAlloc += pod.cpuOn(node);
        ns.memAlloc += pod.memory;
        ++ns.pods;
        if (const auto *layers = pod.layersOn(topology.nodes[std::size_t(node)].arch))
            caches[node].acquire(*layers, now);
    }
};

bool sameReason(const char *a, const char *b)
{
    return (!a && !b) || (a && b && std::strcmp(a, b) == 0);
}

/** Where two records differ; empty if they do not. */
std::string difference(const PlacementRecord &a, const PlacementRecord &b)
{
    if (a.chosen != b.chosen)
        return "chosen " + std::to_string(a.chosen) + " vs " + std::to_string(b.chosen);
    if (a.examined != b.examined || a.searchStart != b.searchStart)
        return "examined nodes";
    if (a.feasible != b.feasible)
        return "feasible nodes";
    for (std::size_t n = 0; n < a.totals.size(); ++n)
        if (a.totals[n] != b.totals[n])
            return "total of node " + std::to_string(n);
    for (std::size_t p = 0; p < a.plugins.size(); ++p)
        for (int n = 0; n < a.nodeCount; ++n) {
            const PluginResult &x = a.cell(int(p), n), &y = b.cell(int(p), n);
            const std::string at = std::string(a.plugins[p]) + " on node " + std::to_string(n);
            if (!sameReason(x.reason, y.reason))
                return at + ": reason";
            if (x.raw != y.raw || x.normalized != y.normalized || x.weight != y.weight)
                return at + ": raw " + std::to_string(x.raw) + " vs " + std::to_string(y.raw) +
                       ", normalised " + std::to_string(x.normalized) + " vs " +
                       std::to_string(y.normalized);
        }
    return {};
}

using Factory = std::function<std::unique_ptr<PlacementFramework>()>;
} // namespace

class TestBatchedStages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameDecisionAndRecord_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<int>("percentage");
        for (const int pct : {PlacementFramework::kEveryNode, 30}) {
            const std::string suffix = pct < 0 ? "" : " 30%";
            QTest::newRow(("kube-default" + suffix).c_str()) << 0 << pct;
            QTest::newRow(("layer" + suffix).c_str()) << 1 << pct;
            QTest::newRow(("lrscheduler" + suffix).c_str()) << 2 << pct;
            QTest::newRow(("kubehice" + suffix).c_str()) << 3 << pct;
            QTest::newRow(("round-robin" + suffix).c_str()) << 4 << pct;
        }
    }

    /** Pod after pod on clusters of 150 to 400 nodes, each pod bound where it went. */
    void sameDecisionAndRecord()
    {
        QFETCH(int, policy);
        QFETCH(int, percentage);
        const Factory factories[] = {
            [] { return makeKubeDefaultPlacement(); }, [] { return makeLayerPlacement(); },
            [] { return makeLrScheduler(); }, [] { return makeKubeHicePlacement(); },
            [] { return makeRoundRobinPlacement(); }};
        const bool hice = policy == 3;
        std::map<std::string, int> reasons;
        int placed = 0;
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            Rng rng(seed);
            Cluster c(150 + int(rng.below(250)), rng);
            auto batched = factories[policy]();
            auto perNode = factories[policy]();
            perNode->setPerNodeEvaluation(true);
            batched->setPercentageOfNodesToScore(percentage);
            perNode->setPercentageOfNodesToScore(percentage);
            Rng tieA(seed), tieB(seed);
            for (int i = 0; i < 60; ++i) {
                const PodRequest pod = c.pod(rng, hice);
                const int expected = perNode->schedule(pod, c.view(&tieA, hice), nullptr);
                const int got = batched->schedule(pod, c.view(&tieB, hice), nullptr);
                const std::string diff = difference(perNode->lastRecord(), batched->lastRecord());
                QVERIFY2(diff.empty(), ("seed " + std::to_string(seed) + ", pod " +
                                        std::to_string(i) + ": " + diff)
                                           .c_str());
                QCOMPARE(got, expected);
                const PlacementRecord &r = batched->lastRecord();
                for (std::size_t p = 0; p < r.plugins.size(); ++p)
                    for (int n = 0; n < r.nodeCount; ++n)
                        if (const char *why = r.cell(int(p), n).reason)
                            ++reasons[why];
                if (got >= 0) {
                    c.bind(got, pod, double(i));
                    ++placed;
                }
            }
        }
        // The clusters gave every path its turn.
        QVERIFY(placed > 100);
        if (policy != 4) {
            for (const char *why :
                 {"Insufficient cpu", "Insufficient memory", "Too many pods",
                  "Insufficient disk for the image layers", "node(s) had untolerated taint",
                  "node(s) didn't match Pod's node affinity/selector"})
                QVERIFY2(reasons[why] > 0, why);
        }
    }

    /** PodLayers' answers are LayerCache's, and LayerCache's are what its entries say,
     *  on caches with layers present, being downloaded, in use and not, evicted, and
     *  digests alike but for a middle byte. */
    void layerQuestionsAnswerAsLayerCache()
    {
        Rng rng(9);
        std::vector<LayerSpec> pool;
        for (int i = 0; i < 30; ++i)
            pool.push_back({digest(rng), rng.uniform(1, 100) * kMiB});
        int held = 0, partly = 0;
        for (int round = 0; round < 400; ++round) {
            LayerCache cache;
            cache.setCapacity(rng.below(4) == 0 ? 300 * kMiB : 10 * kGiB);
            for (int k = int(rng.below(12)); k > 0; --k) {
                const LayerSpec &l = pool[rng.below(30)];
                if (rng.below(3) == 0) {
                    cache.use(l, double(round));
                    if (rng.below(2))
                        cache.markPresent(l.digest, double(round));
                } else {
                    cache.acquire({l}, double(round));
                    if (rng.below(2))
                        cache.release({l});
                }
            }
            ImageSpec image;
            image.variants = {{"amd64", "", {}}};
            for (int l = int(rng.below(6)); l > 0; --l)
                image.variants[0].layers.push_back(pool[rng.below(30)]);
            if (rng.below(2) && !cache.entries().empty()) // one it certainly holds
                image.variants[0].layers.push_back(
                    {cache.entries()[rng.below(std::uint32_t(cache.entries().size()))].digest,
                     7 * kMiB});
            PodRequest pod;
            pod.image = &image;
            PodLayers layers;
            layers.prepare(pod);
            const PodLayers::Variant *v = layers.on("amd64");
            QVERIFY(v && !layers.on("arm64"));
            const std::vector<LayerSpec> &ls = image.variants[0].layers;
            // The cache's masks and pinned bytes, kept as it changes, against its entries.
            const auto entryOf = [&](const std::string &d) -> const LayerCache::Entry * {
                for (const LayerCache::Entry &e : cache.entries())
                    if (e.digest == d)
                        return &e;
                return nullptr;
            };
            double pinned = 0.0;
            for (const LayerCache::Entry &e : cache.entries())
                pinned += e.users > 0 ? e.size : 0.0;
            QCOMPARE(cache.pinnedBytes(), pinned);
            for (const LayerSpec &l : pool) {
                const LayerCache::Entry *e = entryOf(l.digest);
                QCOMPARE(cache.has(l.digest), e != nullptr);
                QCOMPARE(cache.present(l.digest), e && e->present);
            }
            const bool all = std::all_of(ls.begin(), ls.end(), [&](const LayerSpec &l) {
                const LayerCache::Entry *e = entryOf(l.digest);
                return e && e->present;
            });
            QCOMPARE(allPresent(cache, *v), all);
            QCOMPARE(unpinnedBytes(cache, *v), cache.unpinnedBytes(ls));
            QCOMPARE(localBytes(cache, *v), cache.localBytes(ls));
            held += all && !ls.empty();
            partly += !all && cache.localBytes(ls) > 0;
        }
        QVERIFY(held > 10 && partly > 10);
    }
};

QTEST_GUILESS_MAIN(TestBatchedStages)
#include "tst_batchedstages.moc"
