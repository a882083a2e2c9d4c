// SPDX-License-Identifier: GPL-3.0-or-later
// ExperimentStore: reading runs back (runs(), run()).
#include "store/experimentstore.h"

#include "store/statement.h"

#include <limits>

namespace schedlab {

std::vector<RunSummary> ExperimentStore::readRuns(std::int64_t onlyId) const
{
    // A run-id range rather than "? < 0 OR id = ?" so that SQLite can use the
    // (run_id, ...) primary keys for a single run.
    const std::int64_t lo = onlyId < 0 ? std::numeric_limits<std::int64_t>::min() : onlyId;
    const std::int64_t hi = onlyId < 0 ? std::numeric_limits<std::int64_t>::max() : onlyId;
    std::vector<RunSummary> out;
    std::map<std::int64_t, std::size_t> index;
    auto readError = [&](const char *what) {
        fail(std::string("cannot read ") + what + ": " + sqliteError());
        return std::vector<RunSummary>();
    };

    // One snapshot for the four queries, even while another process writes.
    Transaction snapshot(mDb.get(), Transaction::Mode::Read);
    if (!snapshot.active())
        return readError("runs");
    {
        Query q = query("SELECT r.id, r.scenario_id, s.name, r.seed, r.status, r.started_at, "
                        "coalesce(r.finished_at, ''), r.build_version, r.owner "
                        "FROM run r JOIN scenario s ON s.id = r.scenario_id "
                        "WHERE r.id BETWEEN ? AND ? ORDER BY r.id");
        q.bind(1, lo).bind(2, hi);
        while (q.next()) {
            RunSummary s;
            s.id = q.int64(0);
            s.scenarioId = q.int64(1);
            s.scenarioName = q.text(2);
            s.seed = static_cast<std::uint64_t>(q.int64(3));
            s.status = q.text(4);
            s.startedAt = q.text(5);
            s.finishedAt = q.text(6);
            s.buildVersion = q.text(7);
            if (s.status == "running" && !ownsRun(q.text(8)))
                s.status = "incomplete";
            index[s.id] = out.size();
            out.push_back(std::move(s));
        }
        if (q.failed())
            return readError("runs");
    }
    if (out.empty())
        return out;
    {
        Query q = query("SELECT run_id, plane, name FROM run_policy WHERE run_id BETWEEN ? AND ?");
        q.bind(1, lo).bind(2, hi);
        while (q.next())
            if (auto it = index.find(q.int64(0)); it != index.end())
                out[it->second].policies[q.text(1)] = q.text(2);
        if (q.failed())
            return readError("run policies");
    }
    {
        Query q = query("SELECT run_id, name, value FROM run_attr WHERE run_id BETWEEN ? AND ?");
        q.bind(1, lo).bind(2, hi);
        while (q.next())
            if (auto it = index.find(q.int64(0)); it != index.end())
                out[it->second].attributes[q.text(1)] = q.text(2);
        if (q.failed())
            return readError("run attributes");
    }
    {
        Query q = query("SELECT run_id, name, value FROM scalar WHERE run_id BETWEEN ? AND ?");
        q.bind(1, lo).bind(2, hi);
        while (q.next())
            if (auto it = index.find(q.int64(0)); it != index.end())
                out[it->second].scalars[q.text(1)] = q.real(2);
        if (q.failed())
            return readError("scalars");
    }
    return out;
}

std::vector<RunSummary> ExperimentStore::runs() const
{
    return guard<std::vector<RunSummary>>({}, [&] { return readRuns(-1); });
}

std::optional<RunSummary> ExperimentStore::run(std::int64_t id) const
{
    return guard<std::optional<RunSummary>>(std::nullopt, [&]() -> std::optional<RunSummary> {
        if (id < 0)
            return fail("no run with id " + std::to_string(id)), std::nullopt;
        std::vector<RunSummary> found = readRuns(id);
        if (found.empty()) {
            if (mLastError.empty())
                fail("no run with id " + std::to_string(id));
            return std::nullopt;
        }
        return std::move(found.front());
    });
}

} // namespace schedlab
