// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing finished is lost: `compare` and `sweep` keep each run in the store as it
// ends, so a SIGKILL keeps what finished before it and `--resume` runs only the
// rest, to the same numbers as an uninterrupted run; SIGINT ends with 130 and says
// so; outputs that cannot be written are refused before any run; output lost on
// standard output is an error.
#include "common/cli.h"
#include "store/experimentstore.h"

#include <QElapsedTimer>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>

using namespace schedlab;

namespace {
const QStringList kCompare = {"compare",    "scenarios/kais-large.yaml",
                              "--dispatch", "greedy,random",
                              "--seeds",    "8",
                              "--duration", "1m",
                              "--jobs",     "2"};

/** A comparison of a few seconds writing its result files into `out`. */
QStringList smallCompare(const QString &out)
{
    return {"compare", "scenarios/tutorial.yaml", "--seeds", "2", "--duration", "20s", "--out",
            out};
}

/** summary.csv without the wall-clock metrics, which differ from run to run. */
QByteArray summaryOf(const QString &folder)
{
    QFile f(folder + "/summary.csv");
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QByteArray out;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (!line.contains("wall_seconds") && !line.contains("sim_requests_per_second") &&
            !line.contains("_time_us_mean"))
            out += line + '\n';
    return out;
}

/** Runs of `status` in the store ("incomplete": left running by another process). */
int runsWith(const QString &db, const char *status)
{
    if (!QFile::exists(db))
        return 0;
    std::string error;
    const auto store = ExperimentStore::open(db.toStdString(), &error);
    if (!store)
        return -1;
    int n = 0;
    for (const RunSummary &run : store->runs())
        n += run.status == status;
    return n;
}

QProcess *startCli(const QStringList &args, QObject *parent)
{
    auto *p = new QProcess(parent);
    p->setWorkingDirectory(QStringLiteral(SCHEDLAB_SOURCE_DIR));
    p->start(QStringLiteral(SCHEDLAB_CLI), args);
    return p;
}
} // namespace

