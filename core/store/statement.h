// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace schedlab {

/**
 * An owned prepared statement, finalized on destruction. Prepared with
 * SQLITE_PREPARE_PERSISTENT because the store keeps them for its lifetime
 * (OMNeT++'s SqliteOutputScalarManager does the same).
 */
class Statement
{
public:
    Statement() = default;
    /** Prepares `sql` on `db`; check ok() and the connection's error message. */
    Statement(sqlite3 *db, std::string_view sql);
    ~Statement();
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    bool ok() const { return mStmt != nullptr; }
    sqlite3_stmt *handle() const { return mStmt; }

private:
    sqlite3_stmt *mStmt = nullptr;
};

/**
 * One use of a (cached) statement: bind, step, read columns. The destructor
 * resets the statement and clears its bindings, so an early return can never
 * leave a half-stepped statement holding a read transaction open (which would
 * stop WAL checkpoints and make COMMIT fail with SQLITE_BUSY).
 *
 * Binding indices are 1-based as in SQLite; column indices 0-based. Errors are
 * sticky: after a failed bind, step() returns SQLITE_ERROR without running.
 */
class Query
{
public:
    explicit Query(sqlite3_stmt *stmt) : mStmt(stmt), mRc(stmt ? SQLITE_OK : SQLITE_ERROR) {}
    ~Query();
    Query(const Query &) = delete;
    Query &operator=(const Query &) = delete;

    Query &bind(int index, std::int64_t value);
    Query &bind(int index, int value) { return bind(index, std::int64_t(value)); }
    /** NaN is stored as NULL (SQLite cannot store it); column() maps NULL back to NaN. */
    Query &bind(int index, double value);
    Query &bind(int index, std::string_view text);
    Query &bind(int index, const char *text) { return bind(index, std::string_view(text)); }
    Query &bind(int index, const std::string &text) { return bind(index, std::string_view(text)); }
    Query &bindBlob(int index, const std::vector<std::uint8_t> &blob);
    Query &bindNull(int index);

    /** SQLITE_ROW, SQLITE_DONE or an error code. */
    int step();
    /** Steps once and expects SQLITE_DONE. */
    bool exec() { return step() == SQLITE_DONE; }
    /** Steps and expects a row; false on SQLITE_DONE or an error (see failed()). */
    bool next() { return step() == SQLITE_ROW; }
    /** True if binding or the last step failed (not merely "no more rows"). */
    bool failed() const { return mRc != SQLITE_OK && mRc != SQLITE_ROW && mRc != SQLITE_DONE; }

    bool isNull(int col) const;
    std::int64_t int64(int col) const;
    /** NULL reads as a quiet NaN. */
    double real(int col) const;
    std::string text(int col) const;
    std::vector<std::uint8_t> blob(int col) const;

private:
    sqlite3_stmt *mStmt;
    int mRc;
};

/** Appends `row(q)` for every row of `q` to `out`; false, with `out` emptied,
 *  when a step fails. */
template <class T, class Row> bool readRows(Query &q, std::vector<T> &out, Row row)
{
    while (q.next())
        out.push_back(row(q));
    if (!q.failed())
        return true;
    out.clear();
    return false;
}

/**
 * A transaction, rolled back on destruction unless committed.
 *
 * Write transactions are BEGIN IMMEDIATE: they take the write lock up front, so
 * the busy timeout applies; a deferred transaction that later upgrades to a
 * writer fails at once with SQLITE_BUSY when another process wrote in between.
 * Read transactions (deferred BEGIN) give several SELECTs one consistent snapshot.
 */
class Transaction
{
public:
    enum class Mode { Read, Write };

    explicit Transaction(sqlite3 *db, Mode mode = Mode::Write);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    bool active() const { return mActive; }
    bool commit();

private:
    sqlite3 *mDb;
    bool mActive = false;
};

} // namespace schedlab
