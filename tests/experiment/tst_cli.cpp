// SPDX-License-Identifier: GPL-3.0-or-later
// schedlab-cli as a user runs it: exit codes, JSON shapes, reproducibility.
#include "store/experimentstore.h"

#include "common/cli.h"

#include <QtTest>

namespace {
using schedlab::test::cli;
using Result = schedlab::test::CliResult;

QJsonObject withoutWallClock(QJsonObject o)
{
    for (const char *k : {"decision_time_us_mean", "orchestration_time_us_mean", "wall_seconds",
                          "sim_requests_per_second"})
        o.remove(QLatin1String(k));
    return o;
}

QString writeTemp(QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return path;
}

QByteArray tutorialText()
{
    QFile f(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"));
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runTwiceGivesTheSameJson()
    {
        const QStringList args = {"run", "scenarios/tutorial.yaml", "--seed", "7", "--json"};
        const Result a = cli(args), b = cli(args);
        QCOMPARE(a.exitCode, 0);
        const QJsonObject ja = QJsonDocument::fromJson(a.out).object();
        const QJsonObject jb = QJsonDocument::fromJson(b.out).object();
        for (const char *key : {"throughput_rate", "arrived", "on_time", "dropped",
                                "scheduling_cost_bytes", "avg_util", "imbalance",
                                "decision_time_us_mean", "sim_seconds", "wall_seconds",
                                "sim_requests_per_second"})
            QVERIFY2(ja.contains(QLatin1String(key)), key);
        QVERIFY(ja.value("arrived").toDouble() > 0);
        QCOMPARE(withoutWallClock(ja), withoutWallClock(jb));
        const Result c = cli({"run", "scenarios/tutorial.yaml", "--seed", "8", "--json"});
        QVERIFY(withoutWallClock(QJsonDocument::fromJson(c.out).object()) != withoutWallClock(ja));
    }

    void compareReportsMeanAndCiPerPolicy()
    {
        QTemporaryDir dir;
        const Result r = cli({"compare", "scenarios/tutorial.yaml", "--dispatch",
                              "greedy,random", "--seeds", "3", "--duration", "1m", "--json",
                              "--out", dir.path()});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value("seeds").toArray().size(), 3);
        const QJsonArray policies = j.value("policies").toArray();
        QCOMPARE(policies.size(), 2);
        QCOMPARE(policies[0].toObject().value("name").toString(), QString("greedy"));
        const QJsonObject tr =
            policies[1].toObject().value("metrics").toObject().value("throughput_rate").toObject();
        QCOMPARE(tr.value("n").toInt(), 3);
        QVERIFY(tr.value("ci95").toDouble() >= 0);
        for (const char *f : {"summary.csv", "runs.csv", "frames.csv", "cdf.csv", "summary.json"})
            QVERIFY2(QFileInfo(dir.filePath(f)).size() > 0, f);
        // Same seeds, whatever the thread count.
        const Result serial = cli({"compare", "scenarios/tutorial.yaml", "--dispatch",
                                   "greedy,random", "--seeds", "3", "--duration", "1m", "--json",
                                   "--jobs", "1"});
        QCOMPARE(QJsonDocument::fromJson(serial.out).object().value("policies").toArray()[1]
                     .toObject().value("metrics").toObject().value("throughput_rate"),
                 policies[1].toObject().value("metrics").toObject().value("throughput_rate"));
    }

    void comparePlacementPolicies()
    {
        const Result r = cli({"compare", "scenarios/lrscheduler-edge.yaml", "--placement",
                              "kube-default,lrscheduler", "--seeds", "2", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray policies =
            QJsonDocument::fromJson(r.out).object().value("policies").toArray();
        QCOMPARE(policies.size(), 2);
        QCOMPARE(policies[1].toObject().value("name").toString(), QString("lrscheduler"));
        const QJsonObject metrics = policies[0].toObject().value("metrics").toObject();
        for (const char *m : {"download_bytes", "lrs_std", "containers_before_eviction",
                              "failures_unschedulable"})
            QVERIFY2(metrics.contains(m), m);
        const Result bad = cli({"run", "scenarios/lrscheduler-edge.yaml", "--placement", "layr"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("did you mean 'layer'"));
    }

    void placementLogSaysWhy()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("placements.csv");
        const Result r = cli({"run", "scenarios/lrscheduler-edge.yaml", "--placement", "layer",
                              "--placements", path, "--json"});
        QCOMPARE(r.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines[0], QByteArray("time,pod,template,node,plugin,filter,raw,normalized,"
                                      "weight,total,chosen"));
        // 32 pods x 4 nodes x 6 plugins (five Kubernetes ones and LayerSharing).
        QCOMPARE(lines.size(), 1 + 32 * 4 * 6);
        int chosen = 0;
        for (const QByteArray &line : lines.mid(1)) {
            const QList<QByteArray> cells = line.split(',');
            QCOMPARE(cells.size(), 11);
            if (cells[10] == "1" && cells[4] == "LayerSharing") {
                ++chosen;
                QCOMPARE(cells[8], QByteArray("4"));
            }
        }
        QCOMPARE(double(chosen),
                 QJsonDocument::fromJson(r.out).object().value("pods_placed").toDouble());
    }

    void badInputExitsTwoWithALocation_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("typo'd key") << QByteArray("\ntime:") << QByteArray("\ntme:") << "did you mean";
        QTest::newRow("bare duration") << QByteArray("slot: 250ms") << QByteArray("slot: 250")
                                       << "slot";
        QTest::newRow("negative cpu") << QByteArray("cpu: 2") << QByteArray("cpu: -2") << "cpu";
    }

    void badInputExitsTwoWithALocation()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, expected);
        QByteArray text = tutorialText();
        QVERIFY2(text.contains(from), from.constData());
        const int at = text.indexOf(from);
        text.replace(at, from.size(), to);
        QTemporaryDir dir;
        const QString path = writeTemp(dir, "bad.yaml", text);
        for (const QString &command : {QString("validate"), QString("run")}) {
            const Result r = cli({command, path});
            QCOMPARE(r.exitCode, 2);
            const QString err = QString::fromUtf8(r.err);
            QVERIFY2(QRegularExpression(QRegularExpression::escape(path) + ":\\d+:\\d+:")
                         .match(err)
                         .hasMatch(),
                     qPrintable(err));
            QVERIFY2(err.contains(expected), qPrintable(err));
        }
    }

