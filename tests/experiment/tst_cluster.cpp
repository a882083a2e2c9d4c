// SPDX-License-Identifier: GPL-3.0-or-later
// sweep, compare, train and reproduce --slurm without Slurm: the job script a plan
// writes, what goes into it, and its tasks run by hand with run-task.
#include "experiment/clusterplan.h"
#include "experiment/storedcomparison.h"
#include "store/experimentstore.h"

#include "common/clustertest.h"

#include <QtTest>

using namespace schedlab::test::cluster;

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
};

QTEST_GUILESS_MAIN(TestCluster)
#include "tst_cluster.moc"
