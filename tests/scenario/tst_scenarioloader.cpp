// SPDX-License-Identifier: GPL-3.0-or-later
// Every kind of scenario error, with its exact line:column, key path and message.
#include "base/jsontext.h"
#include "common/scenarioerrors.h"
#include "common/scenariotexts.h"
#include "scenario/scenarioio.h"
#include "scenario/yamloverride.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <algorithm>
#include <cstdio>
#include <filesystem>

using namespace schedlab;

namespace {
using test::allErrors;
using test::qs;

const char *const kService = R"(services:
  - name: svc-a
    image: app:1
)";

/** A valid base that the rows below extend; its own lines are 1-16. */
const std::string kBase =
    test::kHead + test::kAppImage + kService + test::kEdgeEap + test::kTwoNodes;
} // namespace

class TestScenarioLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void baseIsValid();
    void errors_data();
    void errors();
    void collectsAllErrors();
    void flowCommaHint();
    void capsErrorCount();
    void inMemoryValidation();
    void formatting();
    void unreadableFiles();
    void relativeTracePathKept();
    void textThatIsNotUtf8();
    void oldMacLineEndings();
};

void TestScenarioLoader::baseIsValid()
{
    const ScenarioLoad load = loadScenarioText(test::withRequiredKeys(kBase), "base.yaml");
    QVERIFY2(load.ok(), qPrintable(allErrors(load)));
    QCOMPARE(load.scenario->sites[0].eaps[0].nodes[0].count, 2);
}