class TestNoLoss : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /** SIGKILL part way: the runs that finished are in the store; --resume runs the rest
     *  and ends with the uninterrupted run's numbers. */
    void aKilledCompareResumesToTheSameNumbers()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("runs.db");
        const auto full = test::cli(kCompare + QStringList{"--out", dir.filePath("full")});
        QVERIFY2(full.exitCode == 0, full.err.constData());

        QProcess *killed = startCli(kCompare + QStringList{"--db", db}, this);
        QTRY_VERIFY_WITH_TIMEOUT(runsWith(db, "complete") >= 2, 60000);
        ::kill(pid_t(killed->processId()), SIGKILL);
        killed->waitForFinished();
        const int kept = runsWith(db, "complete");
        QVERIFY2(kept >= 2 && kept < 16, qPrintable(QString::number(kept)));

        const auto resumed = test::cli(
            kCompare + QStringList{"--db", db, "--resume", "--out", dir.filePath("resumed")});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains(QString("%1 of 16 runs are in").arg(kept).toUtf8()),
                 resumed.err.constData());
        QCOMPARE(summaryOf(dir.filePath("resumed")), summaryOf(dir.filePath("full")));
        QCOMPARE(runsWith(db, "complete"), 16);
        // The killed process's unfinished runs are closed, not left running.
        QCOMPARE(runsWith(db, "incomplete") + runsWith(db, "running"), 0);
    }

    /** Two --resume into one store at once would both run what it lacks: the second
     *  is refused while the first runs, and goes once it has ended, even by SIGKILL. */
    void oneResumeAtATime()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("runs.db");
        QProcess *first = startCli(kCompare + QStringList{"--db", db, "--resume"}, this);
        QTRY_VERIFY_WITH_TIMEOUT(runsWith(db, "complete") >= 1, 60000);
        const auto second = test::cli(kCompare + QStringList{"--db", db, "--resume"});
        QCOMPARE(second.exitCode, 2);
        QVERIFY2(second.err.contains("another process is resuming into"), second.err.constData());
        ::kill(pid_t(first->processId()), SIGKILL);
        first->waitForFinished();
        const auto after = test::cli({"compare", "scenarios/tutorial.yaml", "--seeds", "1",
                                      "--duration", "20s", "--db", db, "--resume"});
        QVERIFY2(after.exitCode == 0, after.err.constData());
    }

    /** A signal before the work starts (here held pending until the program's main)
     *  ends it with 130 like one during the work, for train through its launcher too. */
    void aSignalBeforeTheWorkExits130()
    {
        QTemporaryDir dir;
        const QList<QStringList> commands = {smallCompare(dir.filePath("out")),
                                             {"train", "scenarios/tutorial.yaml", "--agent",
                                              "cmmac", "--episodes", "2", "--checkpoint",
                                              dir.filePath("m.ckpt")}};
        for (const QStringList &args : commands) {
            sigset_t term, before;
            sigemptyset(&term);
            sigaddset(&term, SIGTERM);
            pthread_sigmask(SIG_BLOCK, &term, &before); // the child starts with it blocked
            QProcess *p = startCli(args, this);
            const bool started = p->waitForStarted();
            pthread_sigmask(SIG_SETMASK, &before, nullptr);
            QVERIFY(started);
            ::kill(pid_t(p->processId()), SIGTERM);
            QVERIFY(p->waitForFinished(60000));
            QCOMPARE(p->exitStatus(), QProcess::NormalExit);
            QCOMPARE(p->exitCode(), 130);
        }
        QVERIFY(!QFile::exists(dir.filePath("out")) && !QFile::exists(dir.filePath("m.ckpt")));
    }

    /** Ctrl-C: nothing new starts, the runs in progress end, what finished is kept and
     *  the command says so with exit code 130. */
    void anInterruptKeepsWhatFinished()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("runs.db");
        QProcess *p = startCli(kCompare + QStringList{"--db", db}, this);
        QTRY_VERIFY_WITH_TIMEOUT(runsWith(db, "complete") >= 1, 60000);
        QElapsedTimer timer;
        timer.start();
        ::kill(pid_t(p->processId()), SIGINT);
        QVERIFY(p->waitForFinished(10000));
        QVERIFY(timer.elapsed() < 2000 * SCHEDLAB_SLOWDOWN);
        QCOMPARE(p->exitCode(), 130);
        const QByteArray err = p->readAllStandardError();
        QVERIFY2(err.contains("interrupted: ") && err.contains("--resume"), err.constData());
        QCOMPARE(runsWith(db, "incomplete") + runsWith(db, "running"), 0);
        QVERIFY(runsWith(db, "complete") >= 1);
    }

    /** A place that cannot be written is refused before any run, with exit code 2. */
    void outputsAreCheckedBeforeAnyRun()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath("afile.txt"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("keep me\n");
        file.close();
        const auto out = test::cli(kCompare + QStringList{"--out", file.fileName()});
        QCOMPARE(out.exitCode, 2);
        QVERIFY2(out.err.contains("--out") && out.err.contains("it is a file"),
                 out.err.constData());
        const auto db = test::cli(kCompare + QStringList{"--db", file.fileName()});
        QCOMPARE(db.exitCode, 2);
        QVERIFY2(db.err.contains("afile.txt"), db.err.constData());
        QVERIFY2(out.out.isEmpty() && db.out.isEmpty(), out.out.constData()); // no table: not run
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("keep me\n"));
        const auto resume = test::cli(kCompare + QStringList{"--resume"});
        QCOMPARE(resume.exitCode, 2);
    }

    /** An output that is one of the command's inputs, under any name, is refused
     *  before any work, naming both, and the input stays as it was: the store and its
     *  journal, a comparison folder's files, the scenario. */
    void anOutputNeverOverwritesAnInput()
    {
        QTemporaryDir dir;
        const auto bytes = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(missing)");
        };
        const QString db = dir.filePath("s.db"), folder = dir.filePath("R");
        QCOMPARE(test::cli(smallCompare(folder) + QStringList{"--db", db}).exitCode, 0);
        QVERIFY(QFile::link(db, dir.filePath("link.db")));
        QVERIFY(QDir(dir.path()).mkdir("sub") && QDir(dir.path()).mkdir("S"));
        const QString scenario = dir.filePath("S/summary.json");
        QVERIFY(
            QFile::copy(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"), scenario));
        const QStringList inputs = {db, folder + "/summary.csv", scenario};
        QList<QByteArray> before;
        for (const QString &input : inputs)
            before << bytes(input);
        const QStringList sweep = {"sweep",   "scenarios/tutorial.yaml",
                                   "--param", "workload.requests.rate=2/s,4/s",
                                   "--seeds", "1",
                                   "--out",   dir.filePath("scen")};
        const QList<QPair<QStringList, QString>> refused = {
            {{"export", "--db", db, "--table", "-o", db}, db},
            {{"export", "--db", db, "--table", "-o", dir.filePath("link.db")}, db},
            {{"export", "--db", db, "--table", "-o", dir.filePath("sub/../s.db-wal")}, "s.db-wal"},
            {{"export", folder, "--table", "-o", folder + "/summary.csv"}, "summary.csv"},
            {smallCompare(dir.filePath("R2")) +
                 QStringList{"--db", dir.filePath("R2/summary.json")},
             "R2/summary.json"},
            {sweep + QStringList{"--db", dir.filePath("scen.json")}, "scen.json"},
            {{"compare", scenario, "--seeds", "1", "--out", dir.filePath("S")}, scenario}};
        // `export` is built with the GUI only.
        const bool exports = test::cli({"--help"}).out.contains("\n  export ");
        for (const auto &[args, named] : refused) {
            if (args.front() == "export" && !exports)
                continue;
            const auto r = test::cli(args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(' ') + ": " + r.err));
            QVERIFY2(r.err.contains(named.toUtf8()) && r.err.contains("destroy it"),
                     r.err.constData());
            QVERIFY2(r.out.isEmpty(), r.out.constData());
        }
        QVERIFY(!QFile::exists(dir.filePath("R2")) && !QFile::exists(dir.filePath("scen.json")));
        for (int i = 0; i < inputs.size(); ++i)
            QVERIFY2(bytes(inputs[i]) == before[i], qPrintable(inputs[i]));
        // Beside its input is fine.
        if (exports)
            QCOMPARE(test::cli({"export", folder, "--table", "-o", folder + "/table.tex"}).exitCode,
                     0);
    }

    /** A result file that cannot be replaced leaves the earlier ones whole and is an
     *  error (exit 1), not a silent success. */
    void aFailedWriteKeepsTheEarlierResults()
    {
        QTemporaryDir dir;
        const QStringList small = smallCompare(dir.path());
        QCOMPARE(test::cli(small).exitCode, 0);
        QFile runs(dir.filePath("runs.csv"));
        QVERIFY(runs.open(QIODevice::ReadOnly));
        const QByteArray before = runs.readAll();
        runs.close();
        QVERIFY(before.size() > 100);
        // summary.csv, written first, becomes a folder that a file cannot replace.
        QVERIFY(QFile::remove(dir.filePath("summary.csv")));
        QVERIFY(QDir(dir.path()).mkpath("summary.csv/keep"));
        const auto r = test::cli(small);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("summary.csv"), r.err.constData());
        QVERIFY(runs.open(QIODevice::ReadOnly));
        QCOMPARE(runs.readAll(), before);
    }

    /** A full disk (here a file size limit: writes past it fail as on a full disk)
     *  keeps the earlier set of result files as it was and leaves no temporary file. */
    void aFullDiskKeepsTheEarlierResults()
    {
        QTemporaryDir dir;
        const QStringList small = smallCompare(dir.path());
        QCOMPARE(test::cli(small).exitCode, 0);
        QMap<QString, QByteArray> before;
        for (const QString &name : QDir(dir.path()).entryList(QDir::Files)) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            before[name] = f.readAll();
        }
        QVERIFY(before.size() == 5 && before["cdf.csv"].size() > 4000);

        const auto limited = [](const QStringList &args) {
            QProcess p;
            p.setWorkingDirectory(QStringLiteral(SCHEDLAB_SOURCE_DIR));
            p.setChildProcessModifier([] {
                ::signal(SIGXFSZ, SIG_IGN); // a write past the limit fails instead
                const rlimit limit{12000, 12000};
                ::setrlimit(RLIMIT_FSIZE, &limit);
            });
            p.start(QStringLiteral(SCHEDLAB_CLI), args);
            p.waitForFinished(120000);
            return test::CliResult{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                                   p.readAllStandardOutput(), p.readAllStandardError()};
        };
        const auto r = limited(small + QStringList{"--dispatch", "greedy,random,round-robin"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("cannot write"), r.err.constData());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList(before.keys()));
        for (auto it = before.begin(); it != before.end(); ++it) {
            QFile f(dir.filePath(it.key()));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(f.readAll() == it.value(), qPrintable(it.key()));
        }
    }

    /** A reader never makes or converts a store: export --db on an empty or foreign
     *  file refuses it and leaves it as it was. */
    void readersNeverWrite()
    {
        QTemporaryDir dir;
        QFile empty(dir.filePath("empty.db")), foreign(dir.filePath("notes.db"));
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.close();
        QVERIFY(foreign.open(QIODevice::WriteOnly));
        foreign.write(QByteArray(600, 'x'));
        foreign.close();
        for (QFile *f : {&empty, &foreign}) {
            const QByteArray before = [&] {
                f->open(QIODevice::ReadOnly);
                const QByteArray b = f->readAll();
                f->close();
                return b;
            }();
            const auto r =
                test::cli({"export", "--db", f->fileName(), "-o", dir.filePath("x.pdf")});
            QVERIFY2(r.exitCode != 0, r.out.constData());
            QVERIFY(f->open(QIODevice::ReadOnly));
            QCOMPARE(f->readAll(), before);
            f->close();
            QVERIFY(!QFile::exists(f->fileName() + "-wal"));
        }
    }

    /** A trace that is missing or a device is said up front, never read forever. */
    void specialTraceFilesAreRefused()
    {
        QFile source(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/kais-testbed.yaml"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray text = source.readAll();
        const QByteArray trace = "../data/traces/alibaba-2017-batch-task.csv";
        QVERIFY(text.contains(trace));
        QTemporaryDir dir;
        for (const QByteArray &path : {QByteArray("nowhere.csv"), QByteArray("/dev/zero")}) {
            const QString file = dir.filePath("s.yaml");
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(QByteArray(text).replace(trace, path));
            out.close();
            const auto validate = test::cli({"validate", file});
            QCOMPARE(validate.exitCode, 2);
            QVERIFY2(
                QString::fromUtf8(validate.err)
                    .contains(QRegularExpression(R"(s\.yaml:\d+:\d+: workload\.requests\.path)")),
                validate.err.constData());
            QElapsedTimer timer;
            timer.start();
            const auto run = test::cli({"run", file, "--duration", "10s"});
            QVERIFY(run.exitCode != 0);
            QVERIFY(timer.elapsed() < 20000);
        }
    }

    /** Absurd counts are refused before anything is allocated, naming the range. */
    void absurdCountsAreRefused()
    {
        for (const QStringList &extra :
             {QStringList{"--seeds", "1000000000"}, QStringList{"--seeds", "0"},
              QStringList{"--jobs", "-1"}}) {
            const auto r = test::cli(QStringList{"compare", "scenarios/tutorial.yaml"} + extra);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(extra.front().toUtf8() + " ") && r.err.contains("give "),
                     r.err.constData());
        }
    }

    /** Arguments CLI11 would bend into something else are refused, naming the option. */
    void oddArgumentsAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        const QStringList run = {"run", "scenarios/tutorial.yaml", "--duration", "5s"};
        QTest::newRow("negative seed") << run + QStringList{"--seed", "-1"} << "--seed";
        QTest::newRow("seed past 2^64")
            << run + QStringList{"--seed", "18446744073709551616"} << "--seed";
        QTest::newRow("empty dispatch") << run + QStringList{"--dispatch", ""} << "--dispatch";
        QTest::newRow("empty item in a list")
            << QStringList{"compare", "scenarios/tutorial.yaml", "--dispatch", "greedy,"}
            << "--dispatch";
        QTest::newRow("zero episodes") << QStringList{"train",        "scenarios/tutorial.yaml",
                                                      "--agent",      "kais",
                                                      "--episodes",   "0",
                                                      "--checkpoint", "/tmp/never.ckpt"}
                                       << "--episodes";
    }
    void oddArgumentsAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        const auto r = test::cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(says.toUtf8()), r.err.constData());
    }

    /** A device or a pipe named as the scenario is refused, never read until memory or
     *  patience runs out. */
    void specialScenarioFilesAreRefused()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("pipe.yaml");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        for (const QString &path : {QString("/dev/zero"), fifo}) {
            QElapsedTimer timer;
            timer.start();
            const auto r = test::cli({"validate", path});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("not a regular file"), r.err.constData());
            QVERIFY(timer.elapsed() < 20000);
        }
    }

    /** Standard output that cannot be written is an error, not exit 0, for every command. */
    void aFullStandardOutputIsAnError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("compare") << QStringList{
            "compare", "scenarios/tutorial.yaml", "--seeds", "1", "--duration", "10s"};
        QTest::newRow("validate") << QStringList{"validate", "scenarios/tutorial.yaml"};
        QTest::newRow("list-policies") << QStringList{"list-policies"};
        QTest::newRow("help") << QStringList{"--help"};
    }
    void aFullStandardOutputIsAnError()
    {
        QFETCH(QStringList, args);
        if (!QFileInfo("/dev/full").exists())
            QSKIP("no /dev/full");
        QProcess p;
        p.setWorkingDirectory(QStringLiteral(SCHEDLAB_SOURCE_DIR));
        p.setStandardOutputFile("/dev/full");
        p.start(QStringLiteral(SCHEDLAB_CLI), args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("cannot write the output"));
    }

    /** An output file that is a device is written as one (a failure is said), never
     *  replaced by a plain file; a link's file is replaced, the link kept. */
    void outputsThroughDevicesAndLinks()
    {
        QTemporaryDir dir;
        const QString csv = QStringLiteral(SCHEDLAB_TEST_DATA "/traces/alibaba-2017-sample.csv");
        const QStringList import = {"import-trace", "--format", "alibaba-2017", csv, "--out"};
        if (QFileInfo("/dev/full").exists()) {
            const auto full = test::cli(import + QStringList{"/dev/full"});
            QCOMPARE(full.exitCode, 1);
            QVERIFY2(full.err.contains("No space left"), full.err.constData());
            struct stat info
            {
            };
            QCOMPARE(::stat("/dev/full", &info), 0);
            QVERIFY(S_ISCHR(info.st_mode));
        }
        QCOMPARE(test::cli(import + QStringList{"/dev/null"}).exitCode, 0);
        const QString target = dir.filePath("tasks.csv");
        const QString link = dir.filePath("link.csv");
        QVERIFY(QFile(target).open(QIODevice::WriteOnly));
        QVERIFY(QFile::link(target, link));
        QCOMPARE(test::cli(import + QStringList{link}).exitCode, 0);
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(QFileInfo(target).size() > 0);
    }

    /** A folder given as a checkpoint is a message, not an abort. */
    void aFolderAsCheckpointIsRefused()
    {
        QTemporaryDir dir;
        const auto r = test::cli(
            {"compare", "scenarios/tutorial.yaml", "--seeds", "1", "--checkpoint", dir.path()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("cannot read the checkpoint"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestNoLoss)
#include "tst_noloss.moc"
