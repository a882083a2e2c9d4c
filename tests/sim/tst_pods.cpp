// SPDX-License-Identifier: GPL-3.0-or-later
// Pods in the engine: layer pulls sharing a node's bandwidth (processor sharing,
// a layer in flight downloaded once), LRU eviction within the disk, the three
// failure kinds of KubeHICE Table II, pods with absolute `usage` sharing a
// node's cpu, network and disk (the DRS testbed), and determinism.
#include "common/testscenarios.h"
#include "experiment/comparison.h"
#include "state/layercache.h"
#include "state/podsharing.h"
#include "state/pullqueue.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {
constexpr double MB = 1e6;

/** One edge node per arch in `arches`, 8 Mbps (1 MB/s) each, no requests. */
Scenario cluster(const std::vector<std::string> &arches, double disk = 1e9)
{
    Scenario s;
    s.name = "pods";
    s.time.slot = 1.0;
    s.time.frame = 10;
    s.time.duration = 300.0;
    s.workload.requests.kind = RequestWorkloadKind::None;
    std::vector<NodeSpec> nodes;
    for (std::size_t i = 0; i < arches.size(); ++i) {
        NodeSpec n;
        n.name = "n" + std::to_string(i);
        n.arch = arches[i];
        n.cpu = 4;
        n.memory = 8e9;
        n.disk = disk;
        n.bandwidth = 8e6;
        nodes.push_back(n);
    }
    s.sites = {test::oneEapSite(nodes)};
    return s;
}

void addImage(Scenario &s, const std::string &name, std::vector<LayerSpec> layers,
              const std::string &arch = "amd64")
{
    ImageSpec image;
    image.name = name;
    image.variants = {{arch, "", std::move(layers)}};
    s.images.push_back(image);
}

/** A stream of pods of `images` arriving at `at`, each running `duration`. */
void addPods(Scenario &s, const std::vector<std::string> &images, const std::vector<double> &at,
             double duration = 30.0)
{
    DeploymentStream d;
    d.name = "s" + std::to_string(s.workload.deployments.size());
    d.arrival = PodArrivalKind::At;
    d.at = at;
    d.count = int(at.size());
    d.choose = PodChoice::Cycle;
    for (const std::string &image : images) {
        PodTemplate p;
        p.name = image;
        p.image = image;
        p.cpu = Distribution::constant(0.5);
        p.memory = Distribution::constant(256e6);
        p.duration = Distribution::constant(duration);
        d.pods.push_back(p);
    }
    s.workload.deployments.push_back(d);
}

RunResult run(const Scenario &s, const std::string &placement = "kube-default",
              std::uint64_t seed = 1)
{
    PolicySelection p;
    p.placement = placement;
    return runScenario(s, p, seed);
}
} // namespace

