// SPDX-License-Identifier: GPL-3.0-or-later
// `workload.deployments`: reading every arrival form, round trips, and the errors
// (file:line:column, key path, did-you-mean) for the pod stream keys.
#include "common/scenarioerrors.h"
#include "common/scenariotexts.h"
#include "scenario/scenarioio.h"

#include <QtTest/QtTest>

using namespace schedlab;
using test::allErrors;
using test::qs;

namespace {
/** An image of one named amd64 variant with a layer of its own: 4 lines. */
const char *const kWebImage = R"(  - name: web:1
    index: false
    variants:
      - {arch: amd64, name: web-amd64:1, layers: [base, {digest: sha256:w1, size: 5MB}]}
)";

/** A valid base whose own lines are 1-19; rows append pod streams. */
const std::string kBase = test::kHead + test::kAppImage + kWebImage + test::kEdgeEap +
                          test::kTwoNodes + test::kNoRequests;

const char *const kStreams = R"yaml(  deployments:
    - name: mix
      count: 3
      arrival: {every: 30s, start: 5s}
      choose: cycle
      pods:
        - name: a
          image: app:1
          weight: 2
          cpu: uniform(250m, 1)
          cpu_limit: 2
          memory: uniform(256Mi, 1Gi)
          duration: 20m
          perf_base: 0.8
          start_jitter: "uniform(0s, 2s)"
          profile: {cpu: 0.8, memory: 0.4, net_rx: 0.1, net_tx: 0.1, disk_read: 0.05, disk_write: 0.05}
          node_selector: {kubernetes.io/arch: amd64}
          tolerations: [{key: edge, value: "yes", effect: NoSchedule}, {key: gpu}]
        - {name: b, image: web-amd64:1, cpu: 500m, memory: 128Mi, duration: exp(5m)}
    - name: jittered
      count: 2
      arrival: {gap: "normal(20s, 1s)"}
      pods:
        - {name: c, image: app:1, cpu: 1, memory: 1Gi, duration: 1m}
    - name: fixed
      arrival: {at: [0s, 10s, 25s]}
      pods:
        - {name: d, image: app:1, cpu: 1, memory: 1Gi, duration: 1m}
)yaml";
} // namespace

