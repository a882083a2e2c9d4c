// SPDX-License-Identifier: GPL-3.0-or-later
// Processes killed while writing, and processes writing one file at once.
#include "store/experimentstore.h"

#include <QtTest>

#include <sqlite3.h>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

using namespace schedlab;

namespace {

const std::string kYaml = "name: crash\nsites: []\n";
constexpr int kFinishedRuns = 3;
constexpr int kChunk = 64; // points per appendVector() in the children

std::map<std::string, double> scalarsFor(int run)
{
    return {{"index", double(run)}, {"third", run / 3.0}, {"negzero", -0.0}};
}

RunRecord recordFor(std::int64_t scenario, int run)
{
    RunRecord r;
    r.scenarioId = scenario;
    r.seed = 1000 + run;
    r.policies = {{"dispatch", "random"}, {"dequeue", "fifo"}};
    r.buildVersion = "test";
    return r;
}

bool appendChunk(ExperimentStore &store, std::int64_t run, const char *name, int chunk)
{
    std::vector<double> x(kChunk), y(kChunk);
    for (int i = 0; i < kChunk; ++i) {
        x[i] = chunk * kChunk + i;
        y[i] = x[i] * 0.5;
    }
    return store.appendVector(run, name, x, y);
}

/**
 * The child: three complete runs, then a fourth that appends forever (mode
 * "append"), or runs begun and finished back to back forever ("churn"). Writes
 * one byte to `ready` once the fourth run is committed. Never returns.
 */
[[noreturn]] void childWriter(const std::string &path, int ready, bool churn)
{
    std::string error;
    auto store = ExperimentStore::open(path, &error);
    if (!store)
        _exit(2);
    const std::int64_t scenario = store->addScenario("crash", kYaml);
    for (int r = 0; r < kFinishedRuns; ++r) {
        const std::int64_t id = store->beginRun(recordFor(scenario, r));
        if (id < 0 || !appendChunk(*store, id, "v", 0) ||
            !store->finishRun(id, scalarsFor(r), RunStatus::Complete))
            _exit(3);
    }
    int run = kFinishedRuns;
    std::int64_t id = store->beginRun(recordFor(scenario, run));
    if (id < 0)
        _exit(4);
    const char byte = 'r';
    if (write(ready, &byte, 1) != 1)
        _exit(5);
    for (int chunk = 0;; ++chunk) {
        if (!appendChunk(*store, id, "v", chunk) || !appendChunk(*store, id, "w", chunk))
            _exit(6);
        if (churn && chunk % 4 == 3) {
            if (!store->finishRun(id, scalarsFor(run), RunStatus::Complete))
                _exit(7);
            id = store->beginRun(recordFor(scenario, ++run));
            if (id < 0)
                _exit(8);
        }
    }
}

/** Waits for `pid` up to `timeout`; kills it if it is still alive then. */
int waitFor(pid_t pid, std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return status;
}

QString integrityCheck(const QString &path)
{
    sqlite3 *db = nullptr;
    QString out;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) ==
        SQLITE_OK) {
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, nullptr) == SQLITE_OK)
            while (sqlite3_step(st) == SQLITE_ROW)
                out +=
                    QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(st, 0)));
        sqlite3_finalize(st);
    }
    if (out.isEmpty())
        out = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_close(db);
    return out;
}

} // namespace

