// SPDX-License-Identifier: GPL-3.0-or-later
// Warnings: what a valid scenario will do that its author may not expect. They are
// located like errors, never stop a run, and say exactly what the engine does.
#include "common/cli.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "scenario/scenarioio.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;

namespace {
/** A valid scenario; `extra` nodes go under eap-1, `services` replace the one service. */
std::string scenarioText(const std::string &nodes, const std::string &services,
                         const std::string &eaps = "", const std::string &workload = "")
{
    return R"(schedlab: 1
name: w
time: {slot: 100ms, frame: 10, duration: 1m}
images:
  - {name: app:1, variants: [{arch: amd64, layers: []}]}
  - {name: arm:1, variants: [{arch: arm64, layers: []}]}
services:
)" + services +
           R"(sites:
  - name: edge
    eaps:
      - name: eap-1
        nodes:
)" + nodes +
           eaps +
           R"(  - name: far
    eaps:
      - name: eap-far
        nodes:
          - {name: far-amd, cpu: 4, memory: 8Gi}
          - {name: far-arm, arch: arm64, cpu: 4, memory: 8Gi}
workload:
)" + (workload.empty() ? "  requests: {kind: poisson, rate: 5/s}\n" : workload) +
           "policies: {dispatch: greedy, dequeue: fifo, orchestration: static, placement: "
           "kube-default}\n";
}

const std::string kTwoNodes = "          - {name: \"n{i}\", count: 2, cpu: 2, memory: 4Gi}\n";
const std::string kArmService = "  - {name: edgeonly, image: arm:1, replica: {cpu: 1, memory: "
                                "256Mi}, replicas: {edge: 1, min: 1, max: 2}}\n";

std::vector<ScenarioError> warningsOf(const std::string &text)
{
    const ScenarioLoad load = loadScenarioText(text, "w.yaml");
    if (!load.ok())
        qFatal("%s", load.errors.front().format().c_str());
    return load.warnings;
}

QString listed(const std::vector<ScenarioError> &warnings)
{
    QStringList out;
    for (const ScenarioError &w : warnings)
        out << QString::fromStdString(w.format());
    return out.join("\n");
}

bool has(const std::vector<ScenarioError> &warnings, const std::string &key,
         const std::string &words)
{
    for (const ScenarioError &w : warnings)
        if (w.keyPath == key && w.message.find(words) != std::string::npos && w.warning)
            return true;
    return false;
}

/** Ready replicas of `service` at time 0 on the nodes of site `site`. */
int initialReplicas(const Scenario &s, int service, int site)
{
    RunOptions o;
    o.policies = s.policies;
    Engine engine(s, buildPolicySet(o), o.config());
    int count = 0;
    for (const Replica &r : engine.state().replicas)
        count += r.alive && int(r.service) == service &&
                 engine.topology().nodes[std::size_t(r.node)].site == site;
    return count;
}
} // namespace

