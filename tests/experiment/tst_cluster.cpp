// SPDX-License-Identifier: GPL-3.0-or-later
// sweep and compare --slurm without Slurm: the job script a plan writes, every task
// run by hand with run-task, and a merge that gives the local run's files.
#include "experiment/clusterplan.h"
#include "experiment/storedcomparison.h"
#include "store/experimentstore.h"

#include "common/cli.h"

#include <QtTest>
#include <sqlite3.h>

namespace {
using schedlab::test::cli;
using Result = schedlab::test::CliResult;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll()
                                       : QByteArray("(cannot read " + path.toUtf8() + ")");
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

/** A copy of the tutorial in `dir`: the test may change it after planning. */
QString scenarioIn(const QTemporaryDir &dir)
{
    const QString path = dir.filePath("tutorial.yaml");
    QFile::copy(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"), path);
    return path;
}

/** 2 values x 2 policies x 2 seeds: 8 runs of 30 s. */
QStringList sweepOptions(const QString &scenario)
{
    return {"sweep",      scenario,        "--param", "workload.requests.rate=2/s,6/s",
            "--dispatch", "greedy,random", "--seeds", "2",
            "--duration", "30s",           "--jobs",  "1"};
}

/** The plan's 8 runs in 4 tasks of 2. */
Result plan(const QString &scenario, const QString &out)
{
    return cli(sweepOptions(scenario) +
               QStringList{"--out", out, "--slurm", "--dry-run", "--cells-per-task", "2"});
}

bool runTasks(const QString &out, const QList<int> &tasks)
{
    for (int t : tasks) {
        const Result r = cli({"run-task", out, "--task", QString::number(t)});
        if (r.exitCode != 0) {
            qWarning("run-task %d: %s", t, r.err.constData());
            return false;
        }
    }
    return true;
}

/** The CSV's rows without the wall-clock metrics (which differ run to run). */
QByteArray withoutWallClock(const QByteArray &csv)
{
    QByteArray out;
    for (const QByteArray &line : csv.split('\n'))
        if (!line.contains(",decision_time_us_mean,") &&
            !line.contains(",orchestration_time_us_mean,") && !line.contains(",wall_seconds,") &&
            !line.contains(",sim_requests_per_second,"))
            out += line + '\n';
    return out;
}
/** The table rows of a reproduction report: its verdicts. */
QByteArrayList verdictRows(const QByteArray &report)
{
    QByteArrayList rows;
    for (const QByteArray &line : report.split('\n'))
        if (line.startsWith('|'))
            rows << line;
    return rows;
}
} // namespace

class TestCluster : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dryRunWritesTheJobScript()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("cluster");
        const Result r =
            cli(sweepOptions(scenarioIn(dir)) +
                QStringList{"--out", out, "--slurm", "--dry-run", "--cells-per-task", "3",
                            "--array-limit", "2", "--partition", "short", "--time", "0:10:00",
                            "--mem", "1G", "--sbatch-arg=--account=lab", "--sbatch-arg=--qos=low"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray script = readAll(out + "/slurm/job.sbatch");
        QVERIFY2(r.out.startsWith(script), r.out.constData());
        QVERIFY(script.startsWith("#!/bin/bash\n"));
        const QString program = QFileInfo(QStringLiteral(SCHEDLAB_CLI)).canonicalFilePath();
        for (const QString &line :
             {QString("#SBATCH --array=0-2%2\n"), QString("#SBATCH --cpus-per-task=1\n"),
              "#SBATCH --output=" + out + "/slurm/%A_%a.out\n",
              QString("#SBATCH --partition=short\n"), QString("#SBATCH --time=0:10:00\n"),
              QString("#SBATCH --mem=1G\n"), QString("#SBATCH --account=lab\n"),
              QString("#SBATCH --qos=low\n"),
              "exec " + program + " run-task " + out + " --task \"$SLURM_ARRAY_TASK_ID\"\n"})
            QVERIFY2(script.contains(line.toUtf8()), qPrintable(line + " in\n" + script));
        QVERIFY2(r.out.contains("# plan: 8 runs in 3 tasks of up to 3 runs"), r.out.constData());
        QVERIFY2(r.out.contains("# estimate: one run took"), r.out.constData());
        QVERIFY(r.out.contains("core-hours in all"));
        const QJsonObject plan = QJsonDocument::fromJson(readAll(out + "/plan.json")).object();
        QCOMPARE(plan.value("cells").toInt(), 8);
        QCOMPARE(plan.value("tasks").toInt(), 3);
        QVERIFY(QFileInfo(plan.value("inputs").toArray()[0].toObject().value("path").toString())
                    .isAbsolute());
        const Result alone =
            cli(sweepOptions(scenarioIn(dir)) + QStringList{"--partition", "short"});
        QCOMPARE(alone.exitCode, 2);
        QVERIFY2(alone.err.contains("--partition goes with --slurm"), alone.err.constData());
        for (const QStringList &typo :
             {QStringList{"--time", "banana"}, QStringList{"--mem", "lots"}}) {
            const Result r =
                cli(sweepOptions(scenarioIn(dir)) +
                    QStringList{"--out", dir.filePath("typo"), "--slurm", "--dry-run"} + typo);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.startsWith(("error: " + typo.join(' ')).toUtf8()), r.err.constData());
            QVERIFY(!QFile::exists(dir.filePath("typo")));
        }
        // What it prints is a script bash reads.
        QProcess bash;
        bash.start("bash", {"-n", out + "/slurm/job.sbatch"});
        QVERIFY(bash.waitForFinished());
        QCOMPARE(bash.exitCode(), 0);
    }

