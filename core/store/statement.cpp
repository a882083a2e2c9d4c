// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/statement.h"

#include <cmath>
#include <limits>
#include <utility>

namespace schedlab {

Statement::Statement(sqlite3 *db, std::string_view sql)
{
    if (sqlite3_prepare_v3(db, sql.data(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &mStmt,
                           nullptr) != SQLITE_OK) {
        sqlite3_finalize(mStmt);
        mStmt = nullptr;
    }
}

Statement::~Statement()
{
    sqlite3_finalize(mStmt);
}

Statement::Statement(Statement &&other) noexcept : mStmt(std::exchange(other.mStmt, nullptr)) {}

Statement &Statement::operator=(Statement &&other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(mStmt);
        mStmt = std::exchange(other.mStmt, nullptr);
    }
    return *this;
}

Query::~Query()
{
    if (mStmt) {
        sqlite3_reset(mStmt);
        sqlite3_clear_bindings(mStmt);
    }
}

Query &Query::bind(int index, std::int64_t value)
{
    if (mRc == SQLITE_OK)
        mRc = sqlite3_bind_int64(mStmt, index, value);
    return *this;
}

Query &Query::bind(int index, double value)
{
    if (mRc == SQLITE_OK)
        mRc = std::isnan(value) ? sqlite3_bind_null(mStmt, index)
                                : sqlite3_bind_double(mStmt, index, value);
    return *this;
}

Query &Query::bind(int index, std::string_view text)
{
    if (mRc == SQLITE_OK)
        // An empty view may have a null data(), which SQLite would bind as NULL.
        mRc = sqlite3_bind_text64(mStmt, index, text.empty() ? "" : text.data(), text.size(),
                                  SQLITE_TRANSIENT, SQLITE_UTF8);
    return *this;
}

Query &Query::bindBlob(int index, const std::vector<std::uint8_t> &blob)
{
    // A zero-length blob must not bind as NULL: give SQLite a valid pointer.
    static const std::uint8_t empty = 0;
    if (mRc == SQLITE_OK)
        mRc = sqlite3_bind_blob64(mStmt, index, blob.empty() ? &empty : blob.data(), blob.size(),
                                  SQLITE_TRANSIENT);
    return *this;
}

Query &Query::bindNull(int index)
{
    if (mRc == SQLITE_OK)
        mRc = sqlite3_bind_null(mStmt, index);
    return *this;
}

int Query::step()
{
    if (!mStmt || failed())
        return mRc == SQLITE_OK ? SQLITE_ERROR : mRc;
    mRc = sqlite3_step(mStmt);
    return mRc;
}

bool Query::isNull(int col) const
{
    return sqlite3_column_type(mStmt, col) == SQLITE_NULL;
}

std::int64_t Query::int64(int col) const
{
    return sqlite3_column_int64(mStmt, col);
}

double Query::real(int col) const
{
    if (isNull(col))
        return std::numeric_limits<double>::quiet_NaN();
    return sqlite3_column_double(mStmt, col);
}

std::string Query::text(int col) const
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(mStmt, col));
    return p ? std::string(p, std::size_t(sqlite3_column_bytes(mStmt, col))) : std::string();
}

std::vector<std::uint8_t> Query::blob(int col) const
{
    const auto *p = static_cast<const std::uint8_t *>(sqlite3_column_blob(mStmt, col));
    return p ? std::vector<std::uint8_t>(p, p + sqlite3_column_bytes(mStmt, col))
             : std::vector<std::uint8_t>();
}

Transaction::Transaction(sqlite3 *db, Mode mode) : mDb(db)
{
    const char *sql = mode == Mode::Write ? "BEGIN IMMEDIATE" : "BEGIN";
    mActive = sqlite3_exec(mDb, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

Transaction::~Transaction()
{
    if (mActive)
        sqlite3_exec(mDb, "ROLLBACK", nullptr, nullptr, nullptr);
}

bool Transaction::commit()
{
    if (!mActive)
        return false;
    if (sqlite3_exec(mDb, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
        return false; // still active: the destructor rolls back
    mActive = false;
    return true;
}

} // namespace schedlab
