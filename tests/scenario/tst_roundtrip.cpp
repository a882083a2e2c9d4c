// SPDX-License-Identifier: GPL-3.0-or-later
// Saving is the inverse of loading: load -> save -> load gives an equal Scenario and
// the canonical text is a fixed point. Also checks the shape of the bundled scenarios.
#include "common/scenarioerrors.h"
#include "common/testscenarios.h"
#include "model/arch.h"
#include "registry/registry.h"
#include "scenario/scenarioio.h"

#include <QtTest/QtTest>

#include <cmath>
#include <random>
#include <set>

using namespace schedlab;

namespace {
using test::allErrors;
using test::qs;

int edgeNodes(const SiteSpec &site)
{
    int n = 0;
    for (const EapSpec &eap : site.eaps)
        for (const NodeSpec &g : eap.nodes)
            n += g.count;
    return n;
}

/** Identity of save/load on `s`, and text stability of the canonical form. */
void checkRoundTrip(const Scenario &s)
{
    const std::string text = saveScenarioText(s);
    const ScenarioLoad again = loadScenarioText(text, "saved.yaml");
    QVERIFY2(again.ok(), qPrintable(allErrors(again) + "\n" + qs(text)));
    if (!(*again.scenario == s))
        QFAIL(qPrintable("reloaded scenario differs; saved text:\n" + qs(text)));
    QCOMPARE(qs(saveScenarioText(*again.scenario)), qs(text));
}

/** Random strings with YAML-significant characters, unique by `tag`. */
class Strings
{
public:
    explicit Strings(std::uint64_t seed) : mGen(seed) {}
    std::string make(const std::string &tag)
    {
        static const std::vector<std::string> pieces = {
            "a",  "Z",    "0",    "9",   "-",  "_",  ".",  "/",   ":",    " ",   "#",
            "\"", "'",    "\\",   "{",   "}",  "[",  "]",  ",",   "?",    "&",   "*",
            "!",  "|",    ">",    "%",   "@",  "`",  "\n", "\t",  "é",    "中",  "{i}",
            "~",  "null", "true", "yes", "- ", ": ", " #", "1e3", "0x1f", "\x01"};
        std::string out;
        const int n = int(mGen() % 6);
        for (int i = 0; i < n; ++i)
            out += pieces[mGen() % pieces.size()];
        return out + tag;
    }
    /** make() without control characters: a name is one line of text. */
    std::string name(const std::string &tag)
    {
        std::string out = make(tag);
        std::erase_if(out, [](unsigned char c) { return c < 0x20 || c == 0x7f; });
        return out;
    }
    double positive()
    {
        std::uniform_real_distribution<double> e(-9.0, 12.0);
        return std::pow(10.0, e(mGen)) * (1.0 + double(mGen() % 1000) / 7.0);
    }
    /** Like positive(), within what a real system has of `d` (physicalRangeProblem). */
    double quantity(Dimension d)
    {
        const auto [low, high] = [d]() -> std::pair<double, double> {
            switch (d) {
            case Dimension::Duration:
                return {1e-9, 1e9};
            case Dimension::Size:
                return {1, 1e18};
            case Dimension::Bandwidth:
                return {1, 1e15};
            case Dimension::Cpu:
                return {1e-3, 1e5};
            default:
                return {1e-9, 1e9};
            }
        }();
        std::uniform_real_distribution<double> e(std::log10(low), std::log10(high / 300));
        return std::pow(10.0, e(mGen)) * (1.0 + double(mGen() % 1000) / 7.0);
    }
    double unit() { return double(mGen() % 100001) / 100000.0; }
    std::uint64_t next() { return mGen(); }

private:
    std::mt19937_64 mGen;
};

Distribution randomDistribution(Strings &r, Dimension d)
{
    using K = Distribution::Kind;
    switch (r.next() % 5) {
    case 0:
        return Distribution::constant(r.quantity(d));
    case 1:
        return {K::Exp, r.quantity(d), 0.0};
    case 2: {
        const double a = r.quantity(d);
        return {K::Uniform, a, a * (1.0 + r.unit())};
    }
    case 3:
        return {K::Normal, r.quantity(d), r.quantity(d)};
    default:
        return {K::LogNormal, r.quantity(d), r.unit()};
    }
}

/** A valid scenario with random names and values (every field differs from defaults). */
Scenario randomScenario(std::uint64_t seed)
{
    Strings r(seed);
    Scenario s;
    s.name = r.name("n");
    s.description = r.make("");
    s.seed = r.next();
    s.time = {r.quantity(Dimension::Duration), int(r.next() % 500) + 1,
              r.quantity(Dimension::Duration), int(r.next() % 4)};
    const auto link = [&r] {
        return LinkSpec{r.quantity(Dimension::Duration), r.quantity(Dimension::Bandwidth)};
    };
    s.network.access = link();
    s.network.lan = {0.0, r.quantity(Dimension::Bandwidth)};
    s.network.wan = link();
    s.layers = {{r.make("L1"), r.quantity(Dimension::Size)}, {r.make("L2"), 0.0}};
    ImageSpec image;
    image.name = r.name("img");
    image.index = r.next() % 2;
    const std::string otherArch = knownArches()[1 + r.next() % (knownArches().size() - 1)];
    image.variants = {
        {"amd64", r.make("va"), {s.layers[0], {r.make("d"), r.quantity(Dimension::Size)}}},
        {otherArch, r.make("vb"), {s.layers[1], {s.layers[0].digest, 1.0}}}};
    s.images = {image};
    for (int i = 0; i < 3; ++i) {
        ServiceSpec svc;
        svc.name = r.name("svc" + std::to_string(i));
        svc.image = image.name;
        svc.replicaCpu = r.quantity(Dimension::Cpu);
        svc.replicaMemory = r.quantity(Dimension::Size);
        svc.work = randomDistribution(r, Dimension::Duration);
        svc.size = randomDistribution(r, Dimension::Size);
        svc.deadline = randomDistribution(r, Dimension::Duration);
        for (double &p : svc.profile)
            p = r.unit();
        svc.perfBase = r.positive();
        svc.replicas = {int(r.next() % 3) + 1, 1, 5};
        s.services.push_back(svc);
    }
    SiteSpec edge;
    edge.name = r.name("site");
    edge.region = r.make("");
    edge.zone = r.make("");
    edge.health = r.unit();
    edge.energyEfficiency = r.positive();
    for (int e = 0; e < 2; ++e) {
        EapSpec eap;
        eap.name = r.name("eap" + std::to_string(e));
        for (int g = 0; g < 2; ++g) {
            NodeSpec n;
            n.name = r.name("node" + std::to_string(e) + std::to_string(g)) + "{i}";
            n.count = int(r.next() % 4) + 1;
            n.arch = knownArches()[r.next() % knownArches().size()];
            n.cpu = r.quantity(Dimension::Cpu);
            n.memory = r.quantity(Dimension::Size);
            n.disk = r.quantity(Dimension::Size);
            n.bandwidth = r.quantity(Dimension::Bandwidth);
            n.diskRead = r.quantity(Dimension::Bandwidth);
            n.diskWrite = r.quantity(Dimension::Bandwidth);
            n.perf = r.positive();
            n.labels = {{r.make("k1"), r.make("")}, {r.make("k2"), r.make("v")}};
            n.taints = {{r.make("t"), r.make(""), "NoExecute"}};
            n.hosts = {{s.services[g].name, int(r.next() % 3) + 1}};
            eap.nodes.push_back(n);
        }
        edge.eaps.push_back(eap);
    }
    SiteSpec cloud;
    cloud.name = r.name("cloud");
    cloud.kind = SiteKind::Cloud;
    NodeSpec vm;
    vm.name = r.name("vm");
    vm.count = 3;
    cloud.nodes = {vm};
    s.sites = {edge, cloud};
    s.links = {{edge.eaps[0].name, cloud.name, link()}};
    RequestWorkload &w = s.workload.requests;
    w.kind = RequestWorkloadKind(r.next() % 4);
    w.rate = r.quantity(Dimension::Rate);
    w.pattern = Pattern(r.next() % 4);
    w.period = r.quantity(Dimension::Duration);
    w.amplitude = r.unit();
    w.traceFormat = r.next() % 2 ? "alibaba-2017" : "alibaba-2018";
    w.tracePath = r.make("p");
    w.timeScale = r.positive();
    // Policy names are the registry's: a name it lacks is refused on load.
    const auto pick = [&r](Plane plane) {
        const std::vector<std::string> names = policyNames(plane);
        return names[r.next() % names.size()];
    };
    s.policies = {pick(Plane::Dispatch),
                  pick(Plane::Dequeue),
                  pick(Plane::Orchestration),
                  pick(Plane::Placement),
                  {}};
    // Within what a run can hold (runSizeProblem): the round trip is about the text.
    if (s.time.slot > s.time.duration)
        std::swap(s.time.slot, s.time.duration);
    s.time.duration = std::min(s.time.duration, s.time.slot * 1e6);
    s.workload.requests.rate = std::min(s.workload.requests.rate, 1e8 / s.time.duration);
    s.workload.requests.rate = std::min(s.workload.requests.rate, 1e6 / s.time.slot);
    if (w.kind == RequestWorkloadKind::None) // something must arrive
        w.kind = RequestWorkloadKind::Poisson;
    return s;
}
} // namespace