    void runAndCompareRecordInTheStore()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("experiments.db");
        const Result run = cli({"run", "scenarios/tutorial.yaml", "--seed", "3", "--json", "--db", db});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(run.out).object();
        const Result compare = cli({"compare", "scenarios/tutorial.yaml", "--dispatch", "greedy,random",
                                    "--seeds", "2", "--duration", "1m", "--db", db});
        QCOMPARE(compare.exitCode, 0);

        std::string error;
        auto store = schedlab::ExperimentStore::open(db.toStdString(), &error);
        QVERIFY2(store, error.c_str());
        const auto runs = store->runs();
        QCOMPARE(int(runs.size()), 1 + 2 * 2);
        for (const auto &r : runs)
            QCOMPARE(QString::fromStdString(r.status), QString("complete"));
        const auto first = store->run(j.value("run_id").toInteger());
        QVERIFY(first);
        QCOMPARE(first->seed, std::uint64_t(3));
        QCOMPARE(first->scalars.at("throughput_rate"), j.value("throughput_rate").toDouble());
        QCOMPARE(int(store->vector(first->id, "throughput").size()),
                 j.value("throughput_per_frame").toArray().size());
        // The same scenario text is stored once.
        QCOMPARE(runs.front().scenarioId, runs.back().scenarioId);
    }

    void sweepPrintsATableAndWritesFiles()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("experiments.db");
        const QStringList args = {"sweep", "scenarios/tutorial.yaml", "--param",
                                  "workload.requests.rate=2/s,6/s", "--dispatch", "greedy,random",
                                  "--seeds", "2", "--duration", "30s", "--metric",
                                  "arrived,throughput_rate", "--out", dir.filePath("rate"),
                                  "--db", db};
        const Result r = cli(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.split('\n');
        QVERIFY2(lines[0].startsWith("tutorial: workload.requests.rate over 2 values, 2 seeds each"),
                 r.out.constData());
        QVERIFY2(QString(lines[1]).simplified() ==
                     "workload.requests.rate policy arrived throughput_rate",
                 lines[1].constData());
        const QRegularExpression row(
            QStringLiteral("^(2/s|6/s) +(greedy|random) +[0-9.e+]+ ± [0-9.e+-]+ +[0-9.e+]+ ± "));
        for (int i = 2; i < 6; ++i)
            QVERIFY2(row.match(QString::fromUtf8(lines[i])).hasMatch(), lines[i].constData());
        QVERIFY(lines[4].startsWith("6/s") && lines[4].contains("greedy"));
        QVERIFY(r.out.contains("runs stored in " + db.toUtf8()));

        for (const char *f : {"rate.csv", "rate-runs.csv", "rate.json"}) {
            QVERIFY2(QFileInfo(dir.filePath(f)).size() > 0, f);
            QVERIFY(r.out.contains("wrote " + dir.filePath(f).toUtf8()));
        }
        QFile csv(dir.filePath("rate.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().trimmed().split('\n').size(), 1 + 2 * 2);
        // The figure needs the chart module, which comes with `export`.
        if (schedlab::test::cliDrawsCharts()) {
            for (const char *f : {"rate.pdf", "rate.png", "rate.svg"})
                QVERIFY2(QFileInfo(dir.filePath(f)).size() > 1000, f);
        } else {
            QVERIFY(r.err.contains("built without the GUI"));
        }
        std::string error;
        auto store = schedlab::ExperimentStore::open(db.toStdString(), &error);
        QVERIFY2(store, error.c_str());
        QCOMPARE(store->sweeps().size(), std::size_t(1));
        QCOMPARE(store->sweeps()[0].points.size(), std::size_t(2));
        QCOMPARE(int(store->runs().size()), 2 * 2 * 2);

        // JSON to stdout; the same numbers as the file.
        const Result j = cli({"sweep", "scenarios/tutorial.yaml", "--param",
                              "workload.requests.rate=2/s,6/s", "--dispatch", "greedy,random",
                              "--seeds", "2", "--duration", "30s", "--json", "--jobs", "1"});
        QCOMPARE(j.exitCode, 0);
        QFile file(dir.filePath("rate.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(j.out), QJsonDocument::fromJson(file.readAll()));
    }

    void sweepRefusesBadPathsAndValues_data()
    {
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("expected");
        QTest::newRow("typo") << "workload.requets.rate=1/s" << "did you mean 'requests'?";
        QTest::newRow("map") << "workload.requests=1/s" << "is a map, not a single value";
        QTest::newRow("negative rate") << "workload.requests.rate=5/s,-1/s"
                                       << "with workload.requests.rate=-1/s: ";
        QTest::newRow("not PATH=VALUES") << "workload.requests.rate" << "--param: ";
    }

    void sweepRefusesBadPathsAndValues()
    {
        QFETCH(QString, param);
        QFETCH(QString, expected);
        const Result r = cli({"sweep", "scenarios/tutorial.yaml", "--param", param});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void sweepRefusesAnUnknownMetricBeforeRunning()
    {
        const Result r = cli({"sweep", "scenarios/tutorial.yaml", "--param",
                              "workload.requests.rate=2/s", "--metric", "throughput_rat"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("did you mean 'throughput_rate'?"), r.err.constData());
    }

    void compareParamIsASweep()
    {
        QTemporaryDir dir;
        const Result r = cli({"compare", "scenarios/tutorial.yaml", "--param",
                              "sites.0.eaps.0.nodes.0.cpu=1,4", "--seeds", "1", "--duration",
                              "20s", "--out", dir.filePath("cpu")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.startsWith("tutorial: sites.0.eaps.0.nodes.0.cpu over 2 values"));
        QVERIFY(QFileInfo(dir.filePath("cpu/sweep.csv")).size() > 0);
        QVERIFY(QFileInfo(dir.filePath("cpu/sweep.json")).size() > 0);
    }

    void corruptStoreIsRefusedAndLeftAlone()
    {
        QTemporaryDir dir;
        const QString db = writeTemp(dir, "broken.db", QByteArray(4096, 'x'));
        const Result r = cli({"run", "scenarios/tutorial.yaml", "--db", db});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(db.toUtf8()), r.err.constData());
        QFile f(db);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray(4096, 'x'));
    }

    /** A --duration the run cannot hold is refused at once, saying why, not run for ever
     *  or into all-zero results; the same for a global scenario. */
    void runsTooLongAreRefused()
    {
        for (const char *duration : {"1e308s", "1000000h"}) {
            for (const char *command : {"run", "compare"}) {
                const Result r = cli({command, "scenarios/tutorial.yaml", "--duration", duration});
                QCOMPARE(r.exitCode, 2);
                QVERIFY2(r.err.startsWith("error: --duration: a run of"), r.err.constData());
            }
            const Result g = cli({"run", "scenarios/global-multicluster.yaml", "--duration",
                                      duration});
            QCOMPARE(g.exitCode, 2);
            QVERIFY2(g.err.contains("more than 20,000,000"), g.err.constData());
        }
    }

    /** A trace with no usable row fails validate as it would fail the run. */
    void validateReadsTheTraceAsARunWould()
    {
        QFile f(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/kais-testbed.yaml"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        const QByteArray trace = "path: ../data/traces/alibaba-2017-batch-task.csv";
        QVERIFY(text.contains(trace));
        text.replace(trace, "path: empty.csv");
        QTemporaryDir dir;
        writeTemp(dir, "empty.csv", "");
        const QString path = writeTemp(dir, "testbed.yaml", text);
        for (const QStringList &args :
             {QStringList{"validate", path}, QStringList{"run", path, "--duration", "10s"}}) {
            const Result r = cli(args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("has no usable rows"), r.err.constData());
        }
    }

    /** An absurd option is refused with exit code 2 naming it, before anything is
     *  written: an earlier report stays as it was. */
    void absurdOptionsAreRefusedBeforeAnyWrite()
    {
        QTemporaryDir dir;
        const QString report = writeTemp(dir, "report.md", "# an earlier report\n");
        const std::pair<QStringList, QByteArray> refused[] = {
            {{"--quick", "--seeds", "0"}, "--seeds"},
            {{"--quick", "--resume"}, "--resume needs --db"},
            {{"--check"}, "--check goes with --quick"}};
        for (const auto &[extra, message] : refused) {
            const Result r =
                cli(QStringList{"reproduce", "lrs-table1", "--out", dir.path()} + extra);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(message), r.err.constData());
            QFile f(report);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), QByteArray("# an earlier report\n"));
        }
        const Result once = cli({"sweep", "scenarios/tutorial.yaml", "--param",
                                 "workload.requests.rate=2/s,5/s", "--train-once"});
        QCOMPARE(once.exitCode, 2);
        QVERIFY2(once.err.contains("--train-once goes with --train"), once.err.constData());
        if (schedlab::test::cliDrawsCharts()) { // export is there only with the GUI
            const Result dpi = cli({"export", dir.path(), "--chart", "cdf", "--dpi", "0", "-o",
                                    dir.filePath("x.png")});
            QCOMPARE(dpi.exitCode, 2);
            QVERIFY2(dpi.err.contains("--dpi"), dpi.err.constData());
            QVERIFY(!QFile::exists(dir.filePath("x.png")));
        }
        for (const char *epsilon : {"nan", "-1", "inf"}) {
            const Result r =
                cli({"train", "scenarios/tutorial.yaml", "--agent", "cmmac", "--episodes", "1",
                     "--epsilon", epsilon, "--checkpoint", dir.filePath("e.ckpt")});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.startsWith("error: --epsilon"), r.err.constData());
        }
        const Result noRequests =
            cli({"train", "scenarios/drs-five-node.yaml", "--agent", "cmmac", "--episodes", "1",
                 "--checkpoint", dir.filePath("n.ckpt")});
        QCOMPARE(noRequests.exitCode, 2);
        QVERIFY2(noRequests.err.contains("cmmac learns from requests"), noRequests.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("n.ckpt")));
        // The run's size is checked for the run asked for: --duration, not the file's.
        const QStringList hours = {"scenarios/tutorial.yaml", "--set", "time.duration=1000h",
                                   "--set", "workload.requests.rate=1000/s"};
        const Result tooLong = cli(QStringList{"run"} + hours);
        QCOMPARE(tooLong.exitCode, 2);
        QVERIFY2(tooLong.err.contains("over 3.6e+06 s is 3.6e+09 requests"),
                 tooLong.err.constData());
        for (const QStringList &command :
             {QStringList{"run"}, QStringList{"compare", "--dispatch", "greedy", "--seeds", "1"},
              QStringList{"sweep", "--param", "policies.dispatch=greedy,random", "--seeds", "1"}}) {
            const Result second = cli(command + hours + QStringList{"--duration", "1s", "--json"});
            QVERIFY2(second.exitCode == 0, second.err.constData());
        }
        // What one slot brings is the file's, whatever the run's length.
        const Result slot = cli({"run", "scenarios/tutorial.yaml", "--set",
                                 "workload.requests.rate=1e8/s", "--duration", "1s"});
        QCOMPARE(slot.exitCode, 2);
        QVERIFY2(slot.err.startsWith("scenarios/tutorial.yaml:") &&
                     slot.err.contains("requests in a slot of 0.25 s"),
                 slot.err.constData());
        // A policy named twice would run twice under one label.
        for (const char *command : {"compare", "sweep"}) {
            QStringList args = {command, "scenarios/tutorial.yaml", "--dispatch",
                                "greedy,random, greedy"};
            if (QString(command) == "sweep")
                args << "--param"
                     << "workload.requests.rate=2/s,5/s";
            const Result twice = cli(args);
            QCOMPARE(twice.exitCode, 2);
            QVERIFY2(twice.err.contains("--dispatch: 'greedy' is given twice"),
                     twice.err.constData());
        }
        // An option the agent does not take would be ignored: it is refused.
        const Result reward = cli({"train", "scenarios/tutorial.yaml", "--agent", "cmmac",
                                   "--reward", "rlsk", "--checkpoint", dir.filePath("r.ckpt")});
        QCOMPARE(reward.exitCode, 2);
        QVERIFY2(reward.err.contains("--reward rlsk: agent cmmac does not take a reward setting") &&
                     reward.err.contains("reward of drs, double-dqn"),
                 reward.err.constData());
        const Result epsilon = cli({"train", "scenarios/drs-five-node.yaml", "--agent", "drs",
                                    "--epsilon", "0", "--checkpoint", dir.filePath("r.ckpt")});
        QCOMPARE(epsilon.exitCode, 2);
        QVERIFY2(epsilon.err.contains("agent drs does not learn from KaiS's reward") &&
                     epsilon.err.contains("for cmmac and kais"),
                 epsilon.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("r.ckpt")));
        const QString plan = dir.filePath("plan");
        QCOMPARE(
            cli({"sweep", "scenarios/tutorial.yaml", "--param", "workload.requests.rate=2/s,5/s",
                 "--seeds", "1", "--duration", "10s", "--slurm", "--dry-run", "--out", plan})
                .exitCode,
            0);
        const Result task = cli({"run-task", plan, "--task", "-1"});
        QCOMPARE(task.exitCode, 2);
        QVERIFY2(task.err.contains("--task -1"), task.err.constData());
        QVERIFY(!QFile::exists(plan + "/shards/-1.db"));
    }

    void unknownPolicyExitsTwo()
    {
        const Result r = cli({"run", "scenarios/tutorial.yaml", "--dispatch", "gredy"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("did you mean 'greedy'"));
    }

    void validateAcceptsEveryBundledScenario()
    {
        const QStringList files = QDir(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios"))
                                      .entryList({"*.yaml"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 3);
        QStringList args = {"validate"};
        for (const QString &f : files)
            args << "scenarios/" + f;
        const Result r = cli(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    void listPoliciesNamesEveryBaseline()
    {
        const Result r = cli({"list-policies", "--json"});
        QCOMPARE(r.exitCode, 0);
        QStringList names;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out).array())
            names << v.toObject().value("plane").toString() + "/" + v.toObject().value("name").toString();
        for (const char *n : {"dispatch/random", "dispatch/round-robin", "dispatch/greedy",
                              "dispatch/kube-default", "dequeue/fifo", "dequeue/latency-greedy",
                              "dequeue/discounted-experience", "orchestration/static",
                              "orchestration/hpa"})
            QVERIFY2(names.contains(QLatin1String(n)), n);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