void TestScenarioLoader::errors_data()
{
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("keyPath");
    QTest::addColumn<QString>("message");
    const QString base = qs(kBase);

    // --- keys -------------------------------------------------------------------------
    QTest::newRow("typo'd top-level key")
        << test::withRequiredKeys(base + "seeed: 3\n") << 17 << 1 << "seeed"
        << "unknown key 'seeed'; did you mean 'seed'?";
    QTest::newRow("typo'd deep key")
        << test::withRequiredKeys(base +
                                  "      - name: eap-2\n"
                                  "        nodes:\n"
                                  "          - {name: b1, cpu: 1, memory: 1Gi}\n"
                                  "          - {name: b2, cpu: 1, memory: 1Gi}\n"
                                  "          - {name: b3, cpu: 1, memory: 1Gi, bandwith: 1Gbps}\n")
        << 21 << 45 << "sites[0].eaps[1].nodes[2].bandwith"
        << "unknown key 'bandwith'; did you mean 'bandwidth'?";
    QTest::newRow("second document")
        << test::withRequiredKeys(base + "---\nseed: 4\n") << 19 << 1 << ""
        << "a second YAML document: a file holds one scenario (remove "
           "the '---' and what follows, or put it in its own file)";
    // A NUL or another control byte: the file is damaged; named where it is, even in a
    // comment (yaml-cpp skipped it there and misplaced it in a key).
    const QString control =
        "YAML syntax error: a control character (byte 0x%1) that YAML text cannot hold: is the "
        "file binary or damaged?";
    QTest::newRow("NUL in a key") << test::withRequiredKeys(base + "se" + QChar(0) + "ed: 3\n")
                                  << 17 << 3 << "" << control.arg("00");
    QTest::newRow("control byte in a comment")
        << test::withRequiredKeys(base + "# a note" + QChar(0x1b) + "\n") << 17 << 9 << ""
        << control.arg("1B");
    QTest::newRow("prefix hint") << test::withRequiredKeys(
                                        base + "policies: {dispatch: greedy, orch: hpa}\n")
                                 << 17 << 30 << "policies.orch"
                                 << "unknown key 'orch'; did you mean 'orchestration'?";
    QTest::newRow("unknown key, no hint")
        << test::withRequiredKeys(base + "colour: blue\n") << 17 << 1 << "colour"
        << "unknown key 'colour'; expected one of schedlab, name, description, seed, time, "
           "network, layers, images, services, sites, links, workload, policies, central_dispatch "
           "or layout";
    QTest::newRow("duplicate key")
        << test::withRequiredKeys(base + "name: again\n") << 17 << 1 << "name"
        << "duplicate key 'name'";
    QTest::newRow("missing schema")
        << test::withRequiredKeys(qs(kBase).mid(QString("schedlab: 1\n").size())) << 1 << 1
        << "schedlab"
        << "missing required key 'schedlab' (the schema version; write `schedlab: 1`)";
    QTest::newRow("schema version")
        << test::withRequiredKeys(qs(kBase).replace("schedlab: 1", "schedlab: 2")) << 1 << 11
        << "schedlab"
        << "unsupported schema version 2; this SchedLab reads schema 1";
    QTest::newRow("missing name") << test::withRequiredKeys(qs(kBase).replace("name: t\n", "")) << 1
                                  << 1 << "name"
                                  << "missing required key 'name'";
    QTest::newRow("missing node name")
        << test::withRequiredKeys(base + "          - {cpu: 1, memory: 1Gi}\n") << 17 << 13
        << "sites[0].eaps[0].nodes[1].name"
        << "missing required key 'name'";

    // --- units and types --------------------------------------------------------------
    QTest::newRow("bare number for a duration")
        << test::withRequiredKeys(base + "time: {slot: 250, frame: 100}\n") << 17 << 14
        << "time.slot"
        << "expected a duration with a unit (e.g. 250ms, 2s, 10m), got bare number 250";
    QTest::newRow("bare number for a size")
        << test::withRequiredKeys(base + "          - {name: m, cpu: 1, memory: 4096}\n") << 17
        << 39 << "sites[0].eaps[0].nodes[1].memory"
        << "expected a size with a unit (e.g. 512Mi, 4Gi, 120MB), got bare number 4096";
    QTest::newRow("bad cpu unit")
        << test::withRequiredKeys(base + "          - {name: m, cpu: 2x}\n") << 17 << 28
        << "sites[0].eaps[0].nodes[1].cpu"
        << "unknown cpu quantity unit 'x' in '2x'; expected no unit (cores) or m";
    QTest::newRow("wrong type: map instead of list")
        << test::withRequiredKeys(qs(kBase).replace(
               QRegularExpression("sites:.*", QRegularExpression::DotMatchesEverythingOption),
               "sites: {name: edge}\n"))
        << 11 << 8 << "sites"
        << "expected a list, got a map";
    QTest::newRow("wrong type: scalar instead of map")
        << test::withRequiredKeys(base + "time: fast\n") << 17 << 7 << "time"
        << "expected a map, got 'fast'";
    QTest::newRow("wrong type: list for a string")
        << test::withRequiredKeys(qs(kBase).replace("name: t\n", "name: [a, b]\n")) << 2 << 7
        << "name"
        << "expected a string, got a list";
    QTest::newRow("not an integer")
        << test::withRequiredKeys(base + "time: {frame: 1.5}\n") << 17 << 15 << "time.frame"
        << "expected an integer, got '1.5'";
    QTest::newRow("dispatch_per_slot word")
        << test::withRequiredKeys(base + "time: {dispatch_per_slot: many}\n") << 17 << 27
        << "time.dispatch_per_slot"
        << "expected an integer or 'all', got 'many'";
    // --- runs that would not fit in time or memory ---------------------------------------
    QTest::newRow("too many slots")
        << test::withRequiredKeys(base + "time: {slot: 1us, duration: 1000h}\n") << 17 << 14
        << "time.slot"
        << "a run of 3.6e+06 s in slots of 1e-06 s is 3.6e+12 slots, "
           "more than 100,000,000: give a longer slot or a shorter "
           "duration";
    QTest::newRow("slot longer than the run")
        << test::withRequiredKeys(base + "time: {slot: 2h, duration: 1h}\n") << 17 << 14
        << "time.slot"
        << "the slot (7200 s) is longer than the run (3600 s)";
    QTest::newRow("rate beyond memory")
        << test::withRequiredKeys(base + "workload: {requests: {kind: poisson, rate: 1e8/s}}\n")
        << 17 << 44 << "workload.requests.rate"
        << "the request rate (1e+08/s) over 600 s is 6e+10 requests, more than 1,000,000,000";
    QTest::newRow("a slot's arrivals beyond memory")
        << test::withRequiredKeys(base + "time: {duration: 2s}\n"
                                         "workload: {requests: {kind: poisson, rate: 1e8/s}}\n")
        << 18 << 44 << "workload.requests.rate"
        << "the request rate (1e+08/s) brings 2.5e+07 requests in a slot of 0.25 s, more than "
           "4000000 in flight at once: give a lower rate or a shorter slot";
    QTest::newRow("bad enum") << test::withRequiredKeys(base + "  - {name: far, kind: fog}\n") << 17
                              << 23 << "sites[1].kind"
                              << "expected one of edge or cloud, got 'fog'";
    QTest::newRow("bad bool") << test::withRequiredKeys(qs(kBase).replace(
                                     "    variants:", "    index: yes\n    variants:"))
                              << 6 << 12 << "images[0].index"
                              << "expected true or false, got 'yes'";
    QTest::newRow("bad distribution")
        << test::withRequiredKeys(qs(kBase).replace("    image: app:1",
                                                    "    image: app:1\n"
                                                    "    request: {work: expo(40ms)}"))
        << 11 << 21 << "services[0].request.work"
        << "unknown distribution 'expo' (did you mean 'exp'?); expected exp, uniform, normal, "
           "lognormal or const or a plain duration";
    QTest::newRow("bare number in a distribution")
        << test::withRequiredKeys(qs(kBase).replace("    image: app:1",
                                                    "    image: app:1\n"
                                                    "    request: {deadline: \"uniform(1, 2s)\"}"))
        << 11 << 25 << "services[0].request.deadline"
        << "argument 1 of uniform: expected a duration with a unit (e.g. 250ms, 2s, 10m), got "
           "bare number 1";
    QTest::newRow("unknown layer")
        << test::withRequiredKeys(qs(kBase).replace("layers: [base]", "layers: [bsae]")) << 7 << 32
        << "images[0].variants[0].layers[0]"
        << "unknown layer 'bsae' (did you mean 'base'?); name a layer of the top-level `layers` "
           "map or write {digest: ..., size: ...}";
    QTest::newRow("deployments: typo'd pod key")
        << test::withRequiredKeys(
               base + "workload:\n  deployments:\n    - {name: d, count: 1, arrival: {every: 1s},\n"
                      "       pods: [{name: p, image: app:1, memroy: 1Gi}]}\n")
        << 20 << 39 << "workload.deployments[0].pods[0].memroy"
        << "unknown key 'memroy'; did you mean 'memory'?";

    // --- semantic checks --------------------------------------------------------------
    QTest::newRow("negative cpu") << test::withRequiredKeys(
                                         base + "      - name: eap-2\n"
                                                "        nodes:\n"
                                                "          - {name: b1, cpu: 1, memory: 1Gi}\n"
                                                "          - {name: b2, cpu: 1, memory: 1Gi}\n"
                                                "          - {name: b3, cpu: -1, memory: 1Gi}\n")
                                  << 21 << 29 << "sites[0].eaps[1].nodes[2].cpu"
                                  << "must be > 0, got -1";
    QTest::newRow("zero replica memory")
        << test::withRequiredKeys(qs(kBase).replace("    image: app:1",
                                                    "    image: app:1\n"
                                                    "    replica: {cpu: 500m, memory: 0Mi}"))
        << 11 << 34 << "services[0].replica.memory"
        << "must be > 0, got 0B";
    QTest::newRow("zero perf") << test::withRequiredKeys(base +
                                                         "          - {name: slow, perf: 0}\n")
                               << 17 << 32 << "sites[0].eaps[0].nodes[1].perf"
                               << "must be > 0, got 0";
    QTest::newRow("unknown image")
        << test::withRequiredKeys(qs(kBase).replace("    image: app:1", "    image: app:2")) << 10
        << 12 << "services[0].image"
        << "unknown image 'app:2' (did you mean 'app:1'?); known images: app:1";
    QTest::newRow("unknown service in hosts")
        << test::withRequiredKeys(base + "          - {name: pinned, hosts: {svc-b: 1}}\n") << 17
        << 43 << "sites[0].eaps[0].nodes[1].hosts.svc-b"
        << "unknown service 'svc-b' (did you mean 'svc-a'?)";
    QTest::newRow("duplicate node name after {i} expansion")
        << test::withRequiredKeys(base + "          - {name: n2}\n") << 17 << 20
        << "sites[0].eaps[0].nodes[1].name"
        << "duplicate node name 'n2' (also in sites[0].eaps[0].nodes[0])";
    QTest::newRow("duplicate node name across sites")
        << test::withRequiredKeys(base +
                                  "  - name: cloud\n    kind: cloud\n    nodes: [{name: n1}]\n")
        << 19 << 20 << "sites[1].nodes[0].name"
        << "duplicate node name 'n1' (also in sites[0].eaps[0].nodes[0])";
    QTest::newRow("duplicate service name")
        << test::withRequiredKeys(
               qs(kBase).replace("sites:", "  - {name: svc-a, image: app:1}\nsites:"))
        << 11 << 12 << "services[1].name"
        << "duplicate service name 'svc-a'";
    QTest::newRow("count below 1")
        << test::withRequiredKeys(base + "          - {name: \"z{i}\", count: 0}\n") << 17 << 35
        << "sites[0].eaps[0].nodes[1].count"
        << "must be at least 1, got 0";
    QTest::newRow("replicas out of bounds")
        << test::withRequiredKeys(qs(kBase).replace("    image: app:1",
                                                    "    image: app:1\n"
                                                    "    replicas: {edge: 9, min: 1, max: 8}"))
        << 11 << 22 << "services[0].replicas.edge"
        << "initial edge replicas 9 must lie between min 1 and max 8";
    QTest::newRow("link endpoint")
        << test::withRequiredKeys(
               base + "links:\n  - {from: eap-1, to: clod, latency: 1ms, bandwidth: 1Gbps}\n")
        << 18 << 23 << "links[0].to"
        << "'clod' names no eAP or site";
    QTest::newRow("trace without path")
        << test::withRequiredKeys(base +
                                  "workload:\n  requests: {kind: trace, format: alibaba-2018}\n")
        << 18 << 13 << "workload.requests.path"
        << "a trace workload needs `path` (the CSV file, relative to the scenario)";
    QTest::newRow("image without variants")
        << test::withRequiredKeys(
               qs(kBase).replace("    variants:\n      - {arch: amd64, layers: [base]}\n", ""))
        << 5 << 5 << "images[0].variants"
        << "an image needs at least one variant {arch, layers}";
    QTest::newRow("edge site with direct nodes")
        << test::withRequiredKeys(base + "  - name: edge-2\n    nodes: [{name: x}]\n") << 18 << 12
        << "sites[1].nodes"
        << "an edge site's nodes belong to its eAPs: move them under sites[1].eaps[...].nodes";

    QTest::newRow("layout names nothing")
        << test::withRequiredKeys(base + "layout: {eap-1: [10, 20], eap-9: [0, 0]}\n") << 17 << 34
        << "layout.eap-9"
        << "'eap-9' names no site, eAP or node group (did you mean 'eap-1'?)";
    QTest::newRow("layout not a pair")
        << test::withRequiredKeys(base + "layout: {edge: [1, 2, 3]}\n") << 17 << 16 << "layout.edge"
        << "expected a canvas position [x, y], got a list";

    // --- what a scenario must say, and amounts no real system has -------------------------
    QTest::newRow("cut off before policies")
        << qs(kBase) + "workload: {requests: {kind: poisson, rate: 1/s}}\n"
        << 1 << 1 << "policies"
        << "missing required key 'policies' (a policy per plane, e.g. `policies: {dispatch: "
           "greedy}`; `policies: {}` takes the defaults)";
    QTest::newRow("no edge node")
        << test::withRequiredKeys(qs(kBase).replace(
               QRegularExpression("sites:.*", QRegularExpression::DotMatchesEverythingOption),
               "sites:\n  - {name: c, kind: cloud, nodes: [{name: v}]}\n"))
        << 12 << 3 << "sites"
        << "no edge node: a scenario needs an edge site with an eAP that has nodes "
           "(sites[i].eaps[j].nodes)";
    QTest::newRow("nothing arrives")
        << test::withRequiredKeys(base + "workload: {requests: {kind: none}}\n") << 17 << 29
        << "workload.requests.kind"
        << "nothing arrives: give requests a kind (poisson, pattern or trace), or add "
           "workload.deployments";
    QTest::newRow("requests without a service")
        << test::withRequiredKeys(qs(kBase).replace(qs(kService), "services: []\n")) << 8 << 11
        << "services"
        << "requests arrive (workload.requests) but no service is there to serve them: add a "
           "service, or set workload.requests.kind: none";
    QTest::newRow("image for no node's arch")
        << test::withRequiredKeys(
               qs(kBase).replace("count: 2, cpu: 2", "count: 2, arch: arm64, cpu: 2"))
        << 10 << 12 << "services[0].image"
        << "image 'app:1' has no variant for any node's arch: it is built for amd64, the nodes are "
           "arm64";
    QTest::newRow("unknown arch")
        << test::withRequiredKeys(base + "          - {name: m, arch: x86_64}\n") << 17 << 29
        << "sites[0].eaps[0].nodes[1].arch"
        << "unknown arch 'x86_64'; Kubernetes calls it 'amd64'; known: amd64, arm64, arm, 386, "
           "ppc64le, s390x, riscv64, mips64le or loong64";
    QTest::newRow("cpu beyond any machine")
        << test::withRequiredKeys(base + "          - {name: m, cpu: 1e300}\n") << 17 << 28
        << "sites[0].eaps[0].nodes[1].cpu"
        << "1e+300 is beyond any real system (at most 100000); check the unit";
    QTest::newRow("memory below a byte")
        << test::withRequiredKeys(base + "          - {name: m, memory: 0.0000001Ki}\n") << 17 << 31
        << "sites[0].eaps[0].nodes[1].memory"
        << "1e-07Ki is below the smallest real amount (1B); check the unit";
    QTest::newRow("lognormal sigma")
        << test::withRequiredKeys(qs(kBase).replace(
               "    image: app:1",
               "    image: app:1\n    request: {work: \"lognormal(15ms, 1e300)\"}"))
        << 11 << 21 << "services[0].request.work"
        << "lognormal sigma must be at most 5, got 1e+300";
    QTest::newRow("no time to serve")
        << test::withRequiredKeys(qs(kBase).replace(
               "    image: app:1", "    image: app:1\n    request: {deadline: 0s}"))
        << 11 << 25 << "services[0].request.deadline"
        << "must be longer than 0s: every request would miss it as it arrives";
    QTest::newRow("too many nodes")
        << test::withRequiredKeys(base + "          - {name: \"m{i}\", count: 100000}\n") << 12 << 3
        << "sites"
        << "100002 nodes; a scenario has at most 100000";
    QTest::newRow("name too long")
        << test::withRequiredKeys(base + "          - {name: " + QString(300, 'x') + "}\n") << 17
        << 20 << "sites[0].eaps[0].nodes[1].name"
        << "is 300 characters long; a name has at most 253";
    QTest::newRow("name with a control character")
        << test::withRequiredKeys(base + "          - {name: \"m\\0x\"}\n") << 17 << 20
        << "sites[0].eaps[0].nodes[1].name"
        << "holds a control character (0x00); a name is one line of text";

    // --- documents that are not scenarios ------------------------------------------------
    QTest::newRow("malformed YAML: unclosed flow")
        << QString("schedlab: 1\nname: t\ntime: {slot: 250ms\nseed: 1\n") << 4 << 5 << ""
        << "YAML syntax error: end of map flow not found";
    QTest::newRow("malformed YAML: bad indentation")
        << QString("schedlab: 1\nname: t\n  seed: 1\n") << 3 << 7 << ""
        << "YAML syntax error: illegal map value";
    QTest::newRow("empty file") << QString() << 1 << 1 << ""
                                << "the file is empty; expected a map starting with `schedlab: 1`";
    QTest::newRow("a list at the top") << QString("- a\n- b\n") << 1 << 1 << ""
                                       << "expected a map at the top level, got a list";
}