class TestRoundTrip : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void files_data();
    void files();
    void bundledShapes();
    void inMemory();
    void randomModels();
    void saveFile();
};

void TestRoundTrip::files_data()
{
    QTest::addColumn<QString>("path");
    const QString src = SCHEDLAB_SOURCE_DIR;
    const QString data = SCHEDLAB_TEST_DATA;
    QTest::newRow("tutorial") << src + "/scenarios/tutorial.yaml";
    QTest::newRow("kais-edge-cloud") << src + "/scenarios/kais-edge-cloud.yaml";
    QTest::newRow("kais-large") << src + "/scenarios/kais-large.yaml";
    QTest::newRow("lrscheduler-edge") << src + "/scenarios/lrscheduler-edge.yaml";
    QTest::newRow("drs-five-node") << src + "/scenarios/drs-five-node.yaml";
    QTest::newRow("design-example") << data + "/scenarios/design-example.yaml";
    QTest::newRow("handwritten") << data + "/scenarios/handwritten.yaml";
}

void TestRoundTrip::files()
{
    QFETCH(QString, path);
    const ScenarioLoad load = loadScenarioFile(path.toStdString());
    QVERIFY2(load.ok(), qPrintable(allErrors(load)));
    QVERIFY(load.errors.empty());
    QCOMPARE(qs(load.scenario->sourcePath), path);
    checkRoundTrip(*load.scenario);
}