class TestScenarioWarnings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSoundScenarioHasNone()
    {
        const auto w = warningsOf(scenarioText(
            kTwoNodes, "  - {name: web, image: app:1, replicas: {edge: 2, min: 1, max: 4}}\n" +
                           std::string("  - {name: img, image: arm:1}\n")));
        // arm:1 has no variant at site edge: that one is expected, nothing else.
        QCOMPARE(int(w.size()), 1);
        QVERIFY(has(w, "services[1].image", "no variant for any node of site 'edge' (amd64)"));
    }

    void bundledScenariosHaveNone_data()
    {
        QTest::addColumn<QString>("file");
        const QDir dir(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios"));
        for (const QString &f : dir.entryList({"*.yaml"}, QDir::Files))
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void bundledScenariosHaveNone()
    {
        // kais-edge-cloud and kais-large ask for more initial replicas than some of their
        // sites hold: true, and what the engine does is what the warnings say.
        QFETCH(QString, file);
        const ScenarioLoad load = loadScenarioFile(file.toStdString());
        if (!load.ok())
            QSKIP("not a one-cluster scenario");
        const bool cut = file.endsWith("kais-edge-cloud.yaml") || file.endsWith("kais-large.yaml");
        if (!cut) {
            QVERIFY2(load.warnings.empty(), qPrintable(listed(load.warnings)));
            return;
        }
        QCOMPARE(int(load.warnings.size()), file.endsWith("kais-large.yaml") ? 10 : 1);
        const Scenario &s = *load.scenario;
        for (const ScenarioError &w : load.warnings) {
            QVERIFY2(w.keyPath.ends_with(".replicas.edge"), w.format().c_str());
            const int service = std::stoi(w.keyPath.substr(w.keyPath.find('[') + 1));
            for (int site = 0; site < int(s.sites.size()); ++site) {
                const std::string at = "site '" + s.sites[std::size_t(site)].name + "'";
                std::size_t begin = w.message.find(at);
                if (begin == std::string::npos)
                    continue;
                begin = w.message.find("for ", begin) + 4;
                const std::string count =
                    w.message.substr(begin, w.message.find_first_of(" ,(", begin) - begin);
                const int said = count == "none" ? 0 : std::stoi(count);
                QCOMPARE(initialReplicas(s, service, site), said);
                QVERIFY(said < s.services[std::size_t(service)].replicas.edge);
            }
        }
    }

    void anEapWithoutNodes()
    {
        const auto w = warningsOf(scenarioText(kTwoNodes, "  - {name: web, image: app:1}\n",
                                               "      - name: eap-empty\n        nodes: []\n"));
        QVERIFY2(has(w, "sites[0].eaps[1].nodes",
                     "eAP 'eap-empty' has no nodes: the 1 in 3 requests that arrive there are "
                     "dispatched to the 2 nodes of site 'edge' under its other eAPs"),
                 qPrintable(listed(w)));
        QCOMPARE(w.front().line, 16); // where the file says it
    }

    void aServiceNoNodeCanHold()
    {
        const auto w = warningsOf(scenarioText(
            kTwoNodes, "  - {name: big, image: app:1, replica: {cpu: 8, memory: 1Gi}}\n"));
        QVERIFY2(has(w, "services[0].replica",
                     "no edge node can hold a replica of 'big' (cpu 8, memory 1Gi"),
                 qPrintable(listed(w)));
        QCOMPARE(int(w.size()), 1); // not also "initial replicas cut" for it
    }

    void initialReplicasBeyondRoomSayWhatTheRunStartsWith()
    {
        // Two nodes of 2 cores: room for 4 replicas of 1 core at site edge, not 6.
        const std::string text = scenarioText(
            kTwoNodes, "  - {name: web, image: app:1, replica: {cpu: 1, memory: 256Mi}, "
                       "replicas: {edge: 6, min: 1, max: 8}}\n");
        const auto w = warningsOf(text);
        QVERIFY2(has(w, "services[0].replicas.edge",
                     "6 initial replicas of 'web' per site, but site 'edge' has room for 4 and "
                     "site 'far' for 4 (cpu 1, memory 256Mi each, shared "
                     "round robin with the other services' replicas): the run starts with those "
                     "and leaves the rest out"),
                 qPrintable(listed(w)));
        const ScenarioLoad load = loadScenarioText(text, "w.yaml");
        QCOMPARE(initialReplicas(*load.scenario, 0, 0), 4); // what the engine does
        QCOMPARE(initialReplicas(*load.scenario, 0, 1), 4);
    }

    void pinnedReplicasBeyondCapacity()
    {
        const auto w = warningsOf(
            scenarioText("          - {name: pin, cpu: 2, memory: 4Gi, hosts: {web: 3}}\n",
                         "  - {name: web, image: app:1, replica: {cpu: 1, memory: 256Mi}, "
                         "replicas: {edge: 1, min: 1, max: 4}}\n"));
        QVERIFY2(has(w, "sites[0].eaps[0].nodes[0].hosts",
                     "reserve cpu 3 and memory 768Mi of its 2 and 4Gi: pinned replicas are "
                     "placed anyway"),
                 qPrintable(listed(w)));
    }

    void anEmptyWorkload()
    {
        const auto rare = warningsOf(scenarioText(kTwoNodes, "  - {name: web, image: app:1}\n", "",
                                                  "  requests: {kind: poisson, rate: 0.01/s}\n"));
        QVERIFY2(has(rare, "workload.requests.rate", "requests on average: the run may see none"),
                 qPrintable(listed(rare)));
        const auto late = warningsOf(scenarioText(
            kTwoNodes, "  - {name: web, image: app:1}\n", "",
            "  requests: {kind: none}\n  deployments:\n    - name: later\n      count: 1\n"
            "      arrival: {every: 1m, start: 2h}\n      pods: [{name: p, image: app:1}]\n"));
        QVERIFY2(has(late, "workload", "nothing arrives within the run's 1m"),
                 qPrintable(listed(late)));
    }

    void validatePrintsWarningsAndSucceeds()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("warn.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(scenarioText(kTwoNodes, "  - {name: web, image: app:1}\n" + kArmService).c_str());
        f.close();
        const test::CliResult r = test::cli({"validate", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.startsWith((path + ":9:29: warning: services[1].image: image 'arm:1' has "
                                          "no variant for any node of site 'edge'")
                                      .toUtf8()),
                 r.err.constData());
        QCOMPARE(r.out, (path + ": ok (4 edge nodes, 2 services), 1 warning\n").toUtf8());
        // and the run goes ahead
        const test::CliResult run = test::cli({"run", path, "--duration", "5s"});
        QCOMPARE(run.exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestScenarioWarnings)
#include "tst_scenariowarnings.moc"
