// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/schema.h"

#include "store/statement.h"

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

namespace schedlab::schema {

namespace {

struct Migration
{
    int version;
    const char *sql;
};

// Value columns (scalar.value, vector_data.x/y, training_point.value) have no
// declared type on purpose: a REAL column stores integral doubles as integers
// and so turns -0.0 into +0.0; a column without affinity keeps every double's
// bits. NaN cannot be stored by SQLite and becomes NULL (read back as NaN).
constexpr const char *kVersion1 = R"sql(
CREATE TABLE schema_version (
    version    INTEGER PRIMARY KEY,
    applied_at TEXT NOT NULL
);
CREATE TABLE scenario (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    hash       TEXT NOT NULL,       -- FNV-1a 64 of yaml, 16 hex digits
    yaml       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX scenario_hash ON scenario(hash);
CREATE TABLE run (
    id            INTEGER PRIMARY KEY,
    scenario_id   INTEGER NOT NULL REFERENCES scenario(id),
    seed          INTEGER NOT NULL, -- the uint64 seed's bit pattern as int64
    status        TEXT NOT NULL
                  CHECK (status IN ('running', 'complete', 'failed', 'cancelled')),
    started_at    TEXT NOT NULL,
    finished_at   TEXT,
    build_version TEXT NOT NULL,
    owner         TEXT NOT NULL     -- "host:pid:nonce" of the process that began it
);
CREATE INDEX run_scenario ON run(scenario_id);
CREATE TABLE run_policy (
    run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
    plane  TEXT NOT NULL,
    name   TEXT NOT NULL,
    PRIMARY KEY (run_id, plane)
) WITHOUT ROWID;
CREATE TABLE run_attr (
    run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
    name   TEXT NOT NULL,
    value  TEXT NOT NULL,
    PRIMARY KEY (run_id, name)
) WITHOUT ROWID;
CREATE TABLE scalar (
    run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
    name   TEXT NOT NULL,
    value,
    PRIMARY KEY (run_id, name)
) WITHOUT ROWID;
CREATE TABLE vector (
    id     INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
    name   TEXT NOT NULL,
    UNIQUE (run_id, name)
);
CREATE TABLE vector_data (
    vector_id INTEGER NOT NULL REFERENCES vector(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    x,
    y,
    PRIMARY KEY (vector_id, seq)
) WITHOUT ROWID;
CREATE TABLE training_session (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    scenario_id INTEGER REFERENCES scenario(id),
    started_at  TEXT NOT NULL
);
CREATE INDEX training_session_scenario ON training_session(scenario_id);
CREATE TABLE training_point (
    session_id INTEGER NOT NULL REFERENCES training_session(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    step       INTEGER NOT NULL,
    value,
    PRIMARY KEY (session_id, name, step)
) WITHOUT ROWID;
CREATE TABLE checkpoint (
    name           TEXT PRIMARY KEY,
    session_id     INTEGER REFERENCES training_session(id) ON DELETE SET NULL,
    format_version INTEGER NOT NULL,
    data           BLOB NOT NULL,
    saved_at       TEXT NOT NULL
);
CREATE INDEX checkpoint_session ON checkpoint(session_id);
)sql";

// Version 2: parameter sweeps. A sweep is a group of comparisons, one per value of
// one scenario parameter; each point names the comparison (run_attr 'comparison')
// its runs were stored under.
constexpr const char *kVersion2 = R"sql(
CREATE TABLE sweep (
    id          INTEGER PRIMARY KEY,
    label       TEXT NOT NULL UNIQUE,
    scenario_id INTEGER NOT NULL REFERENCES scenario(id), -- the document as given
    parameter   TEXT NOT NULL,                             -- e.g. workload.requests.rate
    created_at  TEXT NOT NULL
);
CREATE INDEX sweep_scenario ON sweep(scenario_id);
CREATE TABLE sweep_point (
    sweep_id   INTEGER NOT NULL REFERENCES sweep(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    value      TEXT NOT NULL,
    comparison TEXT NOT NULL,
    PRIMARY KEY (sweep_id, seq)
) WITHOUT ROWID;
)sql";

// Append new versions here; never edit a released one.
constexpr std::array kMigrations{Migration{1, kVersion1}, Migration{2, kVersion2}};
static_assert(kMigrations.back().version == kCurrentVersion);

std::string sqliteMessage(sqlite3 *db)
{
    return sqlite3_errmsg(db);
}

/** The first column of the first row; nullopt with *error set when it cannot be read. */
std::optional<std::int64_t> singleInt(sqlite3 *db, const char *sql, const std::string &path,
                                      std::string *error)
{
    Statement st(db, sql);
    Query q(st.handle());
    if (!st.ok() || !q.next()) {
        *error = path + " cannot be read as an SQLite database: " + sqliteMessage(db);
        return std::nullopt;
    }
    return q.int64(0);
}

/** The stored version: 0 without a schema_version table, -1 on error. */
int storedVersion(sqlite3 *db, const std::string &path, std::string *error)
{
    const auto hasTable = singleInt(
        db, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_version'",
        path, error);
    if (!hasTable)
        return -1;
    if (*hasTable == 0)
        return 0;
    const auto v =
        singleInt(db, "SELECT coalesce(max(version), 0) FROM schema_version", path, error);
    if (!v)
        return -1;
    if (*v < 0 || *v > 1'000'000) {
        *error = path + " has an invalid schema version " + std::to_string(*v);
        return -1;
    }
    return int(*v);
}

} // namespace

bool checkFileHeader(const std::string &path, std::string *error)
{
    if (path.empty() || path == ":memory:")
        return true;
    std::error_code ec;
    const std::filesystem::path p(path);
    if (!std::filesystem::exists(p, ec))
        return true;
    if (!std::filesystem::is_regular_file(p, ec)) {
        *error = path + " is not a regular file";
        return false;
    }
    const auto size = std::filesystem::file_size(p, ec);
    if (ec) {
        *error = path + " cannot be read: " + ec.message();
        return false;
    }
    if (size == 0)
        return true;
    static constexpr char kMagic[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f',
                                        'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
    unsigned char header[100] = {};
    std::ifstream in(p, std::ios::binary);
    if (!in) {
        *error = path + " cannot be read";
        return false;
    }
    in.read(reinterpret_cast<char *>(header), sizeof header);
    // 512 bytes is SQLite's smallest page: a shorter non-empty file is not a database.
    if (size < 512 || in.gcount() != sizeof header || std::memcmp(header, kMagic, 16) != 0) {
        *error = path + " is not an SQLite database (the file header is wrong); refusing to open "
                        "it as an experiment store";
        return false;
    }
    // Cheap structural checks on the header (sqlite.org/fileformat.html, 1.3).
    auto be = [&](int at, int n) {
        std::uint32_t v = 0;
        for (int i = 0; i < n; ++i)
            v = (v << 8) | header[at + i];
        return v;
    };
    const std::uint32_t pageSize = be(16, 2) == 1 ? 65536 : be(16, 2);
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) != 0) {
        *error = path + " is corrupt (invalid page size " + std::to_string(pageSize) +
                 " in its header); refusing to open it";
        return false;
    }
    // File format versions 1 (rollback journal) or 2 (WAL), for writing and reading,
    // and the fixed payload fractions 64, 32, 32. SQLite opens a file of a higher
    // write version read-only without a word, which would be named "cannot be written".
    if (header[18] < 1 || header[18] > 2 || header[19] < 1 || header[19] > 2 || header[21] != 64 ||
        header[22] != 32 || header[23] != 32) {
        *error = path + " is damaged (its header's bytes 18-23 are " + std::to_string(header[18]) +
                 " " + std::to_string(header[19]) + " " + std::to_string(header[20]) + " " +
                 std::to_string(header[21]) + " " + std::to_string(header[22]) + " " +
                 std::to_string(header[23]) +
                 "; an SQLite database has 1 or 2, 1 or 2, its reserved bytes, 64, 32, 32); "
                 "refusing to open it";
        return false;
    }
    // The in-header page count is valid only when "version-valid-for" matches the
    // change counter (older writers did not maintain it). A write or checkpoint
    // killed half way can leave a short file that the WAL or the hot journal
    // repairs on open, so only judge the size when there is neither.
    auto nonEmpty = [](const std::string &f) {
        std::error_code e;
        return std::filesystem::exists(f, e) && std::filesystem::file_size(f, e) > 0;
    };
    const std::uint32_t pages = be(28, 4);
    if (pages != 0 && be(92, 4) == be(24, 4) && std::uintmax_t(pages) * pageSize > size &&
        !nonEmpty(path + "-wal") && !nonEmpty(path + "-journal")) {
        *error = path + " is corrupt (truncated: the header promises " + std::to_string(pages) +
                 " pages of " + std::to_string(pageSize) + " bytes, the file has " +
                 std::to_string(size) + " bytes); refusing to open it";
        return false;
    }
    return true;
}

bool inspect(sqlite3 *db, const std::string &path, int *version, std::string *error)
{
    // One read transaction: another process creating the store at this moment is
    // seen before or after its migration, never halfway (tables but no version).
    Transaction snapshot(db, Transaction::Mode::Read);
    // Reading sqlite_schema parses page 1: garbage after a valid header and a
    // damaged schema fail here, before anything is written.
    if (!singleInt(db, "SELECT count(*) FROM sqlite_schema", path, error))
        return false;
    const auto appId = singleInt(db, "PRAGMA application_id", path, error);
    if (!appId)
        return false;
    if (*appId != 0 && *appId != kApplicationId) {
        *error = path + " belongs to another application (application_id " +
                 std::to_string(*appId) + "); refusing to use it as an experiment store";
        return false;
    }
    const int v = storedVersion(db, path, error);
    if (v < 0)
        return false;
    if (v == 0) {
        const auto tables = singleInt(
            db, "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
            path, error);
        if (!tables)
            return false;
        if (*tables > 0) {
            *error = path + " is an SQLite database but not a SchedLab experiment store "
                            "(it has tables but no schema_version); refusing to change it";
            return false;
        }
    }
    if (v > kCurrentVersion) {
        *error = path + " has experiment store schema version " + std::to_string(v) +
                 ", newer than this build supports (" + std::to_string(kCurrentVersion) +
                 "); use a newer SchedLab. The file was not changed.";
        return false;
    }
    *version = v;
    return true;
}

bool migrate(sqlite3 *db, const std::string &path, std::string *error)
{
    Transaction tx(db);
    if (!tx.active()) {
        *error = path + ": cannot start the migration transaction: " + sqliteMessage(db);
        return false;
    }
    // Another process may have migrated between inspect() and our write lock.
    const int from = storedVersion(db, path, error);
    if (from < 0)
        return false;
    if (from > kCurrentVersion) {
        *error = path + " was upgraded to schema version " + std::to_string(from) +
                 " by a newer SchedLab while opening";
        return false;
    }
    for (const Migration &m : kMigrations) {
        if (m.version <= from)
            continue;
        if (sqlite3_exec(db, m.sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
            *error = path + ": migration to schema version " + std::to_string(m.version) +
                     " failed: " + sqliteMessage(db);
            return false;
        }
        Statement st(db, "INSERT INTO schema_version (version, applied_at) "
                         "VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))");
        if (!Query(st.handle()).bind(1, m.version).exec()) {
            *error = path + ": cannot record schema version " + std::to_string(m.version) + ": " +
                     sqliteMessage(db);
            return false;
        }
    }
    if (from < kCurrentVersion) {
        const std::string pragma = "PRAGMA application_id = " + std::to_string(kApplicationId);
        if (sqlite3_exec(db, pragma.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
            *error = path + ": cannot set the application id: " + sqliteMessage(db);
            return false;
        }
    }
    if (!tx.commit()) {
        *error = path + ": cannot commit the schema migration: " + sqliteMessage(db);
        return false;
    }
    return true;
}

} // namespace schedlab::schema