void TestScenarioLoader::errors()
{
    schedlab::test::checkErrorRow();
}

void TestScenarioLoader::collectsAllErrors()
{
    const std::string yaml = R"(schedlab: 1
name: many
time: {slot: 250, frame: 100}
services:
  - name: a
    image: nope
    replica: {cpu: -1, memory: 1Gi}
sites:
  - name: edge
    eaps:
      - name: e
        nodes:
          - {name: x, cpu: 2, memroy: 4Gi}
workload: {requests: {kind: poisson, rate: 1/s}}
policies: {}
)";
    const ScenarioLoad load = loadScenarioText(yaml, "many.yaml");
    QCOMPARE(allErrors(load),
             QString("many.yaml:3:14: time.slot: expected a duration with a unit (e.g. 250ms, 2s, "
                     "10m), got bare number 250\n"
                     "many.yaml:6:12: services[0].image: unknown image 'nope'; known images: "
                     "none\n"
                     "many.yaml:7:20: services[0].replica.cpu: must be > 0, got -1\n"
                     "many.yaml:13:31: sites[0].eaps[0].nodes[0].memroy: unknown key 'memroy'; "
                     "did you mean 'memory'?"));
}

void TestScenarioLoader::flowCommaHint()
{
    // In a flow map a comma ends the value: `uniform(10ms` and a key `50ms)` arrive.
    const std::string yaml =
        std::string(kBase).replace(kBase.find("    image: app:1"), 16,
                                   "    image: app:1\n    request: {work: uniform(10ms, 50ms)}");
    const ScenarioLoad load = loadScenarioText(test::withRequiredKeys(yaml), "comma.yaml");
    QCOMPARE(allErrors(load),
             QString("comma.yaml:11:21: services[0].request.work: malformed distribution "
                     "'uniform(10ms': expected uniform(low, high); inside a flow map {...} a "
                     "comma ends the value: quote it, e.g. \"uniform(10ms, ...)\"\n"
                     "comma.yaml:11:35: services[0].request.50ms): unknown key '50ms)'; expected "
                     "one of work, size, deadline, cpu or memory"));
}

