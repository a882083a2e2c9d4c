// SPDX-License-Identifier: GPL-3.0-or-later
// merge of a --slurm plan: the local run's files from the tasks' shards, and shards
// that are missing, foreign, damaged or moved named, never merged.
#include "experiment/storedcomparison.h"
#include "store/experimentstore.h"

#include "common/clustertest.h"

#include <QtTest>
#include <sqlite3.h>

using namespace schedlab::test::cluster;

class TestClusterMerge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mergedSweepIsTheLocalSweep()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), out = dir.filePath("cluster"),
                      local = dir.filePath("local");
        const Result l = cli(sweepOptions(scenario) + QStringList{"--out", local + "/"});
        QVERIFY2(l.exitCode == 0, l.err.constData());
        QVERIFY2(plan(scenario, out).exitCode == 0, "plan");
        QVERIFY(runTasks(out, {0, 1, 2, 3}));
        const QStringList shards = QDir(out + "/shards").entryList(QDir::Files);
        QCOMPARE(shards, (QStringList{"0.db", "1.db", "2.db", "3.db"}));
        std::string error;
        // A task runs its own two runs and no other.
        const auto one =
            schedlab::ExperimentStore::openForReading((out + "/shards/1.db").toStdString(), &error);
        QVERIFY2(one, error.c_str());
        QCOMPARE(one->runs().size(), std::size_t(2));
        QCOMPARE(one->runs()[0].seed, std::uint64_t(1));
        QCOMPARE(one->runs()[0].policies.at("dispatch"), std::string("random"));
        const Result m = cli({"merge", out});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        for (const char *f : {"sweep.csv", "sweep-runs.csv", "sweep.json"})
            QVERIFY2(readAll(out + "/" + f) == readAll(local + "/" + f), f);
        QVERIFY(readAll(out + "/sweep.csv").count('\n') == 5);
        // The merged store holds the sweep as a local `sweep --db` does.
        const auto store =
            schedlab::ExperimentStore::openForReading((out + "/store.db").toStdString(), &error);
        QVERIFY2(store, error.c_str());
        QCOMPARE(store->sweeps().size(), std::size_t(1));
        QCOMPARE(schedlab::listComparisons(*store).size(), std::size_t(2));
        QCOMPARE(store->runs().size(), std::size_t(8));
        // Merged again: the same files, a fresh store.
        QVERIFY2(cli({"merge", out}).exitCode == 0, "merged twice");
        QVERIFY(readAll(out + "/sweep.csv") == readAll(local + "/sweep.csv"));
    }

    /** A plan folder copied or moved after its tasks ran merges where it is now: the
     *  copy's files are written, the original's are not touched. */
    void aCopiedOrMovedPlanMergesInItsOwnFolder()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), out = dir.filePath("cluster");
        QVERIFY2(plan(scenario, out).exitCode == 0, "plan");
        QVERIFY(runTasks(out, {0, 1, 2, 3}));
        const QString copy = dir.filePath("copy"), moved = dir.filePath("moved");
        QProcess cp;
        cp.start("cp", {"-r", out, copy});
        QVERIFY(cp.waitForFinished() && cp.exitCode() == 0);
        const Result m = cli({"merge", copy});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        QVERIFY(readAll(copy + "/sweep.csv").count('\n') == 5);
        QVERIFY(QFile::exists(copy + "/store.db"));
        QVERIFY(!QFile::exists(out + "/sweep.csv") && !QFile::exists(out + "/store.db"));
        QVERIFY(QDir().rename(out, moved));
        const Result again = cli({"merge", moved});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QCOMPARE(readAll(moved + "/sweep.csv"), readAll(copy + "/sweep.csv"));
    }

    void missingShardsAreResumed()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), out = dir.filePath("cluster"),
                      local = dir.filePath("local");
        QVERIFY2(plan(scenario, out).exitCode == 0, "plan");
        QVERIFY(runTasks(out, {0, 1, 2, 3}));
        QFile::remove(out + "/shards/0.db");
        QFile::remove(out + "/shards/2.db");
        QFile three(out + "/shards/3.db");
        QVERIFY(three.resize(three.size() / 2));
        const Result m = cli({"merge", out});
        QCOMPARE(m.exitCode, 3);
        QVERIFY2(m.err.contains("3 of the 4 tasks"), m.err.constData());
        for (const char *task : {"task 0: ", "task 2: ", "task 3: "})
            QVERIFY2(m.err.contains(task), task);
        QVERIFY(!m.err.contains("task 1: "));
        QVERIFY2(m.err.contains("0.db is missing"), m.err.constData());
        QVERIFY2(m.err.contains("task 3: damaged shard"), m.err.constData());
        QVERIFY2(m.err.contains("its runs: cell 6 (workload.requests.rate=6/s, random, seed 1)"),
                 m.err.constData());
        QVERIFY(m.out.endsWith(" sweep --resume " + out.toUtf8() + "\n"));
        QVERIFY(!QFile::exists(out + "/sweep.csv"));

        const Result resume = cli({"sweep", "--resume", out, "--dry-run"});
        QVERIFY2(resume.exitCode == 0, resume.err.constData());
        QVERIFY2(resume.out.contains("#SBATCH --array=0,2-3\n"), resume.out.constData());
        QVERIFY(readAll(out + "/slurm/resume.sbatch").contains("#SBATCH --array=0,2-3\n"));
        QVERIFY(runTasks(out, {0, 2, 3}));
        QVERIFY2(cli({"merge", out}).exitCode == 0, "merge");
        const Result l = cli(sweepOptions(scenario) + QStringList{"--out", local + "/"});
        QVERIFY2(l.exitCode == 0, l.err.constData());
        QVERIFY(readAll(out + "/sweep.csv") == readAll(local + "/sweep.csv"));
        QVERIFY(cli({"sweep", "--resume", out, "--dry-run"}).out.contains("every task"));
    }

    void foreignAndCorruptShardsAreNamed()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), out = dir.filePath("cluster"),
                      other = dir.filePath("other");
        QVERIFY2(plan(scenario, out).exitCode == 0, "plan");
        QVERIFY2(plan(scenario, other).exitCode == 0, "plan");
        QVERIFY(runTasks(out, {0, 2, 3}));
        QVERIFY(runTasks(other, {1}));
        QFile::copy(other + "/shards/1.db", out + "/shards/1.db");
        writeAll(out + "/shards/2.db", QByteArray(4096, 'x'));
        const Result m = cli({"merge", out});
        QCOMPARE(m.exitCode, 3);
        QVERIFY2(m.err.contains("task 1: " + out.toUtf8() + "/shards/1.db belongs to another plan"),
                 m.err.constData());
        QVERIFY2(m.err.contains("task 2: damaged shard: " + out.toUtf8() + "/shards/2.db"),
                 m.err.constData());
        QVERIFY(!m.err.contains("task 0: ") && !m.err.contains("task 3: "));
        // A shard whose run lost its metrics (edited by hand) is named, never merged.
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open((out + "/shards/3.db").toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "DELETE FROM scalar WHERE run_id = (SELECT MIN(id) FROM run)",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
        const Result edited = cli({"merge", out});
        QCOMPARE(edited.exitCode, 3);
        QVERIFY2(edited.err.contains("task 3: damaged shard: " + out.toUtf8() +
                                     "/shards/3.db holds cell 6") &&
                     edited.err.contains("as complete without its metrics"),
                 edited.err.constData());
        const Result badTask = cli({"run-task", other, "--task", "4"});
        QCOMPARE(badTask.exitCode, 2);
        QVERIFY2(badTask.err.contains("has tasks 0 to 3"), badTask.err.constData());

        // A task or merge of a plan whose scenario changed since refuses it.
        QFile f(scenario);
        QVERIFY(f.open(QIODevice::Append));
        f.write("# edited\n");
        f.close();
        for (const QStringList &args :
             {QStringList{"merge", out}, {"run-task", out, "--task", "1"}}) {
            const Result r = cli(args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(scenario.toUtf8() + " changed since the plan"),
                     r.err.constData());
        }
        const Result noPlan = cli({"merge", dir.filePath("nowhere")});
        QCOMPARE(noPlan.exitCode, 2);
        QVERIFY2(noPlan.err.contains("plan.json"), noPlan.err.constData());
    }

    /** A global scenario's sweep: its architectures' runs cut into tasks as any other. */
    void mergedGlobalSweepIsTheLocalSweep()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("cluster"), local = dir.filePath("local");
        const QStringList sweep = {
            "sweep",      QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/global-multicluster.yaml"),
            "--param",    "global.clusters=100,200",
            "--global",   "two-level,shared-state",
            "--seeds",    "2",
            "--duration", "5s",
            "--jobs",     "1"};
        const Result l = cli(sweep + QStringList{"--out", local + "/"});
        QVERIFY2(l.exitCode == 0, l.err.constData());
        const Result p =
            cli(sweep + QStringList{"--out", out, "--slurm", "--dry-run", "--cells-per-task", "3"});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        QVERIFY2(p.out.contains("#SBATCH --array=0-2\n"), p.out.constData());
        QVERIFY2(p.out.contains("# estimate: one run took"), p.out.constData());
        QVERIFY(runTasks(out, {0, 2}));
        std::string error;
        const auto last =
            schedlab::ExperimentStore::openForReading((out + "/shards/2.db").toStdString(), &error);
        QVERIFY2(last, error.c_str());
        QCOMPARE(last->runs().size(), std::size_t(2)); // cells 6 and 7: shared-state at 200
        QCOMPARE(last->runs()[0].status, std::string("complete"));
        const Result partial = cli({"merge", out});
        QCOMPARE(partial.exitCode, 3);
        QVERIFY2(partial.err.contains("task 1: ") && !partial.err.contains("task 0: "),
                 partial.err.constData());
        QVERIFY(runTasks(out, {1}));
        const Result m = cli({"merge", out});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        for (const char *f : {"sweep.csv", "sweep-runs.csv", "sweep.json"})
            QVERIFY2(readAll(out + "/" + f) == readAll(local + "/" + f), f);
        QCOMPARE(readAll(out + "/sweep-runs.csv").count('\n'), 9);
        QVERIFY(!QFile::exists(out + "/store.db")); // a global sweep keeps no store
        const Result db = cli({"merge", out, "--db", dir.filePath("x.db")});
        QCOMPARE(db.exitCode, 2);
        QVERIFY2(db.err.contains("keeps its runs in no store"), db.err.constData());
    }

    void mergedGlobalComparisonIsTheLocalComparison()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("cluster"), local = dir.filePath("local");
        const QStringList compare = {
            "compare",    QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/global-multicluster.yaml"),
            "--set",      "global.clusters=100",
            "--global",   "two-level,monolithic,shared-state",
            "--seeds",    "2",
            "--duration", "5s",
            "--jobs",     "1"};
        const Result l = cli(compare + QStringList{"--out", local});
        QVERIFY2(l.exitCode == 0, l.err.constData());
        const Result p = cli(
            compare + QStringList{"--out", out, "--slurm", "--dry-run", "--cells-per-task", "4"});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        QVERIFY2(p.out.contains("#SBATCH --array=0-1\n"), p.out.constData());
        QVERIFY(runTasks(out, {0, 1}));
        const Result m = cli({"merge", out});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        for (const char *f : {"summary.csv", "runs.csv", "summary.json"})
            QVERIFY2(readAll(out + "/" + f) == readAll(local + "/" + f), f);
        QCOMPARE(readAll(out + "/runs.csv").count('\n'), 7);
    }

    void mergedComparisonIsTheLocalComparison()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), out = dir.filePath("cluster"),
                      local = dir.filePath("local");
        const QStringList options = {"compare", scenario, "--dispatch", "greedy,random",
                                     "--seeds", "3",      "--duration", "30s",
                                     "--jobs",  "1"};
        QVERIFY(cli(options + QStringList{"--out", local}).exitCode == 0);
        const Result p = cli(
            options + QStringList{"--out", out, "--slurm", "--dry-run", "--cells-per-task", "4"});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        QVERIFY(p.out.contains("#SBATCH --array=0-1\n"));
        QVERIFY(runTasks(out, {1}));
        const Result partial = cli({"merge", out});
        QCOMPARE(partial.exitCode, 3);
        QVERIFY(partial.out.endsWith(" compare --resume " + out.toUtf8() + "\n"));
        QVERIFY(runTasks(out, {0}));
        const Result m = cli({"merge", out});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        for (const char *f : {"frames.csv", "cdf.csv"})
            QVERIFY2(readAll(out + "/" + f) == readAll(local + "/" + f), f);
        QCOMPARE(withoutWallClock(readAll(out + "/summary.csv")),
                 withoutWallClock(readAll(local + "/summary.csv")));
        QVERIFY(readAll(out + "/summary.csv").contains("random,throughput_rate,"));
    }
};

QTEST_GUILESS_MAIN(TestClusterMerge)
#include "tst_clustermerge.moc"
