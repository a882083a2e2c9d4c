// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/experimentstore.h"

#include "store/schema.h"
#include "store/statement.h"

#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>

namespace schedlab {

namespace {

constexpr const char *kNow = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** FNV-1a 64: stable across platforms and builds, so it can live in the file. */
std::string contentHash(std::string_view text)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
    return out;
}

/**
 * Names this process in run.owner. The pid is read on every call, so a forked
 * child (which inherits the nonce) is still a different owner; the nonce keeps a
 * recycled pid from claiming a dead process's runs.
 */
std::string processOwner()
{
    static const auto nonce = std::chrono::steady_clock::now().time_since_epoch().count() ^
                              std::chrono::system_clock::now().time_since_epoch().count();
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) != 0)
        host[0] = '\0';
    return std::string(host) + ":" + std::to_string(getpid()) + ":" +
           std::to_string(static_cast<unsigned long long>(nonce));
}

// Rows per multi-row INSERT in appendVector(): 4 parameters each, far below
// SQLite's parameter limit, large enough to amortise statement overhead.
constexpr std::size_t kBatchRows = 64;

std::string insertPointsSql(std::size_t rows)
{
    std::string sql = "INSERT INTO vector_data (vector_id, seq, x, y) VALUES ";
    for (std::size_t i = 0; i < rows; ++i)
        sql += i ? ",(?,?,?,?)" : "(?,?,?,?)";
    return sql;
}

/**
 * Switches the file to WAL mode. A new file opened by several processes at once
 * is still in rollback mode, where the switch needs an exclusive lock and SQLite
 * answers SQLITE_BUSY at once rather than risk a deadlock (no busy handler), so
 * retry until the busy timeout has passed.
 */
bool enableWal(sqlite3 *db, const std::string &path, std::string *error)
{
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(ExperimentStore::busyTimeoutMs);
    Statement st(db, "PRAGMA journal_mode = WAL");
    for (int attempt = 0;; ++attempt) {
        Query q(st.handle());
        if (q.next()) {
            // An in-memory database answers "memory"; accept it (tests, scratch stores).
            const std::string mode = q.text(0);
            if (mode == "wal" || mode == "memory")
                return true;
            *error = path + ": the file system does not support WAL mode (got " + mode + ")";
            return false;
        }
        const int rc = sqlite3_errcode(db) & 0xff; // primary code of an extended one
        if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) ||
            std::chrono::steady_clock::now() > deadline) {
            *error = path + ": cannot switch to WAL mode: " + sqlite3_errmsg(db);
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1 + attempt % 20));
    }
}

} // namespace

ExperimentStore::ExperimentStore(std::string path, sqlite3 *db)
    : mPath(std::move(path)), mDb(db, sqlite3_close_v2), mOwner(processOwner())
{
}

ExperimentStore::~ExperimentStore()
{
    mStatements.clear(); // finalize before the connection closes
}

namespace {

/** SQLite's quick check of a store that has tables: a damaged one is refused before
 *  anything is written to it, which could spread the damage. */
bool quickCheck(sqlite3 *db, const std::string &path, std::string *err)
{
    Statement st(db, "PRAGMA quick_check(1)");
    Query q(st.handle());
    const std::string first = q.next() ? q.text(0) : std::string();
    if (first == "ok")
        return true;
    *err = path + " is damaged (" + (first.empty() ? sqlite3_errmsg(db) : first) +
           "); refusing to write to it. Keep a copy; `sqlite3 " + path +
           " .recover` may rescue its runs";
    return false;
}

} // namespace

