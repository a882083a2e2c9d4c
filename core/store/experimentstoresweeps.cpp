// SPDX-License-Identifier: GPL-3.0-or-later
// ExperimentStore: parameter sweeps, groups of comparisons (schema version 2).
#include "store/experimentstore.h"

#include "store/statement.h"

#include <sqlite3.h>

namespace schedlab {

std::int64_t
ExperimentStore::addSweep(const std::string &label, std::int64_t scenarioId,
                          const std::string &parameter,
                          const std::vector<std::pair<std::string, std::string>> &points)
{
    return guard<std::int64_t>(-1, [&]() -> std::int64_t {
        const std::string what = "cannot store sweep '" + label + "': ";
        Transaction tx(mDb.get());
        if (!tx.active())
            return fail(what + sqliteError()), -1;
        Query insert = query("INSERT INTO sweep (label, scenario_id, parameter, created_at) "
                             "VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))");
        if (!insert.bind(1, label).bind(2, scenarioId).bind(3, parameter).exec()) {
            const int code = sqlite3_extended_errcode(mDb.get());
            return fail(what + (code == SQLITE_CONSTRAINT_UNIQUE       ? "the label is taken"
                                : code == SQLITE_CONSTRAINT_FOREIGNKEY ? "no such scenario"
                                                                       : sqliteError())),
                   -1;
        }
        const std::int64_t id = sqlite3_last_insert_rowid(mDb.get());
        for (std::size_t i = 0; i < points.size(); ++i) {
            Query q = query("INSERT INTO sweep_point (sweep_id, seq, value, comparison) "
                            "VALUES (?, ?, ?, ?)");
            if (!q.bind(1, id)
                     .bind(2, std::int64_t(i))
                     .bind(3, points[i].first)
                     .bind(4, points[i].second)
                     .exec())
                return fail(what + sqliteError()), -1;
        }
        if (!tx.commit())
            return fail(what + "commit failed: " + sqliteError()), -1;
        return id;
    });
}

std::vector<SweepRecord> ExperimentStore::sweeps() const
{
    return guard<std::vector<SweepRecord>>({}, [&]() -> std::vector<SweepRecord> {
        Transaction tx(mDb.get(), Transaction::Mode::Read);
        std::vector<SweepRecord> out;
        {
            Query q = query("SELECT w.id, w.label, w.scenario_id, s.name, w.parameter, "
                            "w.created_at FROM sweep w JOIN scenario s ON s.id = w.scenario_id "
                            "ORDER BY w.id");
            while (q.next()) {
                SweepRecord r;
                r.id = q.int64(0);
                r.label = q.text(1);
                r.scenarioId = q.int64(2);
                r.scenarioName = q.text(3);
                r.parameter = q.text(4);
                r.createdAt = q.text(5);
                out.push_back(std::move(r));
            }
            if (q.failed())
                return fail("cannot read sweeps: " + sqliteError()), std::vector<SweepRecord>{};
        }
        for (SweepRecord &r : out) {
            Query q = query("SELECT value, comparison FROM sweep_point WHERE sweep_id = ? "
                            "ORDER BY seq");
            q.bind(1, r.id);
            while (q.next())
                r.points.emplace_back(q.text(0), q.text(1));
            if (q.failed())
                return fail("cannot read the values of sweep '" + r.label + "': " + sqliteError()),
                       std::vector<SweepRecord>{};
        }
        return out;
    });
}

} // namespace schedlab