    /** Every value a job script holds is checked before anything is written: a
     *  newline would make a line bash runs; sbatch splits a space. */
    void scriptValuesCannotInject()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), out = dir.filePath("cluster");
        const QStringList dryRun = {"--out", out, "--slurm", "--dry-run"};
        const QList<QPair<QStringList, QByteArray>> refused = {
            {{"--partition", "gpu\nrm -rf ~"}, "error: --partition gpu\\x0arm -rf ~:"},
            {{"--partition", "gpu a"}, "error: --partition gpu a:"},
            {{"--partition", "gpu;id"}, "error: --partition gpu;id:"},
            {{"--sbatch-arg=--account=x\rtouch owned"}, "control character"},
            {{"--sbatch-arg=account=x"}, "expected an sbatch option"}};
        for (const auto &[options, message] : refused) {
            const Result r = cli(sweepOptions(scenario) + dryRun + options);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(message), r.err.constData());
            QVERIFY(!QFile::exists(out));
        }
        for (const QString &folder : {dir.filePath("a\nb"), dir.filePath("a b")}) {
            const Result r =
                cli(sweepOptions(scenario) + QStringList{"--out", folder, "--slurm", "--dry-run"});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("#SBATCH lines"), r.err.constData());
            QVERIFY(!QFile::exists(folder));
            const Result train = cli({"train", scenario, "--agent", "gpg", "--seeds", "2",
                                      "--slurm", "--dry-run", "--out", folder});
            QCOMPARE(train.exitCode, 2);
            QVERIFY2(train.err.contains("#SBATCH lines"), train.err.constData());
        }
        const Result list =
            cli(sweepOptions(scenario) + dryRun +
                QStringList{"--partition", "gpu,debug-2", "--sbatch-arg", "--comment=two words"});
        QVERIFY2(list.exitCode == 0, list.err.constData());
        const QByteArray script = readAll(out + "/slurm/job.sbatch");
        QVERIFY(script.contains("#SBATCH --partition=gpu,debug-2\n"));
        QVERIFY(script.contains("#SBATCH --comment=two words\n"));
        // The library refuses as well, whoever calls it.
        schedlab::SlurmOptions injected;
        injected.mem = "1G\nrm -rf ~";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 schedlab::sbatchHeader("c", "j", "0-1", "/tmp/o", injected));
        const std::string header = schedlab::sbatchHeader("a\nrm -rf ~", "j", "0-1", "/tmp/o", {});
        QVERIFY(header.find("# a?rm -rf ~\n") != std::string::npos);
    }

    void submitsWithSbatchOrSaysItCannot()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("cluster"), bin = dir.filePath("bin");
        QDir().mkpath(bin);
        const QStringList args =
            sweepOptions(scenarioIn(dir)) + QStringList{"--out", out, "--slurm"};
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PATH", bin);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(SCHEDLAB_CLI), args);
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains("sbatch is not on PATH") && err.contains("--dry-run"),
                 err.constData());
        // A stand-in sbatch: what is submitted and what the user is told to do next.
        writeAll(bin + "/sbatch", "#!/bin/sh\necho \"$@\" > " + dir.filePath("called").toUtf8() +
                                      "\necho '4242;cluster'\n");
        QFile(bin + "/sbatch").setPermissions(QFile::ReadOwner | QFile::ExeOwner);
        p.start(QStringLiteral(SCHEDLAB_CLI), args);
        QVERIFY(p.waitForFinished(120000));
        const QByteArray stdOut = p.readAllStandardOutput();
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QCOMPARE(readAll(dir.filePath("called")),
                 "--parsable " + out.toUtf8() + "/slurm/job.sbatch\n");
        QVERIFY2(stdOut.contains("submitted job 4242: 8 tasks of the 8 runs"), stdOut.constData());
        QVERIFY(stdOut.contains("squeue -j 4242\n"));
        QVERIFY(stdOut.contains(" merge " + out.toUtf8() + "\n"));
    }

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

    /** A trace the scenario's workload reads is an input of the plan like the scenario. */
    void changedTraceIsRefused()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), trace = dir.filePath("trace.csv"),
                      out = dir.filePath("cluster");
        QVERIFY(QFile::copy(QStringLiteral(SCHEDLAB_TEST_DATA "/traces/alibaba-2017-sample.csv"),
                            trace));
        const QByteArray poisson = "requests: {kind: poisson, rate: 5/s}";
        QByteArray text = readAll(scenario);
        QVERIFY(text.contains(poisson));
        writeAll(scenario, text.replace(poisson, "requests: {kind: trace, format: alibaba-2017, "
                                                 "path: trace.csv, time_scale: 0.005}"));
        const Result p =
            cli({"sweep", scenario, "--param", "seed=1,2", "--dispatch", "greedy", "--seeds", "1",
                 "--duration", "30s", "--jobs", "1", "--out", out, "--slurm", "--dry-run"});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        const auto json = QJsonDocument::fromJson(readAll(out + "/plan.json")).object();
        QString hash;
        for (const QJsonValue &input : json.value("inputs").toArray())
            if (input.toObject().value("path").toString() == trace)
                hash = input.toObject().value("hash").toString();
        QVERIFY2(!hash.isEmpty(), readAll(out + "/plan.json").constData());
        QVERIFY(runTasks(out, {0}));

        QFile f(trace);
        QVERIFY(f.open(QIODevice::Append));
        f.write("12900,12910,11852,72600,1,Terminated,100,0.005\n");
        f.close();
        for (const QStringList &args :
             {QStringList{"merge", out}, {"run-task", out, "--task", "1"}}) {
            const Result r = cli(args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(trace.toUtf8() + " changed since the plan in " + out.toUtf8() +
                                    " (content hash " + hash.toUtf8() + ", now "),
                     r.err.constData());
        }
        QVERIFY(!QFile::exists(out + "/shards/1.db"));
    }

    void modelsAreTrainedFirst()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), out = dir.filePath("cluster"),
                      local = dir.filePath("local"), bin = dir.filePath("bin");
        const QStringList options = {"sweep",           scenario, "--param", "time.frame=50,100",
                                     "--orchestration", "gpg",    "--train", "gpg",
                                     "--seeds",         "1",      "--jobs",  "1"};
        const Result p = cli(options + QStringList{"--out", out, "--slurm", "--dry-run"});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        const QByteArray train = readAll(out + "/slurm/train.sbatch");
        QVERIFY2(p.out.startsWith(train + readAll(out + "/slurm/job.sbatch")), p.out.constData());
        QVERIFY(train.contains("#SBATCH --job-name=schedlab-train\n#SBATCH --array=0-1\n"));
        QVERIFY(
            train.contains(" run-task " + out.toUtf8() + " --model \"$SLURM_ARRAY_TASK_ID\"\n"));
        QVERIFY2(p.out.contains("# first: 2 models trained"), p.out.constData());
        // The runs' job waits for the training job.
        QDir().mkpath(bin);
        writeAll(bin + "/sbatch", "#!/bin/sh\necho \"$@\" >> " + dir.filePath("called").toUtf8() +
                                      "\nexpr 100 + $(wc -l < " + dir.filePath("called").toUtf8() +
                                      ")\n");
        QFile(bin + "/sbatch").setPermissions(QFile::ReadOwner | QFile::ExeOwner);
        QProcess submit;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PATH", bin + ":" + env.value("PATH"));
        submit.setProcessEnvironment(env);
        submit.start(QStringLiteral(SCHEDLAB_CLI),
                     options + QStringList{"--out", dir.filePath("submitted"), "--slurm"});
        QVERIFY(submit.waitForFinished(120000));
        QVERIFY2(submit.exitCode() == 0, submit.readAllStandardError().constData());
        const QString submitted = dir.filePath("submitted");
        QCOMPARE(readAll(dir.filePath("called")), "--parsable " + submitted.toUtf8() +
                                                      "/slurm/train.sbatch\n--parsable "
                                                      "--dependency=afterok:101 " +
                                                      submitted.toUtf8() + "/slurm/job.sbatch\n");
        QVERIFY(submit.readAllStandardOutput().contains("submitted job 102: 2 tasks"));

        QVERIFY(runTasks(out, {1}) == false); // its model is not trained yet
        for (const char *model : {"0", "1"})
            QVERIFY2(cli({"run-task", out, "--model", model}).exitCode == 0, model);
        QVERIFY(QFile::exists(out + "/models/1.ckpt"));
        QVERIFY(runTasks(out, {0, 1}));
        const Result m = cli({"merge", out});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        const Result l = cli(options + QStringList{"--out", local + "/"});
        QVERIFY2(l.exitCode == 0, l.err.constData());
        for (const char *f : {"sweep.csv", "sweep-runs.csv", "sweep.json"})
            QVERIFY2(readAll(out + "/" + f) == readAll(local + "/" + f), f);
    }

    void reproduceRunsEachPresetAsAJobArray()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("cluster"), local = dir.filePath("local");
        const Result p = cli({"reproduce", "lrs-table1", "--quick", "--out", out, "--slurm",
                              "--dry-run", "--cells-per-task", "3"});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        QVERIFY(p.out.contains("#SBATCH --array=0-2\n"));
        QVERIFY(
            p.out.contains(" reproduce lrs-table1 --quick --out " + out.toUtf8() + " --merge\n"));
        QVERIFY(!QFile::exists(out + "/report.md"));
        QVERIFY(runTasks(out + "/lrs-table1", {0, 2}));
        const Result partial = cli({"reproduce", "lrs-table1", "--quick", "--out", out, "--merge"});
        QCOMPARE(partial.exitCode, 3);
        QVERIFY2(partial.err.contains("task 1: "), partial.err.constData());
        QVERIFY(runTasks(out + "/lrs-table1", {1}));
        const Result m = cli({"reproduce", "lrs-table1", "--quick", "--out", out, "--merge"});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        QVERIFY(cli({"reproduce", "lrs-table1", "--quick", "--out", local}).exitCode == 0);
        QCOMPARE(readAll(out + "/lrs-table1/sweep.csv"), readAll(local + "/lrs-table1/sweep.csv"));
        // The verdicts are the local run's; only how it ran is said otherwise.
        const QByteArray merged = readAll(out + "/report.md");
        QVERIFY(merged.contains("run as a Slurm job array, merged from its tasks"));
        QCOMPARE(verdictRows(merged), verdictRows(readAll(local + "/report.md")));
        QVERIFY(verdictRows(merged).size() > 3);
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

    void reproducesAGlobalPresetAsAJobArray()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("cluster"), local = dir.filePath("local");
        const Result p = cli({"reproduce", "global-clusters", "--quick", "--out", out, "--slurm",
                              "--dry-run", "--cells-per-task", "4"});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        QVERIFY2(p.out.contains("#SBATCH --array=0-1\n"), p.out.constData());
        QVERIFY(runTasks(out + "/global-clusters", {0, 1}));
        const Result m = cli({"reproduce", "global-clusters", "--quick", "--out", out, "--merge"});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        QVERIFY(cli({"reproduce", "global-clusters", "--quick", "--out", local}).exitCode == 0);
        QCOMPARE(readAll(out + "/global-clusters/sweep.csv"),
                 readAll(local + "/global-clusters/sweep.csv"));
        const QByteArray merged = readAll(out + "/report.md");
        QVERIFY(merged.contains("run as a Slurm job array, merged from its tasks"));
        QCOMPARE(verdictRows(merged), verdictRows(readAll(local + "/report.md")));
        QVERIFY(verdictRows(merged).size() > 2);
    }

    void trainsOneSeedATask()
    {
        QTemporaryDir dir;
        const QString scenario = scenarioIn(dir), out = dir.filePath("cluster");
        const QStringList options = {"train", scenario, "--agent", "gpg", "--episodes", "2"};
        const Result p =
            cli(options + QStringList{"--seed", "5", "--seeds", "3", "--slurm", "--dry-run",
                                      "--out", out, "--array-limit", "2"});
        QVERIFY2(p.exitCode == 0, p.err.constData());
        const QByteArray script = readAll(out + "/slurm/train.sbatch");
        QVERIFY2(p.out.startsWith(script), p.out.constData());
        QVERIFY(script.contains("#SBATCH --array=0-2%2\n"));
        QVERIFY(script.contains("seed=$((5 + SLURM_ARRAY_TASK_ID))\n"));
        // The script as Slurm runs its task 1: seed 6, as `train --seed 6` trains it.
        QProcess task;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("SLURM_ARRAY_TASK_ID", "1");
        task.setProcessEnvironment(env);
        task.start("bash", {out + "/slurm/train.sbatch"});
        QVERIFY(task.waitForFinished(120000));
        QVERIFY2(task.exitCode() == 0, task.readAllStandardError().constData());
        QVERIFY(QFile::exists(out + "/curves/seed-6.db"));
        const QString local = dir.filePath("local.ckpt");
        QVERIFY(cli(options + QStringList{"--seed", "6", "--checkpoint", local}).exitCode == 0);
        QCOMPARE(readAll(out + "/models/seed-6.ckpt"), readAll(local));
        const Result both =
            cli(options + QStringList{"--slurm", "--out", out, "--checkpoint", local});
        QCOMPARE(both.exitCode, 2);
        QVERIFY2(both.err.contains("takes no --checkpoint"), both.err.constData());
        const Result alone = cli(options + QStringList{"--seeds", "3", "--checkpoint", local});
        QCOMPARE(alone.exitCode, 2);
        QVERIFY2(alone.err.contains("--seeds and --out go with --slurm"), alone.err.constData());
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

QTEST_GUILESS_MAIN(TestCluster)
#include "tst_cluster.moc"
