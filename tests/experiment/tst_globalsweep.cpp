// SPDX-License-Identifier: GPL-3.0-or-later
// Sweeps of a global (multi-cluster) scenario, and sweep presets.
#include "common/cli.h"
#include "common/sweepparameter.h"
#include "experiment/sweep.h"
#include "experiment/sweepfiles.h"
#include "experiment/sweeppreset.h"
#include "scenario/scenarioio.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <random>

using namespace schedlab;
using schedlab::test::cli;
using schedlab::test::parameter;

namespace {
const std::string kGlobal = SCHEDLAB_SOURCE_DIR "/scenarios/global-multicluster.yaml";

std::string globalText()
{
    QFile f(QString::fromStdString(kGlobal));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read the bundled global scenario");
    return f.readAll().toStdString();
}

const MeanCi &metricOf(const SweepPointResult &p, const std::string &architecture,
                       const std::string &metric)
{
    for (const VariantSummary &v : p.summary)
        if (v.label == architecture)
            for (const auto &[name, ci] : v.metrics)
                if (name == metric)
                    return ci;
    qFatal("no %s of %s", metric.c_str(), architecture.c_str());
}

} // namespace

class TestGlobalSweep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plansEveryValueAsAGlobalScenario()
    {
        const SweepPlan plan =
            planSweep(globalText(), kGlobal, parameter("global.clusters=200,400"));
        QVERIFY(plan.ok());
        QVERIFY(plan.global);
        QCOMPARE(plan.scenarioName, std::string("global-multicluster"));
        QCOMPARE(plan.points.size(), std::size_t(2));
        QCOMPARE(plan.points[0].global->clusters, 200);
        QCOMPARE(plan.points[1].global->clusters, 400);
        QCOMPARE(plan.points[1].scenario.name, std::string("global-multicluster"));
    }

    void refusedValuesNameTheValueAndTheLine()
    {
        const SweepPlan plan =
            planSweep(globalText(), kGlobal, parameter("global.schedulers=4,-1"));
        QVERIFY(!plan.ok());
        QCOMPARE(plan.errors.size(), std::size_t(1));
        const std::string &e = plan.errors.front();
        QVERIFY2(e.find("with global.schedulers=-1: ") == 0, e.c_str());
        QVERIFY2(e.find("global-multicluster.yaml:") != std::string::npos, e.c_str());
        const SweepPlan wrong =
            planSweep(globalText(), kGlobal, parameter("global.clustres=10,20"));
        QVERIFY(!wrong.ok());
        QVERIFY2(wrong.errors.front().find("clusters") != std::string::npos,
                 wrong.errors.front().c_str());
    }

    void monolithicFallsBehindAsClustersGrowAndTwoLevelDoesNot()
    {
        std::string text = globalText();
        text.replace(text.find("rate: 500/s"), 11, "rate: 120/s");
        text.replace(text.find("duration: 60s"), 13, "duration: 20s");
        const SweepPlan plan = planSweep(text, kGlobal, parameter("global.clusters=300,1200"));
        QVERIFY(plan.ok());
        SweepSpec spec;
        spec.architectures = {"two-level", "monolithic"};
        spec.seeds = 2;
        spec.jobs = 2;
        const SweepResult sweep = runSweep(plan, spec);
        QVERIFY(sweep.global);
        QCOMPARE(sweep.points.size(), std::size_t(2));
        const double mono300 = metricOf(sweep.points[0], "monolithic", "sched_latency_ms_p99").mean;
        const double mono1200 =
            metricOf(sweep.points[1], "monolithic", "sched_latency_ms_p99").mean;
        const double two1200 = metricOf(sweep.points[1], "two-level", "sched_latency_ms_p99").mean;
        QVERIFY2(mono1200 > 3 * mono300, qPrintable(QString("%1 %2").arg(mono300).arg(mono1200)));
        QVERIFY2(two1200 * 10 < mono1200, qPrintable(QString("%1 %2").arg(two1200).arg(mono1200)));
        QCOMPARE(metricOf(sweep.points[0], "two-level", "conflicts").n, 2);

        // The files name architectures, not request-plane policies, and repeat byte for byte.
        const auto json = sweepJson(sweep);
        QCOMPARE(json["points"][0]["policies"][1]["policies"]["global"].get<std::string>(),
                 std::string("monolithic"));
        spec.jobs = 1;
        QCOMPARE(sweepJson(runSweep(plan, spec)).dump(), json.dump());
    }

    void bundledPresetsLoadAndNameAnExistingScenario_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("clusters") << "global-clusters.yaml";
        QTest::newRow("schedulers") << "global-schedulers.yaml";
    }

    void bundledPresetsLoadAndNameAnExistingScenario()
    {
        QFETCH(QString, file);
        const std::string path = SCHEDLAB_SOURCE_DIR "/scenarios/sweeps/" + file.toStdString();
        QVERIFY(isSweepPresetFile(path));
        QVERIFY(!isSweepPresetFile(kGlobal));
        const SweepPresetLoad load = loadSweepPresetFile(path);
        QVERIFY2(load.ok(), load.errors.empty() ? "" : load.errors.front().format().c_str());
        QVERIFY(QFile::exists(QString::fromStdString(load.preset->scenario)));
        QVERIFY(load.preset->values.size() >= 4);
        QVERIFY(!load.preset->global.empty());
        QVERIFY(load.preset->seeds >= 1);
        // Every value gives a valid scenario.
        std::string values;
        for (const std::string &v : load.preset->values)
            values += (values.empty() ? "" : ",") + v;
        QVERIFY(planSweepFile(load.preset->scenario, parameter(load.preset->param + "=" + values))
                    .ok());
    }

    void badPresetsNameLineAndKey_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const QByteArray head = "sweep: 1\nscenario: x.yaml\nparam: global.clusters\n";
        QTest::newRow("typo") << head + "valuse: [1, 2]\n"
                              << ":4:1: valuse: unknown key";
        QTest::newRow("no values") << head << "missing required key 'values'";
        QTest::newRow("twice") << head + "values: [1, 1]\n"
                               << "given twice";
        QTest::newRow("seeds") << head + "values: [1]\nseeds: 0\n"
                               << ":5:8: seeds: expected at least 1";
        QTest::newRow("comma") << head + "values: [\"1,2\"]\n"
                               << "comma outside parentheses";
        QTest::newRow("duration") << head + "values: [1]\nduration: 5\n"
                                  << ":5:11: duration: expected a duration";
        QTest::newRow("version") << QByteArray("sweep: 2\n")
                                 << "unsupported sweep preset version 2";
        QTest::newRow("syntax") << QByteArray("sweep: [1\n") << "YAML syntax error";
    }

    void badPresetsNameLineAndKey()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const SweepPresetLoad load = loadSweepPresetText(text.toStdString(), "p.yaml");
        QVERIFY(!load.ok());
        QString all;
        for (const ScenarioError &e : load.errors)
            all += QString::fromStdString(e.format()) + "\n";
        QVERIFY2(all.contains(expected), qPrintable(all));
        QVERIFY(all.startsWith("p.yaml"));
    }

    void garbagePresetsNeverCrash()
    {
        for (const char *text :
             {"", "[[[", "sweep: 1", "sweep: x", "sweep: 1\nvalues: {a: 1}",
              "sweep: 1\nscenario: [1]\nparam: {}\nvalues: [[1], {}]",
              "sweep: 1\nscenario: a\nparam: b\nvalues: [1]\nseeds: 1e99",
              "sweep: 1\nscenario: a\nparam: b\nvalues: ~\nglobal: {x: y}", "- sweep: 1"}) {
            const SweepPresetLoad load = loadSweepPresetText(text, "x.yaml");
            QVERIFY2(!load.ok(), text);
            QVERIFY(!load.errors.empty());
            QCOMPARE(load.errors.front().file, std::string("x.yaml"));
        }
        // Random byte edits of a bundled preset: refused with a message or loaded, never a
        // crash or an exception.
        QFile f(SCHEDLAB_SOURCE_DIR "/scenarios/sweeps/global-clusters.yaml");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string original = f.readAll().toStdString();
        std::mt19937_64 gen(11);
        for (int round = 0; round < 300; ++round) {
            std::string text = original;
            for (int edits = 1 + int(gen() % 4); edits > 0 && !text.empty(); --edits)
                text[gen() % text.size()] = ":-[]{},#\n 1x"[gen() % 13];
            const SweepPresetLoad load = loadSweepPresetText(text, "m.yaml");
            QVERIFY(load.ok() || !load.errors.empty());
        }
    }

    /** A preset's `set` applies before the sweep (a --set after it), and its `paper`
     *  line is printed beside the results. */
    void presetsSetValuesAndQuoteThePaper()
    {
        const auto r = cli({"sweep", "scenarios/sweeps/kais-fig12-dequeue.yaml", "--param",
                            "workload.requests.pattern=P4", "--seeds", "1", "--duration", "30s"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("\npaper: KaiS Fig. 12:"));

        // The fig. 14 preset's `set: {workload.requests.clips: 50}` makes clip 49 valid;
        // --set replaces the preset's value, and clip 49 of 20 is refused.
        const auto clip = cli({"sweep", "scenarios/sweeps/kais-fig14-clips.yaml", "--param",
                               "workload.requests.clip=49", "--dispatch", "greedy",
                               "--orchestration", "hpa", "--seeds", "1"});
        QVERIFY2(clip.exitCode == 0, clip.err.constData());
        const auto twenty = cli({"sweep", "scenarios/sweeps/kais-fig14-clips.yaml", "--param",
                                 "workload.requests.clip=49", "--set",
                                 "workload.requests.clips=20", "--dispatch", "greedy",
                                 "--orchestration", "hpa", "--seeds", "1"});
        QVERIFY(twenty.exitCode != 0);
        QVERIFY2(twenty.err.contains("workload.requests.clip: must lie in [0, 19]"),
                 twenty.err.constData());
        const auto bad = cli({"sweep", "scenarios/tutorial.yaml", "--param",
                              "workload.requests.rate=1/s", "--set", "tme.slot=1s"});
        QVERIFY(bad.exitCode != 0);
        QVERIFY2(bad.err.contains("--set: no value at 'tme.slot'"), bad.err.constData());
    }

    /** --train trains the agent on each value's scenario (in schedlab-train) first. */
    void trainsForEachValue()
    {
        const auto r = cli({"sweep", "scenarios/tutorial.yaml", "--param", "time.frame=50,100",
                            "--orchestration", "gpg", "--train", "gpg", "--seeds", "1"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("training gpg for time.frame=50 (seed 1)") &&
                     r.err.contains("training gpg for time.frame=100"),
                 r.err.constData());
        QVERIFY(r.out.contains("\n50 ") && r.out.contains("\n100 "));
        const auto none = cli({"sweep", "scenarios/tutorial.yaml", "--param", "time.frame=50",
                               "--train", "gpg"});
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.contains("no policy of the sweep runs a gpg model"));
        const auto failing = cli({"sweep", "scenarios/tutorial.yaml", "--param", "time.frame=50",
                                  "--placement", "drs", "--train", "drs", "--seeds", "1"});
        QCOMPARE(failing.exitCode, 1);
        QVERIFY2(failing.err.contains("needs pods") && failing.err.contains("training drs failed"),
                 failing.err.constData());
    }

    void cliSweepsAPresetWithOptionsOnTop()
    {
        QTemporaryDir dir;
        const auto r = cli({"sweep", "scenarios/sweeps/global-clusters.yaml", "--param",
                            "global.clusters=100,200", "--global", "two-level,shared-state",
                            "--seeds", "1", "--duration", "5s", "--out", dir.filePath("s")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("architecture"));
        QVERIFY(r.out.contains("shared-state"));
        QVERIFY(r.out.contains("sched_latency_ms_p99")); // the preset's metrics
        QVERIFY(!r.out.contains("monolithic"));          // --global took the preset's place
        QFile csv(dir.filePath("s.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QVERIFY(csv.readAll().contains("conflicts_mean"));

        // compare --param on a global scenario is the same sweep.
        const auto c = cli({"compare", "scenarios/global-multicluster.yaml", "--param",
                            "global.schedulers=2,4", "--global", "two-level", "--seeds", "1",
                            "--duration", "5s", "--json"});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(c.out).object();
        QCOMPARE(o.value("parameter").toString(), QString("global.schedulers"));
        QCOMPARE(o.value("points").toArray().size(), 2);
    }

    void requestPlaneLoaderSaysWhereAGlobalScenarioRuns()
    {
        const ScenarioLoad load = loadScenarioFile(kGlobal);
        QVERIFY(!load.ok());
        QCOMPARE(load.errors.size(), std::size_t(1));
        const std::string e = load.errors.front().format();
        QVERIFY2(
            e.find("global-multicluster.yaml:8:3: this is a global (multi-cluster) scenario") !=
                std::string::npos,
            e.c_str());
    }

    void cliRefusesRequestPlaneOptionsOnAGlobalSweep()
    {
        const auto r = cli({"sweep", "scenarios/global-multicluster.yaml", "--param",
                            "global.clusters=100,200", "--dispatch", "greedy"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--dispatch (or the preset's dispatch) does not apply"),
                 r.err.constData());
        const auto notAPreset = cli({"sweep", "scenarios/sweeps/no-such.yaml"});
        QCOMPARE(notAPreset.exitCode, 2);
        QVERIFY2(notAPreset.err.contains("cannot read the file"), notAPreset.err.constData());
        const auto presetAsScenario = cli({"run", "scenarios/sweeps/global-clusters.yaml"});
        QCOMPARE(presetAsScenario.exitCode, 2);
        QVERIFY2(presetAsScenario.err.contains("this is a sweep preset"),
                 presetAsScenario.err.constData());
        const auto noParam = cli({"sweep", "scenarios/tutorial.yaml"});
        QCOMPARE(noParam.exitCode, 2);
        QVERIFY2(noParam.err.contains("--param"), noParam.err.constData());
        const auto wrongPlane = cli({"sweep", "scenarios/tutorial.yaml", "--param",
                                     "workload.requests.rate=2/s,4/s", "--global", "two-level"});
        QCOMPARE(wrongPlane.exitCode, 2);
        QVERIFY(wrongPlane.err.contains("global scenario"));
    }
};

QTEST_GUILESS_MAIN(TestGlobalSweep)
#include "tst_globalsweep.moc"
