// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

struct sqlite3;

/**
 * The experiment store's schema and its migrations. Version 1 follows the
 * OMNeT++ SQLite result files (run, runattr, scalar, vector, vectordata) plus
 * scenarios, policy sets, training curves and checkpoints.
 */
namespace schedlab::schema {

/** The newest schema this build knows; a file with a newer one is refused.
 *  2 added parameter sweeps (sweep, sweep_point). */
constexpr int kCurrentVersion = 2;
/** `PRAGMA application_id` of our files ("SLAB"), so `file(1)` and we can tell them apart. */
constexpr std::int32_t kApplicationId = 0x534C4142;

/**
 * Refuses a non-empty file that does not start with the SQLite header, before
 * SQLite opens it (opening is not always side-effect free). A missing or empty
 * file passes: it becomes a new store.
 */
bool checkFileHeader(const std::string &path, std::string *error);

/**
 * Reads an open database without writing to it and refuses it when it is not an
 * SQLite database, belongs to another application, or has a newer schema than
 * kCurrentVersion. Sets `*version` to the stored version (0 for a new file).
 */
bool inspect(sqlite3 *db, const std::string &path, int *version, std::string *error);

/**
 * Brings the schema to kCurrentVersion in one IMMEDIATE transaction. The stored
 * version is read again inside it, so two processes opening a new file at the
 * same time migrate it once.
 */
bool migrate(sqlite3 *db, const std::string &path, std::string *error);

} // namespace schedlab::schema
