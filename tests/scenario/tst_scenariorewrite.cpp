// SPDX-License-Identifier: GPL-3.0-or-later
// Saving an edited scenario changes only what was edited: every bundled scenario,
// edited in the ways the editor edits, keeps every other line of its file.
#include "common/scenarioerrors.h"
#include "scenario/scenarioio.h"
#include "scenario/yamlpatch.h"

#include <QtTest/QtTest>

#include <QDir>
#include <functional>
#include <sstream>

using namespace schedlab;

namespace {

using test::qs;

std::vector<std::string> linesOf(const std::string &text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

/** Lines of `a` not in `b` and lines of `b` not in `a`, by longest common subsequence. */
std::pair<int, int> lineChanges(const std::string &a, const std::string &b)
{
    const auto x = linesOf(a), y = linesOf(b);
    std::vector<std::vector<int>> lcs(x.size() + 1, std::vector<int>(y.size() + 1, 0));
    for (std::size_t i = x.size(); i-- > 0;)
        for (std::size_t j = y.size(); j-- > 0;)
            lcs[i][j] =
                x[i] == y[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    return {int(x.size()) - lcs[0][0], int(y.size()) - lcs[0][0]};
}

std::string readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

NodeSpec *firstEdgeGroup(Scenario &s)
{
    for (SiteSpec &site : s.sites)
        for (EapSpec &eap : site.eaps)
            if (!eap.nodes.empty())
                return &eap.nodes.front();
    return nullptr;
}

EapSpec *firstEap(Scenario &s, std::size_t minGroups)
{
    for (SiteSpec &site : s.sites)
        for (EapSpec &eap : site.eaps)
            if (eap.nodes.size() >= minGroups)
                return &eap;
    return nullptr;
}

/** What an edit may change: exactly one line, or only add, or only remove lines. */
enum class Shape { OneLine, Adds, Removes };

struct EditCase
{
    const char *name;
    Shape shape;
    std::function<bool(Scenario &)> apply; ///< false: not applicable to this scenario
};

const std::vector<EditCase> &editCases()
{
    static const std::vector<EditCase> cases = {
        {"lan latency", Shape::OneLine,
         [](Scenario &s) {
             s.network.lan.latency += 0.002;
             return true;
         }},
        {"node cpu", Shape::OneLine,
         [](Scenario &s) {
             NodeSpec *g = firstEdgeGroup(s);
             return g && (g->cpu += 1, true);
         }},
        {"node perf to or from its default", Shape::OneLine,
         [](Scenario &s) {
             NodeSpec *g = firstEdgeGroup(s);
             return g && (g->perf = g->perf == 1.0 ? 1.25 : 1.0, true);
         }},
        {"rename node", Shape::OneLine,
         [](Scenario &s) {
             NodeSpec *g = firstEdgeGroup(s);
             return g && g->count == 1 && (g->name = "renamed-node", true);
         }},
        {"dispatch policy", Shape::OneLine,
         [](Scenario &s) {
             s.policies.dispatch = s.policies.dispatch == "random" ? "greedy" : "random";
             return true;
         }},
        {"description with YAML characters", Shape::OneLine,
         [](Scenario &s) {
             s.description = "edited: a # b, {c}";
             return true;
         }},
        {"add node", Shape::Adds,
         [](Scenario &s) {
             EapSpec *eap = firstEap(s, 1);
             if (!eap)
                 return false;
             NodeSpec copy = eap->nodes.back();
             copy.name = "added-node", copy.count = 1, copy.hosts.clear();
             eap->nodes.push_back(copy);
             return true;
         }},
        {"remove node", Shape::Removes,
         [](Scenario &s) {
             EapSpec *eap = firstEap(s, 2);
             return eap && (eap->nodes.pop_back(), true);
         }},
        {"add eAP", Shape::Adds,
         [](Scenario &s) {
             EapSpec *eap = firstEap(s, 1);
             if (!eap)
                 return false;
             NodeSpec node = eap->nodes.front();
             node.name = "added-eap-node", node.count = 1, node.hosts.clear();
             for (SiteSpec &site : s.sites)
                 if (!site.eaps.empty()) {
                     site.eaps.push_back({"added-eap", {node}});
                     return true;
                 }
             return false;
         }},
        {"add service", Shape::Adds,
         [](Scenario &s) {
             if (s.services.empty())
                 return false;
             ServiceSpec copy = s.services.back();
             copy.name = "added-service";
             s.services.push_back(copy);
             return true;
         }},
        {"place on canvas", Shape::Adds,
         [](Scenario &s) {
             EapSpec *eap = firstEap(s, 1);
             return eap && !s.layout.count(eap->name) && (s.layout[eap->name] = {120.5, -40}, true);
         }},
    };
    return cases;
}

/** A file in styles the writer does not use: block maps, compact lists, defaults
 *  written out, comments inside items. */
const std::string kHandWritten = R"(# A scenario written by hand, in styles the writer does not use.
schedlab: 1
name: odd
seed: 3
time:
    slot: 250ms     # block map, four-space indent
    frame: 100
    duration: 60s
network:
  lan: {latency: 5ms, bandwidth: 1Gbps}
layers: {base: 30MB}
images:
- name: app:1          # compact list: dashes at the key's column
  index: true
  variants:
  - arch: amd64
    layers: [base, {digest: "sha256:a1", size: 10MB}]
services:
- name: svc
  image: app:1
  replica: {cpu: 500m, memory: 256Mi}
  request:
    work: exp(50ms)
    deadline: 800ms
  replicas: {edge: 2, min: 1, max: 4}
sites:
- name: edge
  eaps:
  - name: eap-1
    nodes:
    # the big one
    - name: big
      arch: amd64
      cpu: 2
      perf: 1.0       # the default, written out
    - {name: small, arch: amd64, cpu: 1}
- name: cloud
  kind: cloud
  nodes: [{name: "vm{i}", count: 2, cpu: 4, memory: 16Gi}]
workload:
  requests: {kind: poisson, rate: 4/s}
policies:
  dispatch: greedy   # try random
)";

/** The rewrite of `original` after `edit`, checked to read back as the edited model. */
std::string rewritten(const std::string &original, const std::function<void(Scenario &)> &edit)
{
    const ScenarioLoad load = loadScenarioText(original, "hand.yaml");
    if (!load.ok())
        return "does not load: " + test::allErrors(load).toStdString();
    Scenario edited = *load.scenario;
    edit(edited);
    const ScenarioRewrite out = rewriteScenarioText(original, *load.scenario, edited, "hand.yaml");
    if (!out.ok())
        return "not rewritten: " + out.error;
    const ScenarioLoad back = loadScenarioText(out.text, "hand.yaml");
    return back.ok() && *back.scenario == edited ? out.text : "reads back otherwise";
}

} // namespace

class TestScenarioRewrite : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bundledEdits_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("edit");
        const QDir dir(QString(SCHEDLAB_SOURCE_DIR) + "/scenarios");
        for (const QString &file : dir.entryList({"*.yaml"}, QDir::Files)) {
            if (file.startsWith("global-")) // the global scheduler's own format
                continue;
            for (std::size_t e = 0; e < editCases().size(); ++e)
                QTest::newRow(qPrintable(file + ": " + editCases()[e].name))
                    << dir.filePath(file) << int(e);
        }
    }

    void bundledEdits()
    {
        QFETCH(QString, file);
        QFETCH(int, edit);
        const std::string original = readFile(file);
        const ScenarioLoad load = loadScenarioText(original, file.toStdString());
        QVERIFY2(load.ok(), qPrintable(test::allErrors(load)));
        Scenario edited = *load.scenario;
        const EditCase &c = editCases()[std::size_t(edit)];
        if (!c.apply(edited) || !validateScenario(edited).empty())
            QSKIP("this edit does not apply to this scenario");

        const ScenarioRewrite out =
            rewriteScenarioText(original, *load.scenario, edited, file.toStdString());
        QVERIFY2(out.ok(), out.error.c_str());
        const ScenarioLoad back = loadScenarioText(out.text, file.toStdString());
        QVERIFY2(back.ok(), qPrintable(test::allErrors(back)));
        QVERIFY(*back.scenario == edited);

        const auto [removed, added] = lineChanges(original, out.text);
        const QString diff = QString("%1 lines removed, %2 added; the file now:\n%3")
                                 .arg(removed)
                                 .arg(added)
                                 .arg(qs(out.text));
        switch (c.shape) {
        case Shape::OneLine:
            QVERIFY2(removed == 1 && added == 1, qPrintable(diff));
            break;
        case Shape::Adds:
            QVERIFY2(removed == 0 && added >= 1, qPrintable(diff));
            break;
        case Shape::Removes:
            QVERIFY2(added == 0 && removed >= 1, qPrintable(diff));
            break;
        }
    }

    void handWrittenStylesStay()
    {
        NodeSpec *big = nullptr;
        const std::string perf = rewritten(kHandWritten, [&](Scenario &s) {
            big = &s.sites[0].eaps[0].nodes[0];
            big->perf = 1.5;
        });
        QCOMPARE(lineChanges(kHandWritten, perf), std::make_pair(1, 1));
        QVERIFY2(perf.find("      perf: 1.5       # the default, written out\n") !=
                     std::string::npos,
                 perf.c_str());

        const std::string added = rewritten(kHandWritten, [](Scenario &s) {
            NodeSpec node = s.sites[0].eaps[0].nodes[1];
            node.name = "third";
            s.sites[0].eaps[0].nodes.push_back(node);
        });
        QCOMPARE(lineChanges(kHandWritten, added), std::make_pair(0, 1));
        // In the list's own indentation, after the last node.
        QVERIFY2(added.find("    - {name: small, arch: amd64, cpu: 1}\n    - {name: third,") !=
                     std::string::npos,
                 added.c_str());

        // A key the file does not have goes where the writer puts it: after `name`.
        const std::string described =
            rewritten(kHandWritten, [](Scenario &s) { s.description = "two nodes"; });
        QVERIFY2(described.find("name: odd\ndescription: two nodes\nseed: 3\n") !=
                     std::string::npos,
                 described.c_str());

        // Removing the commented node takes its comment along, and only that.
        const std::string removed = rewritten(kHandWritten, [](Scenario &s) {
            auto &nodes = s.sites[0].eaps[0].nodes;
            nodes.erase(nodes.begin());
        });
        QCOMPARE(lineChanges(kHandWritten, removed), std::make_pair(5, 0));
        QVERIFY(removed.find("# the big one") == std::string::npos);
        QVERIFY(removed.find("# try random") != std::string::npos);
    }

    void lineEndingsStay()
    {
        std::string crlf;
        for (char c : kHandWritten)
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        const std::string out = rewritten(crlf, [](Scenario &s) {
            s.policies.dispatch = "random";
            NodeSpec node = s.sites[0].eaps[0].nodes[1];
            node.name = "third";
            s.sites[0].eaps[0].nodes.push_back(node);
        });
        QVERIFY2(out.find("dispatch: random   # try random\r\n") != std::string::npos, out.c_str());
        for (std::size_t i = out.find('\n'); i != std::string::npos; i = out.find('\n', i + 1))
            QVERIFY2(i > 0 && out[i - 1] == '\r',
                     qPrintable("a bare line feed at " + QString::number(i)));
    }

    void reorderedListIsWrittenWhole()
    {
        const std::string tutorial =
            readFile(QString(SCHEDLAB_SOURCE_DIR) + "/scenarios/tutorial.yaml");
        const std::string out =
            rewritten(tutorial, [](Scenario &s) { std::swap(s.services[0], s.services[1]); });
        QVERIFY2(out.find("  - name: api\n") < out.find("  - name: web\n"), out.c_str());
        QVERIFY(out.find("# KaiS two time scales") != std::string::npos); // outside the list
    }

    void otherStructureIsRefused()
    {
        // A value of another kind is written whole in its place ...
        const YamlPatch whole = carryYamlChanges("a: {b: 1} # c\nd: 1\n", "a: [1]\n", "a: [2]\n");
        QCOMPARE(qs(whole.text), qs("a: [2] # c\nd: 1\n"));
        // ... but a document of another structure has no place for the change.
        const YamlPatch patch = carryYamlChanges("- 1\n", "x: 1\n", "x: 2\n");
        QVERIFY(!patch.ok());
        QVERIFY2(patch.error.find("the document") != std::string::npos, patch.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestScenarioRewrite)
#include "tst_scenariorewrite.moc"
