// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/experimentstore.h"
#include "store/schema.h"

#include <QtTest>

#include <sqlite3.h>
#include <unistd.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

using namespace schedlab;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/** Runs one SQL statement on a raw connection; returns the first column of the first row. */
QString rawQuery(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    QString out;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) ==
        SQLITE_OK) {
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
            out = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(st, 0)));
        else if (!st || sqlite3_errcode(db) != SQLITE_DONE)
            out = QStringLiteral("error: ") + QString::fromUtf8(sqlite3_errmsg(db));
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
}

std::uint64_t bits(double v)
{
    return std::bit_cast<std::uint64_t>(v);
}

/** Bit-exact, except that every NaN matches every NaN (SQLite stores NaN as NULL). */
bool sameDouble(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || bits(a) == bits(b);
}

const std::string kYaml = "name: tiny\nsites:\n  - kind: edge\n    nodes: 2\n";

std::unique_ptr<ExperimentStore> openOk(const QString &path)
{
    std::string error;
    auto store = ExperimentStore::open(path.toStdString(), &error);
    if (!store)
        qWarning("open failed: %s", error.c_str());
    return store;
}

RunRecord record(std::int64_t scenarioId, std::uint64_t seed)
{
    RunRecord r;
    r.scenarioId = scenarioId;
    r.seed = seed;
    r.policies = {{"dispatch", "greedy"}, {"dequeue", "fifo"}, {"orchestration", "static"}};
    r.attributes = {{"repetition", "0"}, {"note", "ünïcode ✓"}};
    r.buildVersion = "0.1.0-test";
    return r;
}

} // namespace

class TestExperimentStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString dbPath(const char *name) const { return mDir.filePath(QString::fromUtf8(name)); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(mDir.isValid()); }

    void createsSchema()
    {
        const QString path = dbPath("create.db");
        QVERIFY(!QFile::exists(path));
        {
            auto store = openOk(path);
            QVERIFY(store);
            QCOMPARE(QString::fromStdString(store->path()), path);
            QVERIFY(store->runs().empty());
            QVERIFY(store->lastError().empty());
            QVERIFY(store->checkIntegrity());
        }
        QVERIFY(QFile::exists(path));
        QCOMPARE(rawQuery(path, "PRAGMA journal_mode"), QStringLiteral("wal"));
        QCOMPARE(rawQuery(path, "SELECT max(version) FROM schema_version"),
                 QString::number(schema::kCurrentVersion));
        QCOMPARE(rawQuery(path, "PRAGMA application_id"), QString::number(0x534C4142));
        for (const char *table :
             {"scenario", "run", "run_policy", "run_attr", "scalar", "vector", "vector_data",
              "training_session", "training_point", "checkpoint", "sweep", "sweep_point"}) {
            const QByteArray sql =
                QByteArray("SELECT count(*) FROM sqlite_schema WHERE type='table' AND name='") +
                table + "'";
            QVERIFY2(rawQuery(path, sql.constData()) == QStringLiteral("1"), table);
        }
    }

    /** A store in a folder SQLite may not write is named as not writable, not as
     *  unreadable; a reader still opens it. */
    void aStoreThatCannotBeWrittenIsSaidSo()
    {
        if (::geteuid() == 0)
            QSKIP("permissions do not stop root");
        const QString folder = dbPath("readonly");
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + "/runs.db";
        QVERIFY(openOk(path));
        QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner));
        std::string error;
        QVERIFY(!ExperimentStore::open(path.toStdString(), &error));
        QVERIFY2(error.find("cannot be written") != std::string::npos, error.c_str());
        QVERIFY(ExperimentStore::openForReading(path.toStdString(), &error));
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    void migratesEmptyFile()
    {
        const QString path = dbPath("empty.db");
        QVERIFY(writeAll(path, QByteArray()));
        auto store = openOk(path);
        QVERIFY(store);
        QVERIFY(store->addScenario("s", kYaml) > 0);
        store.reset();
        QCOMPARE(rawQuery(path, "SELECT max(version) FROM schema_version"),
                 QString::number(schema::kCurrentVersion));
    }

    void deduplicatesScenarios()
    {
        auto store = openOk(dbPath("dedup.db"));
        QVERIFY(store);
        const std::int64_t a = store->addScenario("tiny", kYaml);
        QVERIFY(a > 0);
        QCOMPARE(store->addScenario("tiny", kYaml), a);
        QCOMPARE(store->addScenario("renamed", kYaml), a); // same content, same scenario
        const std::int64_t b = store->addScenario("tiny", kYaml + "# changed\n");
        QVERIFY(b > 0);
        QVERIFY(b != a);
        const std::int64_t empty = store->addScenario("empty", "");
        QVERIFY(empty > 0);
        QCOMPARE(store->addScenario("empty", ""), empty);
        QCOMPARE(store->scenarioYaml(a).value_or("?"), kYaml);
        QCOMPARE(store->scenarioYaml(empty).value_or("?"), std::string());
        QVERIFY(!store->scenarioYaml(9999));
        QVERIFY(!store->lastError().empty());
    }

    void runRoundTrip_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("statusName");
        QTest::addRow("seed 0 complete") << quint64(0) << int(RunStatus::Complete) << "complete";
        QTest::addRow("seed 1 failed") << quint64(1) << int(RunStatus::Failed) << "failed";
        QTest::addRow("seed 2^63 cancelled")
            << (quint64(1) << 63) << int(RunStatus::Cancelled) << "cancelled";
        QTest::addRow("seed max complete")
            << std::numeric_limits<quint64>::max() << int(RunStatus::Complete) << "complete";
    }

    void runRoundTrip()
    {
        QFETCH(quint64, seed);
        QFETCH(int, status);
        QFETCH(QString, statusName);
        auto store = openOk(dbPath("runs.db"));
        QVERIFY(store);
        const std::int64_t scenario = store->addScenario("tiny", kYaml);
        const RunRecord rec = record(scenario, seed);
        const std::int64_t id = store->beginRun(rec);
        QVERIFY2(id > 0, store->lastError().c_str());

        std::optional<RunSummary> begun = store->run(id);
        QVERIFY(begun);
        QCOMPARE(begun->status, std::string("running")); // begun by this process
        QVERIFY(begun->finishedAt.empty());
        QVERIFY(begun->scalars.empty());

        const std::map<std::string, double> scalars{
            {"throughput", 0.8125}, {"p99", 1.0 / 3.0}, {"drops", 17.0}};
        QVERIFY2(store->finishRun(id, scalars, RunStatus(status)), store->lastError().c_str());

        const std::optional<RunSummary> r = store->run(id);
        QVERIFY(r);
        QCOMPARE(r->id, id);
        QCOMPARE(r->scenarioId, scenario);
        QCOMPARE(r->scenarioName, std::string("tiny"));
        QCOMPARE(r->seed, std::uint64_t(seed));
        QCOMPARE(r->status, statusName.toStdString());
        QVERIFY(r->policies == rec.policies);
        QVERIFY(r->attributes == rec.attributes);
        QCOMPARE(r->buildVersion, rec.buildVersion);
        QVERIFY(r->scalars == scalars);
        const QRegularExpression iso(QStringLiteral(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$)"));
        QVERIFY(iso.match(QString::fromStdString(r->startedAt)).hasMatch());
        QVERIFY(iso.match(QString::fromStdString(r->finishedAt)).hasMatch());
        QVERIFY(r->startedAt <= r->finishedAt);

        const std::vector<RunSummary> all = store->runs();
        QVERIFY(!all.empty());
        QCOMPARE(all.back().id, id);
        QVERIFY(all.back().scalars == scalars);
    }

    void rejectsInvalidTransitions()
    {
        auto store = openOk(dbPath("transitions.db"));
        QVERIFY(store);
        const std::int64_t scenario = store->addScenario("tiny", kYaml);

        QCOMPARE(store->beginRun(record(424242, 1)), std::int64_t(-1)); // foreign key
        QVERIFY(store->lastError().find("no scenario") != std::string::npos);

        const std::int64_t id = store->beginRun(record(scenario, 1));
        QVERIFY(id > 0);
        QVERIFY(!store->finishRun(id, {}, RunStatus::Running));
        QVERIFY(!store->appendVector(id, "v", {1.0, 2.0}, {1.0}));
        QVERIFY(store->lastError().find("x has 2 values") != std::string::npos);
        QVERIFY(store->finishRun(id, {{"a", 1.0}}, RunStatus::Complete));
        QVERIFY(store->lastError().empty());
        QVERIFY(!store->finishRun(id, {{"a", 2.0}}, RunStatus::Failed));
        QVERIFY(store->lastError().find("already complete") != std::string::npos);
        QVERIFY(!store->appendVector(id, "v", {1.0}, {1.0}));
        QCOMPARE(store->run(id)->scalars.at("a"), 1.0); // the refused finish changed nothing
        QVERIFY(!store->finishRun(999999, {}, RunStatus::Complete));
        QVERIFY(store->lastError().find("no run with id 999999") != std::string::npos);
        QVERIFY(!store->run(999999));
        QVERIFY(!store->lastError().empty());
        QVERIFY(store->vector(999999, "v").empty());
    }

    void doublesAreBitExact_data()
    {
        QTest::addColumn<double>("value");
        using L = std::numeric_limits<double>;
        QTest::addRow("zero") << 0.0;
        QTest::addRow("negative zero") << -0.0;
        QTest::addRow("one third") << 1.0 / 3.0;
        QTest::addRow("0.1") << 0.1;
        QTest::addRow("-pi") << -3.141592653589793;
        QTest::addRow("2^60 (integral)") << std::ldexp(1.0, 60);
        QTest::addRow("-2^63 (integral)") << -std::ldexp(1.0, 63);
        QTest::addRow("2^64 (integral, beyond int64)") << std::ldexp(1.0, 64);
        QTest::addRow("1e300") << 1e300;
        QTest::addRow("max") << L::max();
        QTest::addRow("lowest") << L::lowest();
        QTest::addRow("min normal") << L::min();
        QTest::addRow("denormal") << L::denorm_min();
        QTest::addRow("-denormal") << -L::denorm_min();
        QTest::addRow("epsilon") << L::epsilon();
        QTest::addRow("1+epsilon") << 1.0 + L::epsilon();
        QTest::addRow("+inf") << L::infinity();
        QTest::addRow("-inf") << -L::infinity();
        QTest::addRow("nan") << L::quiet_NaN();
    }

    void doublesAreBitExact()
    {
        QFETCH(double, value);
        auto store = openOk(dbPath("doubles.db"));
        QVERIFY(store);
        const std::int64_t id = store->beginRun(record(store->addScenario("tiny", kYaml), 7));
        QVERIFY(id > 0);
        QVERIFY(store->appendVector(id, "v", {value, -1.0}, {2.5, value}));
        QVERIFY(store->finishRun(id, {{"s", value}}, RunStatus::Complete));
        store.reset();

        store = openOk(dbPath("doubles.db")); // from the file, not from a cache
        QVERIFY(store);
        const auto points = store->vector(id, "v");
        QCOMPARE(points.size(), std::size_t(2));
        QVERIFY(sameDouble(points[0].first, value));
        QVERIFY(sameDouble(points[1].second, value));
        QVERIFY(sameDouble(points[0].second, 2.5));
        const double s = store->run(id)->scalars.at("s");
        QVERIFY2(sameDouble(s, value), qPrintable(QString::number(bits(s), 16)));
    }

    void vectorsAppendInOrder_data()
    {
        QTest::addColumn<QList<int>>("chunks");
        QTest::addRow("empty") << QList<int>{0};
        QTest::addRow("one point per call") << QList<int>{1, 1, 1, 1, 1};
        QTest::addRow("exact batch") << QList<int>{64};
        QTest::addRow("batches and remainder") << QList<int>{1000, 3, 129};
        QTest::addRow("large") << QList<int>{50000};
    }

    void vectorsAppendInOrder()
    {
        QFETCH(QList<int>, chunks);
        auto store = openOk(dbPath("vectors.db"));
        QVERIFY(store);
        const std::int64_t id = store->beginRun(record(store->addScenario("tiny", kYaml), 1));
        std::vector<std::pair<double, double>> expected;
        for (int n : chunks) {
            std::vector<double> x, y;
            for (int i = 0; i < n; ++i) {
                const double t = double(expected.size());
                x.push_back(t * 0.25);
                y.push_back(std::sin(t) * 1e-3);
                expected.emplace_back(x.back(), y.back());
            }
            QVERIFY2(store->appendVector(id, "signal", x, y), store->lastError().c_str());
        }
        QVERIFY(store->appendVector(id, "other", {1.0}, {2.0}));
        QVERIFY(store->vector(id, "signal") == expected);
        QVERIFY(store->vector(id, "missing").empty());
        QVERIFY(store->lastError().empty());
        QVERIFY((store->vectorNames(id) == std::vector<std::string>{"other", "signal"}));
    }

    void reopenKeepsEverything()
    {
        const QString path = dbPath("reopen.db");
        std::int64_t done = -1, open = -1, scenario = -1;
        {
            auto store = openOk(path);
            QVERIFY(store);
            scenario = store->addScenario("tiny", kYaml);
            done = store->beginRun(record(scenario, 11));
            QVERIFY(store->appendVector(done, "v", {1, 2, 3}, {4, 5, 6}));
            QVERIFY(store->finishRun(done, {{"x", 42.0}}, RunStatus::Complete));
            open = store->beginRun(record(scenario, 12));
            QVERIFY(open > done);
        }
        auto store = openOk(path);
        QVERIFY(store);
        QCOMPARE(store->addScenario("tiny", kYaml), scenario);
        const auto all = store->runs();
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all[0].status, std::string("complete"));
        QCOMPARE(all[0].scalars.at("x"), 42.0);
        // Begun by this same process (through another store object): still running.
        QCOMPARE(all[1].status, std::string("running"));
        QCOMPARE(store->vector(done, "v").size(), std::size_t(3));
        QVERIFY(store->finishRun(open, {}, RunStatus::Failed));
        QCOMPARE(store->run(open)->status, std::string("failed"));
    }

    void refusesForeignFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("reason");
        QByteArray garbage(8192, '\0');
        quint32 state = 12345;
        for (char &c : garbage) {
            state = state * 1664525u + 1013904223u;
            c = char(state >> 24);
        }
        QTest::addRow("random bytes") << garbage << "not an SQLite database";
        QTest::addRow("short text") << QByteArray("hello, world\n") << "not an SQLite database";
        QByteArray fakeHeader = garbage;
        std::memcpy(fakeHeader.data(), "SQLite format 3\0", 16);
        QTest::addRow("SQLite magic, garbage after") << fakeHeader << "";
        QByteArray plausible = fakeHeader; // a header that passes our checks; SQLite refuses
        plausible[16] = 0x10;              // page size 4096
        plausible[17] = 0x00;
        plausible[18] = plausible[19] = 0x01;
        plausible[21] = 64; // the payload fractions
        plausible[22] = plausible[23] = 32;
        QTest::addRow("SQLite magic, page size 4096, garbage after")
            << plausible << "cannot be read as an SQLite database";
        QByteArray badPage = fakeHeader;
        badPage[16] = 0x03; // page size 0x03xx: not a power of two
        badPage[17] = 0x00;
        QTest::addRow("SQLite magic, bad page size") << badPage << "corrupt";
    }

    /** A store with a damaged page is refused before anything is written to it, and
     *  stays as it was. */
    void refusesDamagedStore()
    {
        const QString path = dbPath("damaged.db");
        {
            auto store = openOk(path);
            QVERIFY(store);
            const auto scenario = store->addScenario("tiny", kYaml);
            for (std::uint64_t seed = 0; seed < 20; ++seed) {
                const auto run = store->beginRun(record(scenario, seed));
                std::vector<double> x(500, double(seed)), y(500, 1.5);
                QVERIFY(store->appendVector(run, "v", x, y));
                QVERIFY(store->finishRun(run, {{"x", 1.0}}, RunStatus::Complete));
            }
        }
        QByteArray bytes = readAll(path);
        const int pageSize = (quint8(bytes[16]) << 8) | quint8(bytes[17]);
        QVERIFY(pageSize >= 512 && bytes.size() / pageSize > 8);
        const int page = int(bytes.size() / pageSize) / 2;
        bytes.replace(page * pageSize, pageSize, QByteArray(pageSize, '\0'));
        QVERIFY(writeAll(path, bytes));
        std::string error;
        QVERIFY(!ExperimentStore::open(path.toStdString(), &error));
        QVERIFY2(QString::fromStdString(error).contains(path + " is damaged"), error.c_str());
        QCOMPARE(readAll(path), bytes);
    }

    void refusesForeignFiles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        const QString path = dbPath("foreign.db");
        QVERIFY(writeAll(path, bytes));
        std::string error;
        QVERIFY(!ExperimentStore::open(path.toStdString(), &error));
        qInfo("refused: %s", error.c_str());
        QVERIFY2(QString::fromStdString(error).contains(path), error.c_str());
        QVERIFY2(QString::fromStdString(error).contains(reason), error.c_str());
        QCOMPARE(readAll(path), bytes);
        QVERIFY(!QFile::exists(path + "-journal"));
    }

    void refusesOtherDatabases_data()
    {
        QTest::addColumn<QByteArrayList>("sql");
        QTest::addColumn<QString>("reason");
        QTest::addRow("another program's tables")
            << QByteArrayList{"CREATE TABLE people (name TEXT)",
                              "INSERT INTO people VALUES ('ada')"}
            << "not a SchedLab experiment store";
        QTest::addRow("another application id")
            << QByteArrayList{"PRAGMA application_id = 1234"} << "another application";
        QTest::addRow("truncated store") << QByteArrayList{"truncate"} << "truncated";
        QTest::addRow("damaged schema page")
            << QByteArrayList{"damage"} << "cannot be read as an SQLite database";
        // SQLite opens a file of a newer write version read-only: not "cannot be written".
        QTest::addRow("damaged header byte")
            << QByteArrayList{"header"} << "is damaged (its header's bytes 18-23 are 7 ";
    }

    void refusesOtherDatabases()
    {
        QFETCH(QByteArrayList, sql);
        QFETCH(QString, reason);
        const QString path = dbPath("other.db");
        QFile::remove(path);
        if (sql.front() == "truncate" || sql.front() == "damage" || sql.front() == "header") {
            {
                auto store = openOk(path);
                QVERIFY(store);
                const std::int64_t id = store->beginRun(record(store->addScenario("t", kYaml), 1));
                QVERIFY(store->appendVector(id, "v", std::vector<double>(20000, 1.5),
                                            std::vector<double>(20000, 2.5)));
            } // the last close checkpoints the WAL into the file and removes it
            QVERIFY(!QFile::exists(path + "-wal"));
            QByteArray bytes = readAll(path);
            QVERIFY(bytes.size() > 3 * 4096);
            if (sql.front() == "truncate") {
                bytes.truncate(bytes.size() / 2);
            } else if (sql.front() == "header") {
                bytes[18] = 7;
            } else {
                for (int i = 100; i < 4096; ++i) // page 1 after the header: sqlite_schema
                    bytes[i] = char(i * 37 + 11);
            }
            QVERIFY(writeAll(path, bytes));
        } else {
            sqlite3 *db = nullptr;
            QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
            for (const QByteArray &s : sql)
                QCOMPARE(sqlite3_exec(db, s.constData(), nullptr, nullptr, nullptr), SQLITE_OK);
            sqlite3_close(db);
        }
        const QByteArray before = readAll(path);
        std::string error;
        QVERIFY(!ExperimentStore::open(path.toStdString(), &error));
        qInfo("refused: %s", error.c_str());
        QVERIFY2(QString::fromStdString(error).contains(path), error.c_str());
        QVERIFY2(QString::fromStdString(error).contains(reason), error.c_str());
        QCOMPARE(readAll(path), before);
    }

    void refusesNewerSchema()
    {
        const QString path = dbPath("newer.db");
        {
            auto store = openOk(path);
            QVERIFY(store);
            QVERIFY(store->addScenario("tiny", kYaml) > 0);
        }
        const QString newer = QString::number(schema::kCurrentVersion + 1);
        QCOMPARE(rawQuery(path, QByteArray("INSERT INTO schema_version VALUES (" + newer.toUtf8() +
                                           ", '2099-01-01T00:00:00Z') RETURNING version")
                                    .constData()),
                 newer);
        QVERIFY(!QFile::exists(path + "-wal")); // checkpointed by the raw connection's close
        const QByteArray before = readAll(path);
        std::string error;
        QVERIFY(!ExperimentStore::open(path.toStdString(), &error));
        qInfo("refused: %s", error.c_str());
        const QString message = QString::fromStdString(error);
        QVERIFY2(message.contains(path), error.c_str());
        QVERIFY2(message.contains(QStringLiteral("version ") + newer), error.c_str());
        QCOMPARE(readAll(path), before);
        QCOMPARE(rawQuery(path, "SELECT max(version) FROM schema_version"), newer);
    }

    void refusesUnopenablePaths()
    {
        std::string error;
        QVERIFY(!ExperimentStore::open(mDir.filePath("no/such/dir/x.db").toStdString(), &error));
        QVERIFY2(error.find("no/such/dir/x.db") != std::string::npos, error.c_str());
        QVERIFY(!ExperimentStore::open(mDir.path().toStdString(), &error));
        QVERIFY2(error.find("not a regular file") != std::string::npos, error.c_str());
        QVERIFY(!ExperimentStore::open(mDir.path().toStdString(), nullptr)); // no crash
    }

    void checkpointsAndTrainingCurves()
    {
        auto store = openOk(dbPath("learn.db"));
        QVERIFY(store);
        const std::int64_t session = store->beginTrainingSession("cmmac", -1);
        QVERIFY2(session > 0, store->lastError().c_str());
        QVERIFY(store->appendTrainingPoint(session, 0, {{"reward", -1.5}, {"loss", 2.0}}));
        QVERIFY(store->appendTrainingPoint(session, 2, {{"reward", -0.5}}));
        QVERIFY(store->appendTrainingPoint(session, 1, {{"reward", -1.0}}));
        QVERIFY(store->appendTrainingPoint(session, 1, {{"reward", -0.75}})); // replaces
        QVERIFY(!store->appendTrainingPoint(999, 0, {{"reward", 1.0}}));
        const auto curve = store->trainingCurve(session, "reward");
        const std::vector<std::pair<std::int64_t, double>> expected{
            {0, -1.5}, {1, -0.75}, {2, -0.5}};
        QVERIFY(curve == expected);
        QCOMPARE(store->trainingCurve(session, "loss").size(), std::size_t(1));
        QVERIFY(store->beginTrainingSession("ppo", -1) > session);
        const auto sessions = store->trainingSessions();
        QCOMPARE(sessions.size(), std::size_t(2));
        QCOMPARE(sessions[0].id, session);
        QCOMPARE(sessions[0].name, std::string("cmmac"));
        QCOMPARE(sessions[0].scenarioId, std::int64_t(-1));
        QVERIFY(!sessions[0].startedAt.empty());
        QVERIFY((sessions[0].metrics == std::vector<std::string>{"loss", "reward"}));
        QCOMPARE(sessions[1].name, std::string("ppo"));
        QVERIFY(sessions[1].metrics.empty());

        QVERIFY(!store->checkpointExists("actor"));
        QVERIFY(!store->loadCheckpoint("actor"));
        std::vector<std::uint8_t> blob(100000);
        for (std::size_t i = 0; i < blob.size(); ++i)
            blob[i] = std::uint8_t(i * 31 + 7);
        QVERIFY(store->saveCheckpoint("actor", blob, 3, session));
        QVERIFY(store->checkpointExists("actor"));
        auto c = store->loadCheckpoint("actor");
        QVERIFY(c);
        QCOMPARE(c->formatVersion, 3);
        QVERIFY(c->data == blob);
        QVERIFY(store->saveCheckpoint("actor", {}, 4)); // replace with an empty blob
        c = store->loadCheckpoint("actor");
        QVERIFY(c);
        QCOMPARE(c->formatVersion, 4);
        QVERIFY(c->data.empty());
    }
};

QTEST_GUILESS_MAIN(TestExperimentStore)
#include "tst_experimentstore.moc"