class TestPods : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void singlePull()
    {
        Scenario s = cluster({"amd64"});
        addImage(s, "a", {{"la", 10 * MB}});
        addPods(s, {"a"}, {0.0});
        const RunResult r = run(s);
        QCOMPARE(r.value("pods_placed"), 1.0);
        QCOMPARE(r.value("download_bytes"), 10 * MB);
        QCOMPARE(r.value("download_seconds"), 10.0); // 10 MB at 1 MB/s
        QCOMPARE(r.value("containers_before_eviction"), 1.0);
        QCOMPARE(r.value("disk_used_bytes"), 10 * MB);
    }

    void concurrentPullsShareTheLink()
    {
        Scenario s = cluster({"amd64"});
        addImage(s, "a", {{"la", 10 * MB}});
        addImage(s, "b", {{"lb", 10 * MB}});
        addPods(s, {"a", "b"}, {0.0, 0.0});
        const RunResult r = run(s);
        QCOMPARE(r.value("download_bytes"), 20 * MB);
        QCOMPARE(r.value("download_seconds"), 40.0); // each takes 20 s instead of 10 s
    }

    void sharingIsRecomputedWhenAPullJoins()
    {
        // a alone for 5 s (5 MB), then both at 0.5 MB/s: a ends at 15 s, b has 5 MB
        // left and ends alone at 20 s: waits 15 s + 15 s.
        Scenario s = cluster({"amd64"});
        addImage(s, "a", {{"la", 10 * MB}});
        addImage(s, "b", {{"lb", 10 * MB}});
        addPods(s, {"a", "b"}, {0.0, 5.0});
        const RunResult r = run(s);
        QVERIFY(std::abs(r.value("download_seconds") - 30.0) < 1e-9);
    }

    void layerInFlightIsDownloadedOnce()
    {
        Scenario s = cluster({"amd64"});
        addImage(s, "a", {{"base", 10 * MB}, {"la", 4 * MB}});
        addImage(s, "b", {{"base", 10 * MB}});
        addPods(s, {"a", "b"}, {0.0, 2.0});
        const RunResult r = run(s);
        QCOMPARE(r.value("download_bytes"), 14 * MB);
        // base and la share 1 MB/s: la ends at 8 s, base at 14 s; b waits for base.
        QVERIFY(std::abs(r.value("download_seconds") - (14.0 + 12.0)) < 1e-9);
    }

    void tinyLayersOnAFastLinkLateInARun()
    {
        // Late in a run the clock cannot resolve nanoseconds: a download must still end
        // at the completion time computed for it, or the calendar would stall there.
        for (int k = 0; k < 20; ++k) {
            PullQueue q;
            q.setBandwidth(8e9);
            q.start("a", 1000.0 + 37.3 * k, 0, 1e7);
            q.start("b", 3000.0 + 11.1 * k, 1, 1e7 + 1e-6);
            std::vector<PullQueue::Finished> done;
            while (!q.empty()) {
                const std::size_t before = done.size();
                q.complete(q.nextCompletion(), done);
                QVERIFY2(done.size() > before, qPrintable(QString("size %1").arg(k)));
            }
        }
    }

    void lruEvictionInTheCache()
    {
        LayerCache cache;
        cache.setCapacity(100);
        cache.acquire({{"a", 40}}, 0.0);
        cache.acquire({{"b", 40}}, 1.0);
        cache.release({{"a", 40}});
        cache.release({{"b", 40}});
        cache.acquire({{"a", 40}}, 2.0); // a is now the most recently used
        cache.release({{"a", 40}});
        QVERIFY(cache.use({"c", 40}, 3.0));
        QVERIFY(cache.has("a"));
        QVERIFY(!cache.has("b"));
        QVERIFY(cache.has("c") && !cache.present("c"));
        QCOMPARE(cache.evictions(), 1L);
        QCOMPARE(cache.used(), 80.0);
        // Layers in use are never evicted, even over capacity.
        QVERIFY(cache.use({"d", 40}, 4.0));
        QVERIFY(cache.has("c") && cache.has("d") && !cache.has("a"));
        QCOMPARE(cache.pinnedBytes(), 80.0);
    }

    void evictionInARun()
    {
        // 25 MB of disk: the third 10 MB image evicts the least recently used one.
        Scenario s = cluster({"amd64"}, 25 * MB);
        addImage(s, "a", {{"la", 10 * MB}});
        addImage(s, "b", {{"lb", 10 * MB}});
        addImage(s, "c", {{"lc", 10 * MB}});
        addPods(s, {"a", "b", "c", "a"}, {0.0, 60.0, 120.0, 180.0}, 20.0);
        const RunResult r = run(s);
        QCOMPARE(r.value("pods_placed"), 4.0);
        QCOMPARE(r.value("containers_before_eviction"), 2.0);
        QCOMPARE(r.value("download_bytes"), 40 * MB); // a was evicted and pulled again
        QCOMPARE(r.value("disk_used_bytes"), 20 * MB);
    }

    void failureKinds()
    {
        Scenario s = cluster({"amd64"});
        addImage(s, "arm-only", {{"x", 5 * MB}}, "arm64"); // an index without amd64
        ImageSpec perArch;
        perArch.name = "web:1";
        perArch.index = false;
        perArch.variants = {{"arm64", "web-arm64:1", {{"w", 6 * MB}}}};
        s.images.push_back(perArch);
        addImage(s, "ok", {{"o", 1 * MB}});
        addPods(s, {"arm-only", "web-arm64:1", "ok"}, {0.0, 1.0, 2.0});
        addPods(s, {"ok"}, {3.0});
        s.workload.deployments.back().pods[0].cpu = Distribution::constant(8.0);
        const RunResult r = run(s);
        QCOMPARE(r.value("failures_image_pull"), 1.0);
        QCOMPARE(r.value("failures_container_create"), 1.0);
        QCOMPARE(r.value("failures_unschedulable"), 1.0);
        QCOMPARE(r.value("deploy_failures"), 3.0);
        QCOMPARE(r.value("pods_placed"), 3.0);
        // The per-arch image was pulled before it failed to start; the index was not.
        QCOMPARE(r.value("download_bytes"), 7 * MB);
    }

    void archSelectorAvoidsPullErrors()
    {
        Scenario s = cluster({"amd64", "arm64"});
        addImage(s, "arm-only", {{"x", 5 * MB}}, "arm64");
        addPods(s, {"arm-only"}, {0.0, 1.0, 2.0, 3.0});
        const RunResult plain = run(s);
        s.workload.deployments[0].pods[0].nodeSelector = {{"kubernetes.io/arch", "arm64"}};
        const RunResult pinned = run(s);
        QVERIFY(plain.value("failures_image_pull") > 0);
        QCOMPARE(pinned.value("failures_image_pull"), 0.0);
        QCOMPARE(pinned.value("download_bytes"), 5 * MB);
    }

    /** Shares in proportion to demand; a pod goes at its most contended resource's
     *  pace, at most what its cpu limit allows; memory is held, not shared. */
    void sharePacesByTheMostContendedResource()
    {
        UsageProfile net{}, cpu{};
        net[int(Metric::NetRx)] = 0.6, net[int(Metric::Cpu)] = 0.1, net[int(Metric::Memory)] = 9;
        cpu[int(Metric::Cpu)] = 0.5;
        const PodDemand pods[] = {{net, 1.0}, {net, 1.0}, {cpu, 0.8}};
        UsageProfile available;
        available.fill(1.0);
        double pace[3];
        sharePaces(pods, available, pace);
        QCOMPARE(pace[0], 1.0 / 1.2); // 1.2 of network asked of 1
        QCOMPARE(pace[1], 1.0 / 1.2);
        QCOMPARE(pace[2], 0.8); // 0.6 of cpu asked of 1: only its limit holds it back
        available[int(Metric::Cpu)] = 0.3;
        sharePaces(pods, available, pace);
        QCOMPARE(pace[2], 0.8 * 0.3 / 0.6);
        QCOMPARE(pace[0], 0.3 / 0.6); // now cpu is the tighter of its two
    }

    /** Two network-bound pods on one node take longer than on two, and the node's
     *  own cpu use shows in its utilisation (DRS Sec. 5.2). */
    void usagePodsShareTheirNode()
    {
        const auto scenario = [](int nodes) {
            std::vector<std::string> arches(std::size_t(nodes), "amd64");
            Scenario s = cluster(arches);
            for (NodeSpec &n : s.sites[0].eaps[0].nodes)
                n.systemCpu = 0.4, n.systemMemory = 2e9;
            addImage(s, "a", {{"la", 1 * MB}});
            addPods(s, {"a", "a"}, {0.0, 0.0}, 100.0);
            PodTemplate &p = s.workload.deployments[0].pods[0];
            p.usage[int(Metric::NetRx)] = 4.8e6; // bits/s: 60% of the node's 1 MB/s
            s.workload.deployments[0].pods[1] = p;
            return s;
        };
        const RunResult together = run(scenario(1));
        const RunResult apart = run(scenario(2), "round-robin");
        QCOMPARE(apart.value("pod_time_mean_s"), 101.0); // 1 s pull + 100 s of work
        QCOMPARE(together.value("pod_time_mean_s"), 1.0 + 100.0 * 1.2);
        QCOMPARE(together.value("makespan_s"), 1.0 + 100.0 * 1.2);
        QCOMPARE(apart.value("makespan_s"), 101.0);
        // 0.4 of 4 cores while idle; 1.0 of network while the two pods share it.
        QVERIFY(std::abs(together.value("cpu_util_mean") - 0.1) < 1e-9);
        QVERIFY(together.value("net_util_mean") > 0.5 * 121.0 / 300.0 * 0.99);
        QVERIFY(std::abs(together.value("mem_util_mean") - 2e9 / 8e9) < 0.1);
    }

    void onlyRunsWithPodsReportPodMetrics()
    {
        Scenario s = cluster({"amd64"});
        QVERIFY(!run(s).find("download_bytes"));
        addImage(s, "a", {{"la", 1 * MB}});
        addPods(s, {"a"}, {0.0});
        QVERIFY(run(s).find("download_bytes"));
    }

    void deploymentsLeaveRequestsAlone()
    {
        // Pods draw from their own streams: the same requests arrive with or without them,
        // and the pods' use shows in the nodes' utilisation.
        Scenario s = test::smallScenario();
        const RunResult plain = runScenario(s, s.policies, 4);
        addPods(s, {"app:1"}, {0.0, 1.0, 2.0, 3.0}, 600.0);
        s.workload.deployments[0].pods[0].cpu = Distribution::constant(1.0);
        s.workload.deployments[0].pods[0].profile[int(Metric::Cpu)] = 0.9;
        const RunResult mixed = runScenario(s, s.policies, 4);
        QCOMPARE(mixed.value("arrived"), plain.value("arrived"));
        QCOMPARE(mixed.value("pods_placed"), 4.0);
        QVERIFY(!plain.find("pods_placed"));
        QVERIFY(mixed.value("cpu_util_mean") > plain.value("cpu_util_mean"));
    }

    void sameSeedSameNumbers()
    {
        Scenario s = cluster({"amd64", "amd64", "amd64"});
        addImage(s, "a", {{"base", 30 * MB}, {"la", 10 * MB}});
        addImage(s, "b", {{"base", 30 * MB}, {"lb", 20 * MB}});
        DeploymentStream d;
        d.name = "random";
        d.count = 20;
        d.arrival = PodArrivalKind::Gap;
        d.gap = {Distribution::Kind::Exp, 10.0, 0.0};
        for (const char *image : {"a", "b"}) {
            PodTemplate p;
            p.name = image;
            p.image = image;
            p.cpu = {Distribution::Kind::Uniform, 0.1, 1.0};
            p.memory = {Distribution::Kind::Uniform, 1e8, 1e9};
            p.duration = {Distribution::Kind::Uniform, 30.0, 90.0};
            d.pods.push_back(p);
        }
        s.workload.deployments = {d};
        for (const char *policy : {"kube-default", "layer", "lrscheduler"}) {
            const RunResult a = run(s, policy, 5);
            const RunResult b = run(s, policy, 5);
            QCOMPARE(a.metrics.size(), b.metrics.size());
            for (std::size_t i = 0; i < a.metrics.size(); ++i)
                if (!a.metrics[i].wallClock)
                    QCOMPARE(a.metrics[i].value, b.metrics[i].value);
            QVERIFY(a.value("pods_placed") > 0);
        }
        QVERIFY(run(s, "kube-default", 5).value("lrs_std") !=
                run(s, "kube-default", 6).value("lrs_std"));
    }
};

QTEST_GUILESS_MAIN(TestPods)
#include "tst_pods.moc"