class TestCrashSafety : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir mDir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(mDir.isValid()); }

    void killedWriter_data()
    {
        QTest::addColumn<int>("delayMs");
        QTest::addColumn<bool>("churn");
        for (int delay : {0, 1, 7, 40, 150, 400}) {
            QTest::addRow("append, kill after %d ms", delay) << delay << false;
            QTest::addRow("churn, kill after %d ms", delay) << delay << true;
        }
    }

    void killedWriter()
    {
        QFETCH(int, delayMs);
        QFETCH(bool, churn);
        const QString path = mDir.filePath(
            QStringLiteral("crash-%1-%2.db").arg(delayMs).arg(churn ? "churn" : "append"));
        int pipeFds[2];
        QCOMPARE(pipe(pipeFds), 0);
        const pid_t pid = fork();
        QVERIFY(pid >= 0);
        if (pid == 0) {
            close(pipeFds[0]);
            childWriter(path.toStdString(), pipeFds[1], churn);
        }
        close(pipeFds[1]);
        pollfd pfd{pipeFds[0], POLLIN, 0};
        const int ready = poll(&pfd, 1, 30000);
        char byte = 0;
        const bool gotByte = ready == 1 && read(pipeFds[0], &byte, 1) == 1;
        close(pipeFds[0]);
        if (!gotByte) {
            const int status = waitFor(pid, std::chrono::milliseconds(100));
            QFAIL(qPrintable(
                QStringLiteral("the writer did not reach run 4 (exit status %1)").arg(status)));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
        QCOMPARE(kill(pid, SIGKILL), 0);
        const int status = waitFor(pid, std::chrono::seconds(10));
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
                 qPrintable(QStringLiteral("child ended otherwise: status %1").arg(status)));

        // The WAL is left behind; SQLite recovers it on the next open.
        QCOMPARE(integrityCheck(path), QStringLiteral("ok"));
        std::string error;
        auto store = ExperimentStore::open(path.toStdString(), &error);
        QVERIFY2(store, error.c_str());
        QVERIFY(store->checkIntegrity());
        const std::vector<RunSummary> runs = store->runs();
        QVERIFY(runs.size() >= std::size_t(kFinishedRuns + 1));
        if (!churn)
            QCOMPARE(runs.size(), std::size_t(kFinishedRuns + 1));
        // Every run but the last is complete with all its scalars. The last one was
        // being written when the kill came: incomplete, or in "churn" mode possibly
        // complete when the kill fell between finishRun() and the next beginRun().
        const RunSummary &last = runs.back();
        const bool lastComplete = churn && last.status == "complete";
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const RunSummary &r = runs[i];
            if (&r == &last && !lastComplete)
                break;
            QCOMPARE(r.status, std::string("complete"));
            QCOMPARE(r.seed, std::uint64_t(1000 + i));
            QVERIFY(!r.finishedAt.empty());
            const auto expected = scalarsFor(int(i));
            QCOMPARE(r.scalars.size(), expected.size());
            for (const auto &[name, value] : expected)
                QCOMPARE(std::bit_cast<std::uint64_t>(r.scalars.at(name)),
                         std::bit_cast<std::uint64_t>(value));
        }
        if (!lastComplete) {
            // Its writer is gone: the open above closed the run and said why.
            QCOMPARE(last.status, std::string("cancelled"));
            QVERIFY(last.attributes.at("interrupted").find("ended") != std::string::npos);
            QVERIFY(last.scalars.empty());
        }
        QCOMPARE(last.policies.at("dispatch"), std::string("random"));
        // Each append is one transaction: whole chunks, in order, no gaps (in
        // "churn" mode a run's first chunk number carries on from the run before).
        for (const char *name : {"v", "w"}) {
            const auto points = store->vector(last.id, name);
            QCOMPARE(points.size() % kChunk, std::size_t(0));
            const double first = points.empty() ? 0.0 : points.front().first;
            QVERIFY2(std::fmod(first, double(kChunk)) == 0.0,
                     qPrintable(QStringLiteral("%1 starts at %2 (%3 points)")
                                    .arg(name)
                                    .arg(first)
                                    .arg(points.size())));
            for (std::size_t i = 0; i < points.size(); ++i)
                QVERIFY(points[i].first == first + double(i) &&
                        points[i].second == points[i].first * 0.5);
        }
        // The store stays usable: the dead run is closed already, new runs are added.
        if (!lastComplete)
            QVERIFY(!store->finishRun(last.id, {}, RunStatus::Failed));
        const std::int64_t next = store->beginRun(recordFor(last.scenarioId, 99));
        QVERIFY(next > last.id);
        QVERIFY(store->finishRun(next, {{"ok", 1.0}}, RunStatus::Complete));
    }

    void concurrentWriters_data()
    {
        QTest::addColumn<int>("processes");
        QTest::addColumn<int>("runsEach");
        QTest::addRow("2 x 20") << 2 << 20;
        QTest::addRow("4 x 15") << 4 << 15;
    }

    /** Several processes create and write one new file at once; none may lose a run. */
    void concurrentWriters()
    {
        QFETCH(int, processes);
        QFETCH(int, runsEach);
        const QString path = mDir.filePath(QStringLiteral("shared-%1.db").arg(processes));
        std::vector<pid_t> children;
        for (int p = 0; p < processes; ++p) {
            const pid_t pid = fork();
            QVERIFY(pid >= 0);
            if (pid == 0) {
                std::string error;
                auto store = ExperimentStore::open(path.toStdString(), &error);
                if (!store) {
                    std::fprintf(stderr, "child %d: %s\n", p, error.c_str());
                    _exit(2);
                }
                const std::int64_t scenario = store->addScenario("shared", kYaml);
                for (int r = 0; r < runsEach; ++r) {
                    const std::int64_t id = store->beginRun(recordFor(scenario, p * 1000 + r));
                    bool ok = id >= 0;
                    for (int c = 0; ok && c < 5; ++c)
                        ok = appendChunk(*store, id, "v", c);
                    ok = ok && store->finishRun(id, scalarsFor(r), RunStatus::Complete);
                    if (!ok) {
                        std::fprintf(stderr, "child %d: %s\n", p, store->lastError().c_str());
                        _exit(3);
                    }
                }
                _exit(0);
            }
            children.push_back(pid);
        }
        for (pid_t pid : children) {
            const int status = waitFor(pid, std::chrono::seconds(120));
            QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                     qPrintable(QStringLiteral("writer status %1").arg(status)));
        }
        std::string error;
        auto store = ExperimentStore::open(path.toStdString(), &error);
        QVERIFY2(store, error.c_str());
        const auto runs = store->runs();
        QCOMPARE(int(runs.size()), processes * runsEach);
        std::int64_t scenario = runs.front().scenarioId;
        for (const RunSummary &r : runs) {
            QCOMPARE(r.status, std::string("complete"));
            QCOMPARE(r.scenarioId, scenario); // deduplicated across processes
            QCOMPARE(store->vector(r.id, "v").size(), std::size_t(5 * kChunk));
        }
        QVERIFY(store->checkIntegrity());
    }
};

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crashsafety.moc"