void TestScenarioLoader::capsErrorCount()
{
    std::string yaml = "schedlab: 1\nname: cap\nsites:\n  - name: e\n    eaps:\n"
                       "      - name: a\n        nodes:\n";
    for (int i = 0; i < 200; ++i)
        yaml += "          - {name: n" + std::to_string(i) + ", cpu: 1x}\n";
    const ScenarioLoad load = loadScenarioText(yaml, "cap.yaml");
    QVERIFY(!load.ok());
    QVERIFY(load.errors.size() <= 51);
    QVERIFY(load.errors.size() >= 50);
}

void TestScenarioLoader::inMemoryValidation()
{
    const ScenarioLoad load = loadScenarioText(test::withRequiredKeys(kBase), "base.yaml");
    QVERIFY(load.ok());
    Scenario s = *load.scenario;
    s.sourcePath = "memory";
    s.services[0].image = "other:1";
    s.sites[0].eaps[0].nodes[0].cpu = 0;
    const std::vector<ScenarioError> errors = validateScenario(s);
    QCOMPARE(int(errors.size()), 2);
    QCOMPARE(qs(errors[0].format()),
             QString("memory: services[0].image: unknown image 'other:1'; known images: app:1"));
    QCOMPARE(errors[0].line, 0);
    QCOMPARE(qs(errors[1].keyPath), QString("sites[0].eaps[0].nodes[0].cpu"));
    QCOMPARE(qs(errors[1].message), QString("must be > 0, got 0"));
}