void TestRoundTrip::bundledShapes()
{
    const std::string dir = std::string(SCHEDLAB_SOURCE_DIR) + "/scenarios/";

    const ScenarioLoad tutorial = loadScenarioFile(dir + "tutorial.yaml");
    QVERIFY(tutorial.ok());
    const Scenario &t = *tutorial.scenario;
    QCOMPARE(int(t.sites.size()), 2);
    QCOMPARE(int(t.sites[0].eaps.size()), 2);
    for (const EapSpec &eap : t.sites[0].eaps) {
        int nodes = 0;
        std::set<std::string> arches;
        for (const NodeSpec &g : eap.nodes) {
            nodes += g.count;
            arches.insert(g.arch);
            QVERIFY(g.cpu >= 1 && g.cpu <= 2);
            QVERIFY(g.perf >= 0.8 && g.perf <= 1.2);
        }
        QCOMPARE(nodes, 3);
        QCOMPARE(int(arches.size()), 2);
    }
    QCOMPARE(t.sites[1].nodes.at(0).count, 4);
    QCOMPARE(int(t.services.size()), 4);
    for (const ImageSpec &image : t.images) {
        QVERIFY(image.variantFor("amd64") && image.variantFor("arm64"));
        QCOMPARE(qs(image.variantFor("amd64")->layers.at(0).digest), QString("debian-12-amd64"));
    }
    QCOMPARE(t.time.duration, 120.0);
    QCOMPARE(t.time.dispatchPerSlot, 1);

    const ScenarioLoad ec = loadScenarioFile(dir + "kais-edge-cloud.yaml");
    QVERIFY(ec.ok());
    const Scenario &k = *ec.scenario;
    int edgeSites = 0;
    std::set<std::string> regions;
    for (const SiteSpec &site : k.sites) {
        if (site.kind == SiteKind::Cloud) {
            QCOMPARE(site.nodes.at(0).count, 15);
            QCOMPARE(site.nodes.at(0).cpu, 4.0);
            continue;
        }
        ++edgeSites;
        regions.insert(site.region);
        QCOMPARE(int(site.eaps.size()), 1);
        QVERIFY(site.eaps[0].nodes.size() >= 2);
        QCOMPARE(edgeNodes(site), 8);
    }
    QCOMPARE(edgeSites, 5);
    QCOMPARE(int(regions.size()), 5);
    QCOMPARE(int(k.services.size()), 30);
    QCOMPARE(qs(k.services.front().name), QString("svc-01"));
    QCOMPARE(qs(k.services.back().name), QString("svc-30"));
    QCOMPARE(k.time.slot, 0.25);
    QCOMPARE(k.time.frame, 100);
    QCOMPARE(k.time.dispatchPerSlot, 1);
    QCOMPARE(k.network.wan.latency, 0.1);

    const ScenarioLoad large = loadScenarioFile(dir + "kais-large.yaml");
    QVERIFY(large.ok());
    const Scenario &l = *large.scenario;
    int eaps = 0, total = 0;
    for (const SiteSpec &site : l.sites)
        for (const EapSpec &eap : site.eaps) {
            int n = 0;
            for (const NodeSpec &g : eap.nodes)
                n += g.count;
            QVERIFY(n >= 3 && n <= 15);
            ++eaps;
            total += n;
        }
    QCOMPARE(eaps, 10);
    QCOMPARE(total, 100);
    QCOMPARE(l.time.dispatchPerSlot, 0);
    QCOMPARE(int(l.services.size()), 30);
    QVERIFY(l.workload.requests.rate >= 1000);
}

