// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter sweeps: the YAML value override, per-value validation, runs, files, store.
#include "common/sweepparameter.h"
#include "experiment/comparison.h"
#include "experiment/storedsweep.h"
#include "experiment/sweep.h"
#include "experiment/sweepfiles.h"
#include "scenario/scenarioio.h"
#include "scenario/yamloverride.h"
#include "store/experimentstore.h"
#include "store/schema.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace schedlab;
using schedlab::test::parameter;

namespace {
const std::string kTutorial = SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml";

std::string tutorialText()
{
    QFile f(QString::fromStdString(kTutorial));
    f.open(QIODevice::ReadOnly);
    return f.readAll().toStdString();
}

/** Two policies, two seeds, 30 simulated seconds: fast. */
SweepSpec quickSpec(int jobs = 2)
{
    SweepSpec spec;
    spec.dispatch = {"greedy", "random"};
    spec.seeds = 2;
    spec.duration = 30.0;
    spec.jobs = jobs;
    return spec;
}

QByteArray readAll(const std::string &path)
{
    QFile f(QString::fromStdString(path));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool execRaw(const std::string &path, const char *sql)
{
    sqlite3 *db = nullptr;
    const bool ok = sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
                    sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}
} // namespace

class TestSweep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void overrideChangesOnlyTheValue()
    {
        const std::string text = tutorialText();
        const YamlEdit edit = setYamlScalar(text, "workload.requests.rate", "9/s");
        QVERIFY2(edit.ok(), edit.error.c_str());
        QVERIFY(edit.text != text);
        QCOMPARE(std::count(edit.text.begin(), edit.text.end(), '\n'),
                 std::count(text.begin(), text.end(), '\n'));
        // Comments and the rest of the line stay.
        QVERIFY(edit.text.find("requests: {kind: poisson, rate: 9/s}   # or {kind: pattern") !=
                std::string::npos);
        const ScenarioLoad load = loadScenarioText(edit.text, kTutorial);
        QVERIFY(load.ok());
        QCOMPARE(load.scenario->workload.requests.rate, 9.0);
    }