void TestScenarioLoader::formatting()
{
    ScenarioError e;
    e.file = "f.yaml";
    e.line = 3;
    e.column = 14;
    e.keyPath = "time.slot";
    e.message = "bad";
    QCOMPARE(qs(e.format()), QString("f.yaml:3:14: time.slot: bad"));
    e.keyPath.clear();
    QCOMPARE(qs(e.format()), QString("f.yaml:3:14: bad"));
    e.line = 0;
    QCOMPARE(qs(e.format()), QString("f.yaml: bad"));
}

void TestScenarioLoader::unreadableFiles()
{
    const std::string missing = "/nonexistent/dir/x.yaml";
    ScenarioLoad load = loadScenarioFile(missing);
    QVERIFY(!load.ok());
    QCOMPARE(qs(load.errors.at(0).format()),
             qs(missing + ": cannot read the file: No such file or directory"));
    load = loadScenarioFile(SCHEDLAB_TEST_DATA);
    QVERIFY(!load.ok());
    QCOMPARE(qs(load.errors.at(0).message), QString("cannot read the file: it is a directory"));
}

void TestScenarioLoader::relativeTracePathKept()
{
    const std::string yaml = kBase + "workload:\n  requests: {kind: trace, format: alibaba-2017, "
                                     "path: ../traces/x.csv, time_scale: 0.01}\n";
    const ScenarioLoad load = loadScenarioText(test::withRequiredKeys(yaml), "/some/dir/s.yaml");
    QVERIFY2(load.ok(), qPrintable(allErrors(load)));
    QCOMPARE(qs(load.scenario->workload.requests.tracePath), QString("../traces/x.csv"));
    QCOMPARE(qs(load.scenario->sourcePath), QString("/some/dir/s.yaml"));
    QCOMPARE(load.scenario->workload.requests.timeScale, 0.01);
}