std::unique_ptr<ExperimentStore> ExperimentStore::openForReading(const std::string &path,
                                                                 std::string *error)
{
    std::string localError;
    std::string &err = error ? *error : localError;
    err.clear();
    try {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec) ||
            std::filesystem::file_size(path, ec) == 0) {
            err = path + " is not an experiment store (" +
                  (std::filesystem::exists(path, ec) ? "empty, or not a file" : "no such file") +
                  ")";
            return nullptr;
        }
        if (!schema::checkFileHeader(path, &err))
            return nullptr;
        // Read-only; on a read-only filesystem a WAL store opens only as immutable.
        for (const char *mode : {"mode=ro", "immutable=1"}) {
            sqlite3 *raw = nullptr;
            const std::string uri = "file:" + path + "?" + mode;
            const int rc =
                sqlite3_open_v2(uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
            std::unique_ptr<sqlite3, int (*)(sqlite3 *)> db(raw, sqlite3_close_v2);
            if (rc != SQLITE_OK) {
                err =
                    "cannot open " + path + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
                continue;
            }
            sqlite3_extended_result_codes(raw, 1);
            sqlite3_busy_timeout(raw, busyTimeoutMs);
            int version = 0;
            err.clear();
            if (!schema::inspect(raw, path, &version, &err)) {
                if (std::string(mode) == "mode=ro")
                    continue; // perhaps the WAL's shared memory cannot be made here
                return nullptr;
            }
            if (version == 0) {
                err = path + " is not an experiment store (no SchedLab tables)";
                return nullptr;
            }
            if (version < schema::kCurrentVersion) {
                err = path + " has an older store schema (version " + std::to_string(version) +
                      "); a command that writes to it (e.g. compare --db) brings it up to date";
                return nullptr;
            }
            return std::unique_ptr<ExperimentStore>(new ExperimentStore(path, db.release()));
        }
    } catch (const std::exception &e) {
        err = path + ": unexpected error while opening: " + e.what();
    }
    return nullptr;
}