void TestRoundTrip::inMemory()
{
    Scenario s = test::smallScenario();
    checkRoundTrip(s);
    s.workload.requests.kind = RequestWorkloadKind::Trace;
    s.workload.requests.tracePath = "trace.csv";
    s.workload.requests.traceFormat = "alibaba-2018";
    s.time.dispatchPerSlot = 3;
    checkRoundTrip(s);
    s.layout[s.sites[0].eaps[0].name] = {120.5, -40};
    s.layout[s.sites[0].name] = {0, 1e-3};
    checkRoundTrip(s);
}

void TestRoundTrip::randomModels()
{
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const Scenario s = randomScenario(seed);
        const std::vector<ScenarioError> errors = validateScenario(s);
        if (!errors.empty())
            QFAIL(qPrintable(QString("seed %1: %2").arg(seed).arg(qs(errors[0].format()))));
        checkRoundTrip(s);
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(QString("seed %1").arg(seed)));
    }
}

void TestRoundTrip::saveFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("s.yaml").toStdString();
    const Scenario s = test::smallScenario();
    std::string error;
    QVERIFY2(saveScenarioFile(s, path, &error), error.c_str());
    const ScenarioLoad load = loadScenarioFile(path);
    QVERIFY2(load.ok(), qPrintable(allErrors(load)));
    QVERIFY(*load.scenario == s);
    QVERIFY(!QFile::exists(dir.filePath("s.yaml.tmp")));
    QVERIFY(!saveScenarioFile(s, "/nonexistent/dir/s.yaml", &error));
    QVERIFY(!error.empty());
}

QTEST_GUILESS_MAIN(TestRoundTrip)
#include "tst_roundtrip.moc"