    void overrideFindsPaths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected"); ///< in the edited text
        QTest::newRow("block map value") << "seed"
                                         << "42"
                                         << "seed: 42\n";
        QTest::newRow("flow map value") << "time.slot"
                                        << "500ms"
                                        << "time: {slot: 500ms, frame";
        QTest::newRow("list indices") << "sites.0.eaps.1.nodes.1.count"
                                      << "5"
                                      << "count: 5, arch: arm64";
        QTest::newRow("brackets") << "sites[1].nodes[0].count"
                                  << "8"
                                  << "count: 8, arch: amd64";
        QTest::newRow("items by name") << "services.search.request.deadline"
                                       << "2s"
                                       << "size: 5KB, deadline: 2s}";
        QTest::newRow("comma in a flow map is quoted") << "services.0.request.work"
                                                       << "uniform(10ms, 50ms)"
                                                       << "work: \"uniform(10ms, 50ms)\", size";
        QTest::newRow("quoted value") << "images.0.variants.0.layers.1.digest"
                                      << "sha256:0000"
                                      << "digest: \"sha256:0000\", size";
    }

    void overrideFindsPaths()
    {
        QFETCH(QString, path);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const YamlEdit edit =
            setYamlScalar(tutorialText(), path.toStdString(), value.toStdString());
        QVERIFY2(edit.ok(), edit.error.c_str());
        QVERIFY2(edit.text.find(expected.toStdString()) != std::string::npos, edit.text.c_str());
        const YamlValue read = yamlScalar(edit.text, path.toStdString());
        QVERIFY2(read.ok(), read.error.c_str());
        QCOMPARE(read.value, value.toStdString());
        const ScenarioLoad load = loadScenarioText(edit.text, kTutorial);
        QVERIFY2(load.ok(), load.errors.empty() ? "" : load.errors.front().format().c_str());
    }

    void overrideFindsKeysWithDots()
    {
        const std::string doc = "layers:\n  python-3.11-amd64: 52MB  # base\n  jre: 10MB\n";
        const YamlEdit edit = setYamlScalar(doc, "layers.python-3.11-amd64", "60MB");
        QVERIFY2(edit.ok(), edit.error.c_str());
        QCOMPARE(edit.text,
                 std::string("layers:\n  python-3.11-amd64: 60MB  # base\n  jre: 10MB\n"));
    }

    void badPathsAreRefusedWithTheKeysThere_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("typo at the top")
            << "tme.slot"
            << QStringList{"no value at 'tme.slot'", "the document has no key 'tme'",
                           "did you mean 'time'?", "schedlab, name"};
        QTest::newRow("typo below")
            << "workload.rate"
            << QStringList{"'workload' has no key 'rate'", "its keys: requests, deployments"};
        QTest::newRow("near miss in a block map")
            << "services.web.replicaz.max"
            << QStringList{"has no key 'replicaz'", "replica, request"};
        QTest::newRow("a map") << "time"
                               << QStringList{"'time' is a map, not a single value", "slot"};
        QTest::newRow("a list") << "sites.0.eaps"
                                << QStringList{"is a list, not a single value", "2 items"};
        QTest::newRow("index out of range")
            << "sites.7.name" << QStringList{"'sites' has 2 items (indices 0 to 1)"};
        QTest::newRow("unknown item name")
            << "services.serch.replicas.max"
            << QStringList{"no item 'serch'", "did you mean 'search'?", "0 to 3",
                           "web, api, thumbnail, search"};
        QTest::newRow("below a value")
            << "time.slot.ms" << QStringList{"'time.slot' is the value '250ms'"};
        QTest::newRow("empty part") << "time..slot" << QStringList{"empty part"};
    }

    void badPathsAreRefusedWithTheKeysThere()
    {
        QFETCH(QString, path);
        QFETCH(QStringList, expected);
        const YamlEdit edit = setYamlScalar(tutorialText(), path.toStdString(), "1");
        QVERIFY(!edit.ok());
        QVERIFY(edit.text.empty());
        for (const QString &e : expected)
            QVERIFY2(QString::fromStdString(edit.error).contains(e), edit.error.c_str());
        // Reading takes the same paths and says the same of a wrong one.
        const YamlValue read = yamlScalar(tutorialText(), path.toStdString());
        QCOMPARE(read.error, edit.error);
        QVERIFY(read.value.empty());
    }

    void parsesParameterLists()
    {
        std::string error;
        const auto p = parseSweepParameter(
            "services.0.request.work = exp(40ms), uniform(10ms, 50ms),const(1s)", &error);
        QVERIFY2(p, error.c_str());
        QCOMPARE(p->path, std::string("services.0.request.work"));
        QCOMPARE(p->values,
                 (std::vector<std::string>{"exp(40ms)", "uniform(10ms, 50ms)", "const(1s)"}));
        QVERIFY(!parseSweepParameter("workload.requests.rate", &error));
        QVERIFY(!parseSweepParameter("=1,2", &error));
        QVERIFY(!parseSweepParameter("seed=1,,2", &error));
        QVERIFY(QString::fromStdString(error).contains("empty"));
        QVERIFY(!parseSweepParameter("seed=1,2,1", &error));
        QVERIFY2(QString::fromStdString(error).contains("'1' of seed is given twice"),
                 error.c_str());
        // At most kMaxSweepValues, refused before any is validated.
        std::string many = "seed=1";
        for (std::size_t v = 2; v <= kMaxSweepValues; ++v)
            many += "," + std::to_string(v);
        QCOMPARE(parseSweepParameter(many, &error)->values.size(), kMaxSweepValues);
        QVERIFY(!parseSweepParameter(many + ",0", &error));
        QVERIFY2(error == "1001 values of seed; a sweep takes at most 1000", error.c_str());
    }

    void numericAxisNeedsOneUnit()
    {
        std::string unit;
        const auto rates = sweepAxis({"20/s", "40/s", "80.5/s"}, &unit);
        QVERIFY(rates);
        QCOMPARE(*rates, (std::vector<double>{20, 40, 80.5}));
        QCOMPARE(unit, std::string("/s"));
        QVERIFY(sweepAxis({"2", "4"}, &unit));
        QCOMPARE(unit, std::string());
        QVERIFY(!sweepAxis({"500ms", "1s"}, &unit));
        QVERIFY(!sweepAxis({"exp(40ms)", "exp(80ms)"}, &unit));
    }

    void invalidValuesAreRefusedNamingThem()
    {
        const SweepPlan plan =
            planSweep(tutorialText(), kTutorial, parameter("workload.requests.rate=5/s,-2/s,3"));
        QVERIFY(!plan.ok());
        QCOMPARE(plan.points.size(), std::size_t(1));
        QCOMPARE(plan.errors.size(), std::size_t(2));
        for (const std::string &e : plan.errors)
            qInfo("%s", e.c_str());
        const QString negative = QString::fromStdString(plan.errors[0]);
        QVERIFY2(negative.startsWith("with workload.requests.rate=-2/s: "), qPrintable(negative));
        // The loader's message with the original file's line (the edit keeps lines).
        QVERIFY2(negative.contains("tutorial.yaml:95:"), qPrintable(negative));
        QVERIFY2(negative.contains("-2/s") || negative.contains("negative"), qPrintable(negative));
        const QString bare = QString::fromStdString(plan.errors[1]);
        QVERIFY2(bare.startsWith("with workload.requests.rate=3: "), qPrintable(bare));
        QVERIFY2(bare.contains("workload.requests.rate"), qPrintable(bare));
    }

    /** A key missing from a one-line flow map is added there, so a default can be swept;
     *  no other line moves. */
    void missingKeysOfFlowMapsAreAdded()
    {
        const std::string text = tutorialText();
        const YamlEdit edit = setYamlScalar(text, "workload.requests.period", "30s");
        QVERIFY2(edit.ok(), edit.error.c_str());
        QCOMPARE(std::count(edit.text.begin(), edit.text.end(), '\n'),
                 std::count(text.begin(), text.end(), '\n'));
        QVERIFY(edit.text.find("requests: {kind: poisson, rate: 5/s, period: 30s}") !=
                std::string::npos);
        const ScenarioLoad load = loadScenarioText(edit.text, kTutorial);
        QVERIFY(load.ok());
        QCOMPARE(load.scenario->workload.requests.period, 30.0);
        // A block map would need a new line: refused, naming the keys there.
        const YamlEdit block = setYamlScalar(text, "workload.extra", "1");
        QVERIFY(!block.ok());
        QVERIFY2(block.error.find("its keys: requests, deployments") != std::string::npos,
                 block.error.c_str());
    }

    /** `*` stands for every item of a list. */
    void aStarSetsEveryItem()
    {
        const YamlEdit edit = setYamlScalar(tutorialText(), "sites.0.eaps.*.nodes.0.perf", "0.5");
        QVERIFY2(edit.ok(), edit.error.c_str());
        const ScenarioLoad load = loadScenarioText(edit.text, kTutorial);
        QVERIFY(load.ok());
        for (const EapSpec &eap : load.scenario->sites[0].eaps)
            QCOMPARE(eap.nodes[0].perf, 0.5);
        QCOMPARE(load.scenario->sites[0].eaps[0].nodes[1].perf, 1.0); // only node 0 of each
        const YamlEdit notList = setYamlScalar(tutorialText(), "time.*", "1");
        QVERIFY(!notList.ok());
        QVERIFY2(notList.error.find("'*' in 'time.*' must stand for the items of a list") !=
                     std::string::npos,
                 notList.error.c_str());
    }

    /** A typo added to a flow map is the loader's unknown key, reported once. */
    void aMistypedAddedKeyIsReportedOnce()
    {
        const SweepPlan plan = planSweep(tutorialText(), kTutorial, parameter("time.slto=1,2,3"));
        QVERIFY(!plan.ok());
        QCOMPARE(plan.errors.size(), std::size_t(1));
        QVERIFY2(plan.errors[0].find("unknown key 'slto'; did you mean 'slot'?") !=
                     std::string::npos,
                 plan.errors[0].c_str());
    }

    void aBadPathIsReportedOnce()
    {
        const SweepPlan plan =
            planSweep(tutorialText(), kTutorial, parameter("workload.rate=1/s,2/s,3/s"));
        QVERIFY(!plan.ok());
        QCOMPARE(plan.errors.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(plan.errors[0]).contains("did you mean 'requests'?") ||
                     QString::fromStdString(plan.errors[0]).contains("requests, deployments"),
                 plan.errors[0].c_str());
    }

    /** `param: scenario`: each value a scenario file beside the given one, read as the
     *  caller reads it; one that cannot be read or loaded is refused naming it. */
    void aSweepOverWholeScenarios()
    {
        const std::string drs = SCHEDLAB_SOURCE_DIR "/scenarios/drs-five-node.yaml";
        std::vector<std::string> read;
        const ScenarioTextReader reader = [&](const std::string &path, std::string *why) {
            read.push_back(path);
            QFile f(QString::fromStdString(path));
            if (!f.open(QIODevice::ReadOnly)) {
                *why = "no such file";
                return std::optional<std::string>();
            }
            return std::optional<std::string>(f.readAll().toStdString());
        };
        const SweepPlan plan = planScenarioSweep(
            tutorialText(), drs, parameter("scenario=drs-random.yaml,drs-cpu.yaml"), reader);
        QVERIFY(plan.ok());
        QCOMPARE(plan.points.size(), std::size_t(2));
        QCOMPARE(plan.points[0].value, std::string("drs-random.yaml"));
        QCOMPARE(plan.points[0].scenario.name, std::string("drs-random"));
        QCOMPARE(plan.points[1].scenario.workload.deployments[0].pods[0].weight, 4.0);
        QCOMPARE(read[1], std::string(SCHEDLAB_SOURCE_DIR "/scenarios/drs-cpu.yaml"));
        const SweepPlan missing = planScenarioSweep(
            tutorialText(), drs, parameter("scenario=drs-random.yaml,drs-gone.yaml"), reader);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.errors.size(), std::size_t(1));
        QVERIFY2(missing.errors[0].find("scenario=drs-gone.yaml: no such file") == 0,
                 missing.errors[0].c_str());
    }

    /** A figure's legend names what the command set: the planes that vary, or
     *  with one combination the planes asked for, never another plane's default. */
    void variantsAreNamedByThePlanesAsked_data()
    {
        QTest::addColumn<QStringList>("dispatch");
        QTest::addColumn<QStringList>("orchestration");
        QTest::addColumn<QStringList>("placement");
        QTest::addColumn<QStringList>("labels");
        QTest::newRow("nothing asked")
            << QStringList{} << QStringList{} << QStringList{} << QStringList{"greedy"};
        QTest::newRow("orchestration")
            << QStringList{} << QStringList{"gpg"} << QStringList{} << QStringList{"gpg"};
        QTest::newRow("placement")
            << QStringList{} << QStringList{} << QStringList{"lrs"} << QStringList{"lrs"};
        QTest::newRow("two planes set") << QStringList{"random"} << QStringList{"hpa"}
                                        << QStringList{} << QStringList{"random+hpa"};
        QTest::newRow("one plane varies") << QStringList{"random"} << QStringList{"hpa", "static"}
                                          << QStringList{} << QStringList{"hpa", "static"};
    }
    void variantsAreNamedByThePlanesAsked()
    {
        QFETCH(QStringList, dispatch);
        QFETCH(QStringList, orchestration);
        QFETCH(QStringList, placement);
        QFETCH(QStringList, labels);
        const auto list = [](const QStringList &l) {
            std::vector<std::string> out;
            for (const QString &s : l)
                out.push_back(s.toStdString());
            return out;
        };
        PolicySelection base;
        base.dispatch = "greedy";
        base.orchestration = "static";
        const auto variants =
            crossVariants(base, list(dispatch), {}, list(orchestration), list(placement));
        QStringList got;
        for (const Variant &v : variants)
            got << QString::fromStdString(v.label);
        QCOMPARE(got, labels);
    }

    void higherRateArrivesMore()
    {
        const SweepPlan plan =
            planSweep(tutorialText(), kTutorial, parameter("workload.requests.rate=2/s,8/s"));
        QVERIFY(plan.ok());
        QCOMPARE(plan.points[1].scenario.workload.requests.rate, 8.0);
        int calls = 0, last = 0, total = 0;
        std::mutex lock;
        const SweepResult sweep = runSweep(plan, quickSpec(), [&](int done, int all) {
            std::lock_guard<std::mutex> g(lock);
            ++calls;
            last = std::max(last, done);
            total = all;
        });
        QCOMPARE(total, 2 * 2 * 2);
        QCOMPARE(calls, total);
        QCOMPARE(last, total);
        QCOMPARE(sweep.points.size(), std::size_t(2));
        for (const SweepPointResult &p : sweep.points) {
            QCOMPARE(p.summary.size(), std::size_t(2));
            for (const CellResult &c : p.cells)
                QVERIFY2(c.error.empty(), c.error.c_str());
        }
        auto arrived = [&](int point, int variant) {
            for (const auto &[name, ci] : sweep.points[point].summary[variant].metrics)
                if (name == "arrived")
                    return ci.mean;
            return -1.0;
        };
        // 30 s at 2/s against 8/s: about 60 against 240 requests.
        for (int v = 0; v < 2; ++v) {
            QVERIFY2(arrived(0, v) > 30 && arrived(0, v) < 100,
                     qPrintable(QString::number(arrived(0, v))));
            QVERIFY2(arrived(1, v) > 3 * arrived(0, v), qPrintable(QString::number(arrived(1, v))));
        }
    }

    void cancelledSweepRunsNothingMore()
    {
        const SweepPlan plan =
            planSweep(tutorialText(), kTutorial, parameter("workload.requests.rate=2/s,4/s"));
        std::atomic<bool> cancel{true};
        const SweepResult sweep = runSweep(plan, quickSpec(), {}, &cancel);
        for (const SweepPointResult &p : sweep.points)
            for (const CellResult &c : p.cells)
                QCOMPARE(c.error, std::string("cancelled before it ran"));
    }

    void filesAreByteIdentical()
    {
        const SweepPlan plan =
            planSweep(tutorialText(), kTutorial, parameter("workload.requests.rate=2/s,6/s"));
        QTemporaryDir dir;
        std::vector<std::string> a, b;
        std::string error;
        QVERIFY2(writeSweepFiles(dir.filePath("a").toStdString(), runSweep(plan, quickSpec(1)), &a,
                                 &error),
                 error.c_str());
        QVERIFY2(writeSweepFiles(dir.filePath("b").toStdString(), runSweep(plan, quickSpec(2)), &b,
                                 &error),
                 error.c_str());
        QCOMPARE(a.size(), std::size_t(3));
        for (std::size_t i = 0; i < a.size(); ++i) {
            const QByteArray bytes = readAll(a[i]);
            QVERIFY(bytes.size() > 100);
            QCOMPARE(bytes, readAll(b[i]));
        }
        const QList<QByteArray> rows = readAll(a[0]).trimmed().split('\n');
        QCOMPARE(rows.size(), 1 + 2 * 2);
        QVERIFY2(rows[0].startsWith("parameter,value,x,policy,n,throughput_rate_mean,"
                                    "throughput_rate_ci95,"),
                 rows[0].constData());
        QVERIFY(!rows[0].contains("decision_time_us_mean")); // wall clock: not reproducible
        QVERIFY2(rows[3].startsWith("workload.requests.rate,6/s,6,greedy,2,"), rows[3].constData());
        QCOMPARE(readAll(a[1]).trimmed().split('\n').size(), 1 + 2 * 2 * 2);
        const auto json = nlohmann::json::parse(readAll(a[2]).toStdString());
        QCOMPARE(json["parameter"], "workload.requests.rate");
        QCOMPARE(json["unit"], "/s");
        QCOMPARE(json["points"][1]["x"], 6.0);
        QCOMPARE(json["points"][1]["policies"][1]["name"], "random");
        QCOMPARE(json["points"][1]["policies"][1]["metrics"]["arrived"]["n"], 2);
        // A directory as the prefix gets sweep.*
        QCOMPARE(sweepFilePrefix(dir.path().toStdString()), dir.filePath("sweep").toStdString());
    }

    void storeRoundTrip()
    {
        const SweepPlan plan =
            planSweep(tutorialText(), kTutorial, parameter("workload.requests.rate=2/s,6/s"));
        const SweepResult sweep = runSweep(plan, quickSpec());
        QTemporaryDir dir;
        const std::string db = dir.filePath("experiments.db").toStdString();
        std::string error;
        QVERIFY2(storeSweep(db, sweep, "rates", &error), error.c_str());
        QVERIFY(!storeSweep(db, sweep, "rates", &error)); // labels are unique
        QVERIFY2(QString::fromStdString(error).contains("already holds a sweep 'rates'"),
                 error.c_str());

        auto store = ExperimentStore::open(db, &error);
        QVERIFY2(store, error.c_str());
        const auto sweeps = store->sweeps();
        QCOMPARE(sweeps.size(), std::size_t(1));
        QCOMPARE(sweeps[0].parameter, std::string("workload.requests.rate"));
        QCOMPARE(sweeps[0].scenarioName, std::string("tutorial"));
        QCOMPARE(sweeps[0].points.size(), std::size_t(2));
        QCOMPARE(sweeps[0].points[1].first, std::string("6/s"));
        QCOMPARE(sweeps[0].points[1].second,
                 sweepPointLabel("rates", "workload.requests.rate", "6/s"));
        QCOMPARE(*store->scenarioYaml(sweeps[0].scenarioId), tutorialText());
        QCOMPARE(store->runs().size(), std::size_t(2 * 2 * 2)); // the refused one wrote nothing
        QCOMPARE(store->addSweep("rates", sweeps[0].scenarioId, "seed", {}), std::int64_t(-1));
        QVERIFY2(QString::fromStdString(store->lastError()).contains("the label is taken"),
                 store->lastError().c_str());

        SweepResult loaded;
        QVERIFY2(loadSweep(*store, "rates", loaded, &error), error.c_str());
        QCOMPARE(loaded.points.size(), std::size_t(2));
        QCOMPARE(loaded.points[1].scenario.workload.requests.rate, 6.0);
        std::vector<std::string> a, b;
        QVERIFY(writeSweepFiles(dir.filePath("a").toStdString(), sweep, &a, &error));
        QVERIFY(writeSweepFiles(dir.filePath("b").toStdString(), loaded, &b, &error));
        QCOMPARE(readAll(b[0]), readAll(a[0])); // summary: every mean and CI bit for bit
        QCOMPARE(readAll(b[1]), readAll(a[1])); // every run

        QVERIFY(!loadSweep(*store, "ratse", loaded, &error));
        QVERIFY2(QString::fromStdString(error).contains("its sweeps: rates"), error.c_str());
    }

    void olderStoreOpensAndTakesSweeps()
    {
        QTemporaryDir dir;
        const std::string db = dir.filePath("v1.db").toStdString();
        std::string error;
        {
            auto store = ExperimentStore::open(db, &error);
            QVERIFY2(store, error.c_str());
            QVERIFY(store->addScenario("old", "schedlab: 1\n") > 0);
        }
        // What a file written before sweeps existed looks like.
        QVERIFY(execRaw(db, "DROP TABLE sweep_point; DROP TABLE sweep; "
                            "DELETE FROM schema_version WHERE version > 1;"));
        const SweepPlan plan =
            planSweep(tutorialText(), kTutorial, parameter("workload.requests.rate=2/s"));
        SweepSpec spec = quickSpec();
        spec.dispatch = {"greedy"};
        QVERIFY2(storeSweep(db, runSweep(plan, spec), "after upgrade", &error), error.c_str());
        auto store = ExperimentStore::open(db, &error);
        QVERIFY2(store, error.c_str());
        QCOMPARE(store->sweeps().size(), std::size_t(1));
        QVERIFY(store->checkIntegrity());
        QCOMPARE(store->runs().size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
