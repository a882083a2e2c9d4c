// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the --slurm suites share: a plan of the tutorial's sweep and its tasks run by
// hand with run-task, and files compared as the local run writes them.
#include "common/cli.h"

#include <QtTest>

namespace schedlab::test::cluster {
using Result = schedlab::test::CliResult;
using schedlab::test::cli;

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll()
                                       : QByteArray("(cannot read " + path.toUtf8() + ")");
}

inline void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

/** A copy of the tutorial in `dir`: the test may change it after planning. */
inline QString scenarioIn(const QTemporaryDir &dir)
{
    const QString path = dir.filePath("tutorial.yaml");
    QFile::copy(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"), path);
    return path;
}

/** 2 values x 2 policies x 2 seeds: 8 runs of 30 s. */
inline QStringList sweepOptions(const QString &scenario)
{
    return {"sweep",      scenario,        "--param", "workload.requests.rate=2/s,6/s",
            "--dispatch", "greedy,random", "--seeds", "2",
            "--duration", "30s",           "--jobs",  "1"};
}

/** The plan's 8 runs in 4 tasks of 2. */
inline Result plan(const QString &scenario, const QString &out)
{
    return cli(sweepOptions(scenario) +
               QStringList{"--out", out, "--slurm", "--dry-run", "--cells-per-task", "2"});
}

inline bool runTasks(const QString &out, const QList<int> &tasks)
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
inline QByteArray withoutWallClock(const QByteArray &csv)
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
inline QByteArrayList verdictRows(const QByteArray &report)
{
    QByteArrayList rows;
    for (const QByteArray &line : report.split('\n'))
        if (line.startsWith('|'))
            rows << line;
    return rows;
}
} // namespace schedlab::test::cluster