class TestDeployments : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsEveryForm()
    {
        const ScenarioLoad load =
            loadScenarioText(test::withRequiredKeys(kBase + kStreams), "d.yaml");
        QVERIFY2(load.ok(), qPrintable(allErrors(load)));
        const auto &d = load.scenario->workload.deployments;
        QCOMPARE(int(d.size()), 3);
        QCOMPARE(d[0].count, 3);
        QCOMPARE(int(d[0].arrival), int(PodArrivalKind::Every));
        QCOMPARE(d[0].gap.a, 30.0);
        QCOMPARE(d[0].start, 5.0);
        QCOMPARE(int(d[0].choose), int(PodChoice::Cycle));
        const PodTemplate &a = d[0].pods[0];
        QCOMPARE(a.weight, 2.0);
        QCOMPARE(int(a.cpu.kind), int(Distribution::Kind::Uniform));
        QCOMPARE(a.cpu.a, 0.25);
        QCOMPARE(a.cpu.b, 1.0);
        QCOMPARE(a.cpuLimit, 2.0);
        QCOMPARE(a.memory.b, double(1 << 30));
        QCOMPARE(a.duration.a, 1200.0);
        QCOMPARE(a.perfBase, 0.8);
        QCOMPARE(a.profile[int(Metric::DiskWrite)], 0.05);
        QCOMPARE(qs(a.nodeSelector.at("kubernetes.io/arch")), QString("amd64"));
        QCOMPARE(int(a.tolerations.size()), 2);
        QCOMPARE(qs(a.tolerations[1].effect), QString());
        QCOMPARE(int(d[1].arrival), int(PodArrivalKind::Gap));
        QCOMPARE(int(d[1].gap.kind), int(Distribution::Kind::Normal));
        QCOMPARE(int(d[1].choose), int(PodChoice::Random));
        QCOMPARE(int(d[2].arrival), int(PodArrivalKind::At));
        QCOMPARE(d[2].count, 3);
        QCOMPARE(d[2].at[2], 25.0);
        const auto ref = load.scenario->podImage("web-amd64:1");
        QVERIFY(ref.first && ref.second);
        QCOMPARE(qs(ref.second->arch), QString("amd64"));
    }

    void roundTrip()
    {
        const ScenarioLoad load =
            loadScenarioText(test::withRequiredKeys(kBase + kStreams), "d.yaml");
        QVERIFY2(load.ok(), qPrintable(allErrors(load)));
        const std::string text = saveScenarioText(*load.scenario);
        const ScenarioLoad again = loadScenarioText(text, "saved.yaml");
        QVERIFY2(again.ok(), qPrintable(allErrors(again) + "\n" + qs(text)));
        QVERIFY2(*again.scenario == *load.scenario, qPrintable(qs(text)));
        QCOMPARE(qs(saveScenarioText(*again.scenario)), qs(text));
        QVERIFY(text.find("arrival: {at: [0s, 10s, 25s]}") != std::string::npos);
    }

    void placementWeights()
    {
        const std::string yaml = kBase + kStreams +
                                 "policies: {placement: layer, placement_weights: "
                                 "{ImageLocality: 2, LayerSharing: 1.5}}\n";
        const ScenarioLoad load = loadScenarioText(test::withRequiredKeys(yaml), "w.yaml");
        QVERIFY2(load.ok(), qPrintable(allErrors(load)));
        const auto &w = load.scenario->policies.placementWeights;
        QCOMPARE(w.at("ImageLocality"), 2.0);
        QCOMPARE(w.at("LayerSharing"), 1.5);
        const std::string text = saveScenarioText(*load.scenario);
        const ScenarioLoad again = loadScenarioText(text, "saved.yaml");
        QVERIFY2(again.ok() && *again.scenario == *load.scenario, qPrintable(qs(text)));
    }

    /** DRS usage: absolute rates in bytes or bits per second, node disk rates, round trip. */
    void drsUsage()
    {
        std::string yaml = kBase;
        yaml.replace(yaml.find("cpu: 2, memory: 4Gi}"), 20,
                     "cpu: 2, memory: 4Gi, bandwidth: 8.4MB/s, disk_read: 663MB/s, "
                     "disk_write: 610Mbps}");
        yaml += "  deployments:\n    - name: s\n      count: 2\n      arrival: {every: 20s}\n"
                "      pods: [{name: io, image: app:1, cpu: 500m, memory: 512Mi, duration: 40s, "
                "usage: {cpu: 447m, net_rx: 310KB/s, disk_read: 165MB/s, disk_write: 1Gbps}}]\n";
        const ScenarioLoad load = loadScenarioText(test::withRequiredKeys(yaml), "u.yaml");
        QVERIFY2(load.ok(), qPrintable(allErrors(load)));
        const NodeSpec &n = load.scenario->sites[0].eaps[0].nodes[0];
        QCOMPARE(n.bandwidth, 8.4 * 8e6);
        QCOMPARE(n.diskRead, 663.0 * 8e6);
        QCOMPARE(n.diskWrite, 610e6);
        const UsageProfile &u = load.scenario->workload.deployments[0].pods[0].usage;
        QCOMPARE(u[int(Metric::Cpu)], 0.447);
        QCOMPARE(u[int(Metric::Memory)], 0.0);
        QCOMPARE(u[int(Metric::NetRx)], 310.0 * 8e3);
        QCOMPARE(u[int(Metric::NetTx)], 0.0);
        QCOMPARE(u[int(Metric::DiskRead)], 165.0 * 8e6);
        QCOMPARE(u[int(Metric::DiskWrite)], 1e9);
        const std::string text = saveScenarioText(*load.scenario);
        const ScenarioLoad again = loadScenarioText(text, "saved.yaml");
        QVERIFY2(again.ok() && *again.scenario == *load.scenario, qPrintable(qs(text)));
        QVERIFY(text.find("usage: {cpu: 447m") != std::string::npos);
        QVERIFY(text.find("disk_write: 610Mbps") != std::string::npos);
    }

    void errors_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("keyPath");
        QTest::addColumn<QString>("message");
        const QString head = qs(kBase) + "  deployments:\n    - name: s\n";
        const QString pods = "      pods: [{name: p, image: app:1, cpu: 1, memory: 1Gi}]\n";
        QTest::newRow("typo'd stream key")
            << test::withRequiredKeys(
                   head + "      count: 2\n      arrival: {every: 1s}\n      chose: cycle\n" + pods)
            << 24 << 7 << "workload.deployments[0].chose"
            << "unknown key 'chose'; did you mean 'choose'?";
        QTest::newRow("missing count")
            << test::withRequiredKeys(head + "      arrival: {every: 1s}\n" + pods) << 21 << 7
            << "workload.deployments[0].count"
            << "missing required key 'count' (how many pods this stream deploys)";
        QTest::newRow("bare number gap")
            << test::withRequiredKeys(head + "      count: 2\n      arrival: {every: 30}\n" + pods)
            << 23 << 24 << "workload.deployments[0].arrival.every"
            << "expected a duration with a unit (e.g. 250ms, 2s, 10m), got bare number 30";
        QTest::newRow("two arrival forms")
            << test::withRequiredKeys(
                   head + "      count: 2\n      arrival: {every: 1s, gap: exp(1s)}\n" + pods)
            << 23 << 16 << "workload.deployments[0].arrival"
            << "expected exactly one of `every: 30s`, `gap: normal(20s, 1s)` or `at: [0s, 10s]`";
        QTest::newRow("bare number memory")
            << test::withRequiredKeys(
                   head + "      count: 2\n      arrival: {every: 1s}\n"
                          "      pods: [{name: p, image: app:1, cpu: 1, memory: 512}]\n")
            << 24 << 54 << "workload.deployments[0].pods[0].memory"
            << "expected a size with a unit (e.g. 512Mi, 4Gi, 120MB), got bare number 512";
        QTest::newRow("unknown image")
            << test::withRequiredKeys(head +
                                      "      count: 2\n      arrival: {every: 1s}\n"
                                      "      pods: [{name: p, image: ap:1, cpu: 1, memory: 1Gi}]\n")
            << 24 << 31 << "workload.deployments[0].pods[0].image"
            << "unknown image 'ap:1' (did you mean 'app:1'?); name an image or the per-arch "
               "name of a variant";
        QTest::newRow("count differs from at")
            << test::withRequiredKeys(head + "      count: 2\n      arrival: {at: [1s]}\n" + pods)
            << 22 << 14 << "workload.deployments[0].count"
            << "count 2 differs from the 1 times in arrival.at";
        QTest::newRow("bad choose")
            << test::withRequiredKeys(
                   head + "      count: 2\n      arrival: {every: 1s}\n      choose: rnd\n" + pods)
            << 24 << 15 << "workload.deployments[0].choose"
            << "expected one of random or cycle, got 'rnd'";
        QTest::newRow("unknown plugin weight")
            << test::withRequiredKeys(head + "      count: 1\n      arrival: {every: 1s}\n" + pods +
                                      "policies: {placement: kube-default, placement_weights: "
                                      "{ImageLocalty: 2}}\n")
            << 25 << 71 << "policies.placement_weights.ImageLocalty"
            << "placement policy 'kube-default' has no plugin 'ImageLocalty' (did you mean "
               "'ImageLocality'?); its plugins: NodeResourcesFit, NodeResourcesBalancedAllocation, "
               "ImageLocality, TaintToleration or NodeAffinity";
        QTest::newRow("usage and profile")
            << test::withRequiredKeys(
                   head +
                   "      count: 2\n      arrival: {every: 1s}\n"
                   "      pods: [{name: p, image: app:1, profile: {cpu: 1}, usage: {cpu: 1}}]\n")
            << 24 << 64 << "workload.deployments[0].pods[0].usage"
            << "give `usage` (absolute rates) or `profile` (fractions of the cpu), not both";
        QTest::newRow("disk usage, node without disk rate")
            << test::withRequiredKeys(
                   head + "      count: 2\n      arrival: {every: 1s}\n"
                          "      pods: [{name: p, image: app:1, usage: {disk_write: 10MB/s}}]\n")
            << 24 << 58 << "workload.deployments[0].pods[0].usage.disk_write"
            << "edge node 'n{i}' has no disk_write rate (e.g. 300MB/s) to load relative to";
        QTest::newRow("bare number usage")
            << test::withRequiredKeys(
                   head + "      count: 2\n      arrival: {every: 1s}\n"
                          "      pods: [{name: p, image: app:1, usage: {net_rx: 30}}]\n")
            << 24 << 54 << "workload.deployments[0].pods[0].usage.net_rx"
            << "expected a bandwidth with a unit (e.g. 50Mbps, 1Gbps), got bare number 30";
        QTest::newRow("no pods") << test::withRequiredKeys(
                                        head + "      count: 2\n      arrival: {every: 1s}\n"
                                               "      pods: []\n")
                                 << 24 << 13 << "workload.deployments[0].pods"
                                 << "a stream needs at least one pod template {name, image, ...}";
    }

    void errors()
    {
        schedlab::test::checkErrorRow();
    }
};

QTEST_GUILESS_MAIN(TestDeployments)
#include "tst_deployments.moc"
