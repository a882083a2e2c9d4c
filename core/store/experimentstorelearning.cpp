// SPDX-License-Identifier: GPL-3.0-or-later
// ExperimentStore: training curves and model checkpoints (written by core/learn).
#include "store/experimentstore.h"

#include "store/statement.h"

#include <sqlite3.h>

namespace schedlab {

std::int64_t ExperimentStore::beginTrainingSession(const std::string &name, std::int64_t scenarioId)
{
    return guard<std::int64_t>(-1, [&]() -> std::int64_t {
        Query q = query("INSERT INTO training_session (name, scenario_id, started_at) "
                        "VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))");
        q.bind(1, name);
        if (scenarioId >= 0)
            q.bind(2, scenarioId);
        else
            q.bindNull(2);
        if (!q.exec())
            return fail("cannot begin training session '" + name + "': " + sqliteError()), -1;
        return sqlite3_last_insert_rowid(mDb.get());
    });
}

bool ExperimentStore::appendTrainingPoint(std::int64_t sessionId, std::int64_t step,
                                          const std::map<std::string, double> &values)
{
    return guard(false, [&]() -> bool {
        const std::string what = "cannot store training step " + std::to_string(step) +
                                 " of session " + std::to_string(sessionId) + ": ";
        Transaction tx(mDb.get());
        if (!tx.active())
            return fail(what + sqliteError());
        for (const auto &[metric, value] : values) {
            Query q = query("INSERT INTO training_point (session_id, name, step, value) "
                            "VALUES (?, ?, ?, ?) ON CONFLICT (session_id, name, step) "
                            "DO UPDATE SET value = excluded.value");
            if (!q.bind(1, sessionId).bind(2, metric).bind(3, step).bind(4, value).exec()) {
                const bool fk = sqlite3_extended_errcode(mDb.get()) == SQLITE_CONSTRAINT_FOREIGNKEY;
                return fail(what + (fk ? "no such session" : sqliteError()));
            }
        }
        if (!tx.commit())
            return fail(what + "commit failed: " + sqliteError());
        return true;
    });
}

std::vector<TrainingSession> ExperimentStore::trainingSessions() const
{
    using Sessions = std::vector<TrainingSession>;
    return guard<Sessions>({}, [&]() -> Sessions {
        Transaction tx(mDb.get(), Transaction::Mode::Read);
        Sessions out;
        Query q = query("SELECT id, name, scenario_id, started_at FROM training_session "
                        "ORDER BY id");
        const bool read = readRows(q, out, [](const Query &r) {
            return TrainingSession{
                r.int64(0), r.text(1), r.isNull(2) ? -1 : r.int64(2), r.text(3), {}};
        });
        if (!read)
            return fail("cannot read training sessions: " + sqliteError()), Sessions{};
        for (TrainingSession &session : out) {
            Query names = query("SELECT DISTINCT name FROM training_point WHERE session_id = ? "
                                "ORDER BY name");
            names.bind(1, session.id);
            if (!readRows(names, session.metrics, [](const Query &r) { return r.text(0); }))
                return fail("cannot read training session " + std::to_string(session.id) + ": " +
                            sqliteError()),
                       Sessions{};
        }
        return out;
    });
}

std::vector<std::pair<std::int64_t, double>>
ExperimentStore::trainingCurve(std::int64_t sessionId, const std::string &metric) const
{
    using Curve = std::vector<std::pair<std::int64_t, double>>;
    return guard<Curve>({}, [&]() -> Curve {
        Query q = query("SELECT step, value FROM training_point "
                        "WHERE session_id = ? AND name = ? ORDER BY step");
        q.bind(1, sessionId).bind(2, metric);
        Curve curve;
        if (!readRows(q, curve, [](const Query &r) { return std::pair(r.int64(0), r.real(1)); }))
            fail("cannot read training curve '" + metric + "': " + sqliteError());
        return curve;
    });
}

bool ExperimentStore::checkpointExists(const std::string &name) const
{
    return guard(false, [&]() -> bool {
        Query q = query("SELECT 1 FROM checkpoint WHERE name = ?");
        const bool found = q.bind(1, name).next();
        if (q.failed())
            return fail("cannot look up checkpoint '" + name + "': " + sqliteError());
        return found;
    });
}

bool ExperimentStore::saveCheckpoint(const std::string &name, const std::vector<std::uint8_t> &blob,
                                     int formatVersion, std::int64_t sessionId)
{
    return guard(false, [&]() -> bool {
        Query q = query("INSERT INTO checkpoint (name, session_id, format_version, data, saved_at) "
                        "VALUES (?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) "
                        "ON CONFLICT (name) DO UPDATE SET session_id = excluded.session_id, "
                        "format_version = excluded.format_version, data = excluded.data, "
                        "saved_at = excluded.saved_at");
        q.bind(1, name);
        if (sessionId >= 0)
            q.bind(2, sessionId);
        else
            q.bindNull(2);
        q.bind(3, formatVersion).bindBlob(4, blob);
        if (!q.exec())
            return fail("cannot save checkpoint '" + name + "': " + sqliteError());
        return true;
    });
}

std::vector<std::string> ExperimentStore::checkpointNames() const
{
    return guard<std::vector<std::string>>({}, [&] {
        std::vector<std::string> names;
        Query q = query("SELECT name FROM checkpoint ORDER BY saved_at, name");
        while (q.next())
            names.push_back(q.text(0));
        if (q.failed())
            fail("cannot list checkpoints: " + sqliteError());
        return names;
    });
}

std::optional<Checkpoint> ExperimentStore::loadCheckpoint(const std::string &name) const
{
    return guard<std::optional<Checkpoint>>(std::nullopt, [&]() -> std::optional<Checkpoint> {
        Query q = query("SELECT format_version, data, saved_at FROM checkpoint WHERE name = ?");
        if (!q.bind(1, name).next()) {
            fail(q.failed() ? "cannot load checkpoint '" + name + "': " + sqliteError()
                            : "no checkpoint named '" + name + "'");
            return std::nullopt;
        }
        Checkpoint c;
        c.name = name;
        c.formatVersion = int(q.int64(0));
        c.data = q.blob(1);
        c.savedAt = q.text(2);
        return c;
    });
}

} // namespace schedlab