/** Every name read from a scenario is written out again, into JSON among others: a
 *  byte that begins no UTF-8 sequence, or one cut short, is refused where it is. */
void TestScenarioLoader::textThatIsNotUtf8()
{
    const std::pair<std::string, int> cases[] = {
        {"t\xff", 8}, {"caf\xc3", 10}, {"\xed\xa0\x80", 7}};
    for (const auto &[name, column] : cases) {
        const std::string yaml = "schedlab: 1\nname: " + name + "\nseed: 1\n";
        const ScenarioLoad load = loadScenarioText(yaml, "bad.yaml");
        QCOMPARE(load.errors.size(), std::size_t(1));
        QCOMPARE(load.errors[0].line, 2);
        QCOMPARE(load.errors[0].column, column);
        QVERIFY2(load.errors[0].message.starts_with("not valid UTF-8 (byte 0x"),
                 load.errors[0].message.c_str());
    }
    const YamlEdit set = setYamlScalar(kBase, "name", "a\xff");
    QVERIFY2(set.error.find("not valid UTF-8") != std::string::npos, set.error.c_str());
    // A string that got through anyway is written with U+FFFD, not thrown on.
    const nlohmann::ordered_json json = {{"name", "a\xff"}};
    QCOMPARE(qs(jsonText(json)), QString("{\n  \"name\": \"a\uFFFD\"\n}"));
}

/** A file whose lines end in a carriage return alone reads as its lines, not as one
 *  line (nor as an empty file); an error in it is placed on its line. */
void TestScenarioLoader::oldMacLineEndings()
{
    QTemporaryDir dir;
    const auto load = [&](std::string text) {
        std::replace(text.begin(), text.end(), '\n', '\r');
        const std::string path = dir.filePath("mac.yaml").toStdString();
        std::FILE *f = std::fopen(path.c_str(), "wb");
        std::fwrite(text.data(), 1, text.size(), f);
        std::fclose(f);
        return loadScenarioFile(path);
    };
    const std::string valid = test::withRequiredKeys(kBase);
    const ScenarioLoad good = load(valid);
    QVERIFY2(good.ok(), qPrintable(allErrors(good)));
    const ScenarioLoad bad = load(valid + "bogus: 1\n");
    QVERIFY(!bad.ok());
    QVERIFY(bad.errors.at(0).line > 10);
}

QTEST_GUILESS_MAIN(TestScenarioLoader)
#include "tst_scenarioloader.moc"
