// SPDX-License-Identifier: GPL-3.0-or-later
// The four multi-arch image styles of KubeHICE Table II and serving streams
// (`serve`) in YAML: what they resolve to, round trips, and the errors.
#include "common/scenarioerrors.h"
#include "common/scenariotexts.h"
#include "scenario/scenarioio.h"

#include <QtTest/QtTest>

using namespace schedlab;
using test::allErrors;
using test::qs;

namespace {
/** The four styles: an index of two arches, an index of one, per-arch names, a plain image. */
const char *const kStyles = R"(images:
  - name: multi:1
    variants:
      - {arch: amd64, layers: [base]}
      - {arch: arm64, layers: [base]}
  - name: amd-only:1
    index: true
    variants:
      - {arch: amd64, layers: [base]}
  - name: app:1
    index: false
    variants:
      - {arch: amd64, name: app-amd64:1, layers: [base]}
      - {arch: arm64, name: app-arm64:1, layers: [base]}
  - name: plain:1
    index: false
    variants:
      - {arch: arm64, name: plain:1, layers: [base]}
)";

const char *const kTwoArches = R"(          - {name: a, arch: amd64, cpu: 2, memory: 4Gi}
          - {name: b, arch: arm64, cpu: 4, memory: 4Gi, perf: 0.5}
)";

/** Lines 1-31. Rows append streams or images. */
const std::string kBase =
    test::kHead + kStyles + test::kEdgeEap + kTwoArches + test::kNoRequests + "  deployments:\n";

const char *const kServing = R"(    - name: web
      count: 2
      arrival: {at: [0s, 0s]}
      serve: {qps: 800/s, work: exp(2ms)}
      pods: [{name: w, image: multi:1, cpu: 500m, cpu_limit: 500m, memory: 128Mi, perf_base: 1}]
    - name: probe
      count: 1
      arrival: {at: [0s]}
      serve: {qps: 20/s, work: 1ms, report: false}
      pods: [{name: p, image: app:1, cpu: 100m, memory: 64Mi}]
)";
} // namespace

class TestImageStyles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stylesResolve()
    {
        const ScenarioLoad load =
            loadScenarioText(test::withRequiredKeys(kBase + kServing), "s.yaml");
        QVERIFY2(load.ok(), qPrintable(allErrors(load)));
        const Scenario &s = *load.scenario;
        // Styles 1 and 2: an index, resolved per node at pull time.
        QVERIFY(s.podImage("multi:1").first && !s.podImage("multi:1").second);
        QVERIFY(s.podImage("amd-only:1").first && !s.podImage("amd-only:1").second);
        // Style 3: the application name resolves to no variant; a per-arch name to its own.
        QVERIFY(s.podImage("app:1").first && !s.podImage("app:1").second);
        QCOMPARE(qs(s.podImage("app-arm64:1").second->arch), QString("arm64"));
        QCOMPARE(s.podImage("app-arm64:1").first, s.image("app:1"));
        // Style 4: a plain single-arch image under the application's name.
        QCOMPARE(qs(s.podImage("plain:1").second->arch), QString("arm64"));
        QVERIFY(!s.podImage("nope:1").first);
    }

    void servingStreams()
    {
        const ScenarioLoad load =
            loadScenarioText(test::withRequiredKeys(kBase + kServing), "s.yaml");
        QVERIFY2(load.ok(), qPrintable(allErrors(load)));
        const auto &d = load.scenario->workload.deployments;
        QCOMPARE(d[0].serve.qps, 800.0);
        QCOMPARE(int(d[0].serve.work.kind), int(Distribution::Kind::Exp));
        QCOMPARE(d[0].serve.work.a, 0.002);
        QVERIFY(d[0].serve.report);
        QVERIFY(!d[1].serve.report);
        QCOMPARE(d[1].serve.work.a, 0.001);
    }

    void roundTrip()
    {
        const ScenarioLoad load =
            loadScenarioText(test::withRequiredKeys(kBase + kServing), "s.yaml");
        QVERIFY2(load.ok(), qPrintable(allErrors(load)));
        const std::string text = saveScenarioText(*load.scenario);
        const ScenarioLoad again = loadScenarioText(text, "saved.yaml");
        QVERIFY2(again.ok(), qPrintable(allErrors(again) + "\n" + qs(text)));
        QVERIFY2(*again.scenario == *load.scenario, qPrintable(qs(text)));
        QVERIFY(text.find("serve: {qps: 800/s, work: exp(2ms)}") != std::string::npos);
        QVERIFY(text.find("report: false") != std::string::npos);
        QVERIFY(text.find("name: plain:1") != std::string::npos);
    }

    void errors_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("keyPath");
        QTest::addColumn<QString>("message");
        const QString head = qs(kBase) + "    - name: s\n      count: 1\n"
                                         "      arrival: {at: [0s]}\n";
        const QString pods = "      pods: [{name: p, image: multi:1, cpu: 1, memory: 1Gi}]\n";
        QTest::newRow("serve without qps")
            << test::withRequiredKeys(head + "      serve: {work: 2ms}\n" + pods) << 35 << 14
            << "workload.deployments[0].serve.qps"
            << "missing required key 'qps' (the request load the replicas share, e.g. `qps: "
               "1000/s`)";
        QTest::newRow("bare number qps")
            << test::withRequiredKeys(head + "      serve: {qps: 1000}\n" + pods) << 35 << 20
            << "workload.deployments[0].serve.qps"
            << "expected a rate with a unit (e.g. 20/s, 300/m), got bare number 1000";
        QTest::newRow("typo'd serve key")
            << test::withRequiredKeys(head + "      serve: {qps: 10/s, wrok: 1ms}\n" + pods) << 35
            << 26 << "workload.deployments[0].serve.wrok"
            << "unknown key 'wrok'; did you mean 'work'?";
        QTest::newRow("zero load")
            << test::withRequiredKeys(head + "      serve: {qps: 0/s, work: 1ms, report: false}\n" +
                                      pods)
            << 35 << 20 << "workload.deployments[0].serve.qps"
            << "a serving stream needs a positive load, got 0/s";
        QTest::newRow("no work") << test::withRequiredKeys(
                                        head + "      serve: {qps: 5/s, work: 0s}\n" + pods)
                                 << 35 << 31 << "workload.deployments[0].serve.work"
                                 << "requests must take some work, got 0s";
        QTest::newRow("per-arch name of another image")
            << test::withRequiredKeys(qs(kBase).replace("name: app-arm64:1", "name: multi:1") +
                                      "    - name: s\n" +
                                      "      count: 1\n      arrival: {at: [0s]}\n" + pods)
            << 17 << 29 << "images[2].variants[1].name"
            << "per-arch name 'multi:1' is already the name of another image";
        QTest::newRow("per-arch name twice")
            << test::withRequiredKeys(
                   qs(kBase).replace("name: plain:1, layers", "name: app-amd64:1, layers") +
                   "    - name: s\n      count: 1\n      arrival: {at: [0s]}\n" + pods)
            << 21 << 29 << "images[3].variants[0].name"
            << "per-arch name 'app-amd64:1' is used by another variant";
    }

    void errors()
    {
        schedlab::test::checkErrorRow();
    }
};

QTEST_GUILESS_MAIN(TestImageStyles)
#include "tst_imagestyles.moc"