std::unique_ptr<ExperimentStore> ExperimentStore::open(const std::string &path, std::string *error)
{
    std::string localError;
    std::string &err = error ? *error : localError;
    err.clear();
    try {
        if (!schema::checkFileHeader(path, &err))
            return nullptr;
        // A store SQLite cannot write (its file, or its folder for the journal) would
        // otherwise be reported as unreadable.
        const std::filesystem::path folder =
            std::filesystem::absolute(std::filesystem::path(path)).parent_path();
        std::error_code exists;
        if (std::filesystem::exists(path, exists) &&
            (::access(path.c_str(), W_OK) != 0 || ::access(folder.c_str(), W_OK) != 0)) {
            err = path + " cannot be written (" + std::strerror(errno) +
                  "); `export --db` reads it as it is";
            return nullptr;
        }
        sqlite3 *raw = nullptr;
        const int rc = sqlite3_open_v2(path.c_str(), &raw,
                                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
        std::unique_ptr<sqlite3, int (*)(sqlite3 *)> db(raw, sqlite3_close_v2);
        if (rc != SQLITE_OK) {
            err = "cannot open " + path + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
            return nullptr;
        }
        sqlite3_extended_result_codes(raw, 1);
        // Until the file is known to be ours, closing must not checkpoint a WAL
        // into it: a refused file stays byte-identical.
        sqlite3_db_config(raw, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
        sqlite3_busy_timeout(raw, busyTimeoutMs);
        if (sqlite3_exec(raw, "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr) != SQLITE_OK) {
            err = path + ": cannot enable foreign keys: " + sqlite3_errmsg(raw);
            return nullptr;
        }
        int version = 0;
        if (!schema::inspect(raw, path, &version, &err))
            return nullptr;
        if (version > 0 && !quickCheck(raw, path, &err))
            return nullptr;

        // SQLite opens a file it may not write read-only without a word: a writer
        // would then fail at its first run, after the work.
        if (sqlite3_db_readonly(raw, "main") == 1) {
            err = path + " cannot be written (a read-only file or filesystem); `export --db` "
                         "reads it as it is";
            return nullptr;
        }
        // The file is ours (or new): from here on we may write.
        if (!enableWal(raw, path, &err))
            return nullptr;
        // NORMAL in WAL mode: a killed process never corrupts the file or loses a
        // commit; only a power cut may lose the last transactions.
        sqlite3_exec(raw, "PRAGMA synchronous = NORMAL", nullptr, nullptr, nullptr);
        if (version < schema::kCurrentVersion && !schema::migrate(raw, path, &err))
            return nullptr;
        sqlite3_db_config(raw, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, nullptr);
        std::unique_ptr<ExperimentStore> store(new ExperimentStore(path, db.release()));
        store->closeDeadRuns();
        return store;
    } catch (const std::exception &e) {
        err = path + ": unexpected error while opening: " + e.what();
    } catch (...) {
        err = path + ": unexpected error while opening";
    }
    return nullptr;
}

Query ExperimentStore::query(std::string_view sql) const
{
    auto it = mStatements.find(std::string(sql));
    if (it == mStatements.end()) {
        auto st = std::make_unique<Statement>(mDb.get(), sql);
        if (!st->ok())
            return Query(nullptr);
        it = mStatements.emplace(std::string(sql), std::move(st)).first;
    }
    return Query(it->second->handle());
}

bool ExperimentStore::fail(const std::string &what) const
{
    mLastError = what;
    return false;
}

void ExperimentStore::note(const char *what) const noexcept
{
    try {
        mLastError = mPath + ": unexpected error: " + what;
    } catch (...) {
        mLastError.clear(); // out of memory: nothing better to say
    }
}

void ExperimentStore::closeDeadRuns()
{
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) != 0)
        return;
    std::vector<std::pair<std::int64_t, long>> dead;
    {
        Query q = query("SELECT id, owner FROM run WHERE status = 'running'");
        while (q.next()) {
            const std::string owner = q.text(1);
            const std::size_t colon = owner.find(':');
            if (colon == std::string::npos || owner.substr(0, colon) != host)
                continue; // another machine's: it cannot be asked
            const long pid = std::strtol(owner.c_str() + colon + 1, nullptr, 10);
            if (pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
                dead.emplace_back(q.int64(0), pid);
        }
    }
    for (const auto &[run, pid] : dead) {
        Transaction tx(mDb.get());
        Query attr = query("INSERT OR REPLACE INTO run_attr (run_id, name, value) VALUES (?, "
                           "'interrupted', ?)");
        Query update = query(std::string("UPDATE run SET status = 'cancelled', finished_at = ") +
                             kNow + " WHERE id = ? AND status = 'running'");
        if (tx.active() &&
            attr.bind(1, run).bind(2, "its process " + std::to_string(pid) + " ended").exec() &&
            update.bind(1, run).exec())
            tx.commit();
    }
}

std::string ExperimentStore::sqliteError() const
{
    return sqlite3_errmsg(mDb.get());
}

std::int64_t ExperimentStore::addScenario(const std::string &name, const std::string &yamlText)
{
    return guard<std::int64_t>(-1, [&]() -> std::int64_t {
        const std::string hash = contentHash(yamlText);
        Transaction tx(mDb.get());
        if (!tx.active())
            return fail("cannot store scenario '" + name + "': " + sqliteError()), -1;
        {
            Query find = query("SELECT id FROM scenario WHERE hash = ? AND yaml = ? ORDER BY id");
            if (find.bind(1, hash).bind(2, yamlText).next())
                return find.int64(0); // nothing written; the transaction rolls back
            if (find.failed())
                return fail("cannot look up scenario '" + name + "': " + sqliteError()), -1;
        }
        Query insert = query(std::string("INSERT INTO scenario (name, hash, yaml, created_at) "
                                         "VALUES (?, ?, ?, ") +
                             kNow + ")");
        if (!insert.bind(1, name).bind(2, hash).bind(3, yamlText).exec())
            return fail("cannot store scenario '" + name + "': " + sqliteError()), -1;
        const std::int64_t id = sqlite3_last_insert_rowid(mDb.get());
        if (!tx.commit())
            return fail("cannot commit scenario '" + name + "': " + sqliteError()), -1;
        return id;
    });
}

std::optional<std::string> ExperimentStore::scenarioYaml(std::int64_t scenarioId) const
{
    return guard<std::optional<std::string>>(std::nullopt, [&]() -> std::optional<std::string> {
        Query q = query("SELECT yaml FROM scenario WHERE id = ?");
        if (q.bind(1, scenarioId).next())
            return q.text(0);
        fail(q.failed() ? "cannot read scenario: " + sqliteError()
                        : "no scenario with id " + std::to_string(scenarioId));
        return std::nullopt;
    });
}

std::int64_t ExperimentStore::beginRun(const RunRecord &record)
{
    return guard<std::int64_t>(-1, [&]() -> std::int64_t {
        Transaction tx(mDb.get());
        if (!tx.active())
            return fail("cannot begin a run: " + sqliteError()), -1;
        Query insert = query(std::string("INSERT INTO run (scenario_id, seed, status, started_at, "
                                         "build_version, owner) VALUES (?, ?, 'running', ") +
                             kNow + ", ?, ?)");
        insert.bind(1, record.scenarioId)
            .bind(2, static_cast<std::int64_t>(record.seed))
            .bind(3, record.buildVersion)
            .bind(4, mOwner);
        if (!insert.exec()) {
            // The foreign key names no column; say which one it is.
            const bool fk = sqlite3_extended_errcode(mDb.get()) == SQLITE_CONSTRAINT_FOREIGNKEY;
            return fail(fk ? "cannot begin a run: no scenario with id " +
                                 std::to_string(record.scenarioId)
                           : "cannot begin a run: " + sqliteError()),
                   -1;
        }
        const std::int64_t runId = sqlite3_last_insert_rowid(mDb.get());
        for (const auto &[plane, policy] : record.policies) {
            Query q = query("INSERT INTO run_policy (run_id, plane, name) VALUES (?, ?, ?)");
            if (!q.bind(1, runId).bind(2, plane).bind(3, policy).exec())
                return fail("cannot store policy '" + plane + "': " + sqliteError()), -1;
        }
        for (const auto &[name, value] : record.attributes) {
            Query q = query("INSERT INTO run_attr (run_id, name, value) VALUES (?, ?, ?)");
            if (!q.bind(1, runId).bind(2, name).bind(3, value).exec())
                return fail("cannot store run attribute '" + name + "': " + sqliteError()), -1;
        }
        if (!tx.commit())
            return fail("cannot commit the new run: " + sqliteError()), -1;
        return runId;
    });
}

std::optional<std::string> ExperimentStore::runStatusInTransaction(std::int64_t runId)
{
    Query q = query("SELECT status FROM run WHERE id = ?");
    if (q.bind(1, runId).next())
        return q.text(0);
    fail(q.failed() ? "cannot read run " + std::to_string(runId) + ": " + sqliteError()
                    : "no run with id " + std::to_string(runId));
    return std::nullopt;
}

bool ExperimentStore::appendVector(std::int64_t runId, const std::string &name,
                                   const std::vector<double> &x, const std::vector<double> &y)
{
    return guard(false, [&]() -> bool {
        const std::string what =
            "cannot append to vector '" + name + "' of run " + std::to_string(runId) + ": ";
        Transaction tx(mDb.get());
        if (!tx.active())
            return fail(what + sqliteError());
        if (!requireRunning(runId, what) || !appendPoints(runId, name, x, y))
            return false;
        if (!tx.commit())
            return fail(what + "commit failed: " + sqliteError());
        return true;
    });
}

bool ExperimentStore::requireRunning(std::int64_t runId, const std::string &what)
{
    const auto status = runStatusInTransaction(runId);
    if (!status)
        return false;
    if (*status != "running")
        return fail(what + "the run is " + *status);
    return true;
}

bool ExperimentStore::appendPoints(std::int64_t runId, const std::string &name,
                                   const std::vector<double> &x, const std::vector<double> &y)
{
    const std::string what =
        "cannot append to vector '" + name + "' of run " + std::to_string(runId) + ": ";
    if (x.size() != y.size())
        return fail(what + "x has " + std::to_string(x.size()) + " values, y has " +
                    std::to_string(y.size()));
    if (!query("INSERT INTO vector (run_id, name) VALUES (?, ?) "
               "ON CONFLICT (run_id, name) DO NOTHING")
             .bind(1, runId)
             .bind(2, name)
             .exec())
        return fail(what + sqliteError());
    std::int64_t vectorId = -1;
    {
        Query q = query("SELECT id FROM vector WHERE run_id = ? AND name = ?");
        if (!q.bind(1, runId).bind(2, name).next())
            return fail(what + sqliteError());
        vectorId = q.int64(0);
    }
    std::int64_t seq = 0;
    {
        Query q = query("SELECT coalesce(max(seq) + 1, 0) FROM vector_data WHERE vector_id = ?");
        if (!q.bind(1, vectorId).next())
            return fail(what + sqliteError());
        seq = q.int64(0);
    }
    static const std::string batchSql = insertPointsSql(kBatchRows);
    static const std::string singleSql = insertPointsSql(1);
    std::size_t i = 0;
    while (i < x.size()) {
        const std::size_t rows = x.size() - i >= kBatchRows ? kBatchRows : 1;
        Query q = query(rows == kBatchRows ? batchSql : singleSql);
        for (std::size_t r = 0; r < rows; ++r, ++i) {
            const int p = int(r) * 4;
            q.bind(p + 1, vectorId).bind(p + 2, seq++).bind(p + 3, x[i]).bind(p + 4, y[i]);
        }
        if (!q.exec())
            return fail(what + sqliteError());
    }
    return true;
}

bool ExperimentStore::storeFinish(std::int64_t runId, const std::map<std::string, double> &scalars,
                                  RunStatus status, const std::string &what)
{
    for (const auto &[name, value] : scalars) {
        Query q = query("INSERT INTO scalar (run_id, name, value) VALUES (?, ?, ?) "
                        "ON CONFLICT (run_id, name) DO UPDATE SET value = excluded.value");
        if (!q.bind(1, runId).bind(2, name).bind(3, value).exec())
            return fail(what + "scalar '" + name + "': " + sqliteError());
    }
    Query update =
        query(std::string("UPDATE run SET status = ?, finished_at = ") + kNow + " WHERE id = ?");
    if (!update.bind(1, runStatusName(status)).bind(2, runId).exec())
        return fail(what + sqliteError());
    return true;
}

bool ExperimentStore::finishRun(std::int64_t runId, const std::map<std::string, double> &scalars,
                                RunStatus status)
{
    return completeRun(runId, {scalars, {}, {}}, status);
}

bool ExperimentStore::completeRun(std::int64_t runId, const RunOutcome &outcome, RunStatus status)
{
    return guard(false, [&]() -> bool {
        const std::string what = "cannot finish run " + std::to_string(runId) + ": ";
        if (status == RunStatus::Running)
            return fail(what + "the final status cannot be 'running'");
        Transaction tx(mDb.get());
        if (!tx.active())
            return fail(what + sqliteError());
        const auto current = runStatusInTransaction(runId);
        if (!current)
            return false;
        if (*current != "running")
            return fail(what + "it is already " + *current);
        for (const auto &[name, value] : outcome.attributes) {
            Query q = query("INSERT INTO run_attr (run_id, name, value) VALUES (?, ?, ?) "
                            "ON CONFLICT (run_id, name) DO UPDATE SET value = excluded.value");
            if (!q.bind(1, runId).bind(2, name).bind(3, value).exec())
                return fail(what + "attribute '" + name + "': " + sqliteError());
        }
        for (const auto &[name, points] : outcome.vectors)
            if (!appendPoints(runId, name, points.first, points.second))
                return false;
        if (!storeFinish(runId, outcome.scalars, status, what))
            return false;
        if (!tx.commit())
            return fail(what + "commit failed: " + sqliteError());
        return true;
    });
}

std::vector<std::pair<double, double>> ExperimentStore::vector(std::int64_t runId,
                                                               const std::string &name) const
{
    using Points = std::vector<std::pair<double, double>>;
    return guard<Points>({}, [&]() -> Points {
        Query q = query("SELECT d.x, d.y FROM vector_data d JOIN vector v ON v.id = d.vector_id "
                        "WHERE v.run_id = ? AND v.name = ? ORDER BY d.seq");
        q.bind(1, runId).bind(2, name);
        Points points;
        if (!readRows(q, points, [](const Query &r) { return std::pair(r.real(0), r.real(1)); }))
            fail("cannot read vector '" + name + "': " + sqliteError());
        return points;
    });
}

std::vector<std::string> ExperimentStore::vectorNames(std::int64_t runId) const
{
    using Names = std::vector<std::string>;
    return guard<Names>({}, [&]() -> Names {
        Query q = query("SELECT name FROM vector WHERE run_id = ? ORDER BY name");
        q.bind(1, runId);
        Names names;
        if (!readRows(q, names, [](const Query &r) { return r.text(0); }))
            fail("cannot read the vectors of run " + std::to_string(runId) + ": " + sqliteError());
        return names;
    });
}

bool ExperimentStore::checkIntegrity(std::string *report) const
{
    return guard(false, [&]() -> bool {
        Statement st(mDb.get(), "PRAGMA integrity_check");
        Query q(st.handle());
        std::string text;
        while (q.next())
            text += (text.empty() ? "" : "\n") + q.text(0);
        if (q.failed())
            text = sqliteError();
        if (report)
            *report = text;
        return text == "ok" ? true : fail(mPath + ": integrity check failed: " + text);
    });
}

} // namespace schedlab
