// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/runrecord.h"

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

struct sqlite3;

namespace schedlab {

class Query;
class Statement;

/**
 * The experiment store: one SQLite file in the shape of OMNeT++'s result
 * databases (scenario, run, run attributes, scalars, vectors and their data),
 * plus training curves and checkpoints.
 *
 * Durability: the file is in WAL mode with foreign keys on. beginRun() commits
 * the run at once as "running"; each appendVector() and finishRun() is one
 * transaction. A process killed at any point leaves a consistent database in
 * which its unfinished run reads back as "incomplete".
 *
 * Concurrency: an object is used by one thread at a time (it is not locked).
 * Several processes may write one file; SQLite serialises them and each waits
 * up to busyTimeoutMs for the write lock (one writer at a time).
 *
 * Errors: nothing throws. Failing calls return false, -1, nullopt or an empty
 * result and leave the reason in lastError().
 */
class ExperimentStore
{
public:
    /** How long a writer waits for another process's write lock. */
    static constexpr int busyTimeoutMs = 10000;

    /**
     * Opens the store at `path`, creating it or migrating it to the current schema.
     * Returns null and sets `*error` (which names the file) when the file is not an
     * SQLite database, is corrupt, belongs to another program or has a newer schema;
     * such a file is never written to. A store that cannot be written (a read-only
     * file or filesystem) is refused too: this is the writers' open. Corruption is
     * checked cheaply (header, file size, schema page); checkIntegrity() reads the
     * whole file.
     */
    static std::unique_ptr<ExperimentStore> open(const std::string &path, std::string *error);

    /**
     * Opens an existing store to read it, and never writes: a missing, empty or
     * foreign file is refused as it is (never made a store), a store of an older
     * schema is refused (a writing command migrates it), and a store on a read-only
     * filesystem is read as it is. Writing calls on it fail.
     */
    static std::unique_ptr<ExperimentStore> openForReading(const std::string &path,
                                                           std::string *error);

    ~ExperimentStore();
    ExperimentStore(const ExperimentStore &) = delete;
    ExperimentStore &operator=(const ExperimentStore &) = delete;

    /** The file this store was opened on. */
    const std::string &path() const { return mPath; }

    /**
     * Stores a scenario's YAML text, or finds it: identical text (same content
     * hash and bytes) returns the existing id, keeping the name first given.
     * Returns -1 on error.
     */
    std::int64_t addScenario(const std::string &name, const std::string &yamlText);
    /** The YAML text of a stored scenario, exactly as given. */
    std::optional<std::string> scenarioYaml(std::int64_t scenarioId) const;

    /** Stores a new run with status "running", committed at once. Returns its id, or -1. */
    std::int64_t beginRun(const RunRecord &record);

    /**
     * Appends points (x[i], y[i]) to the run's vector `name`, creating the vector
     * on first use. One transaction per call; x and y must have the same size.
     * Only a run that is still running accepts data. Doubles are stored bit-exactly
     * (NaN reads back as a quiet NaN).
     */
    bool appendVector(std::int64_t runId, const std::string &name, const std::vector<double> &x,
                      const std::vector<double> &y);

    /**
     * Stores the run's scalars, its final status (not Running) and its finish time
     * in one transaction. Fails for an unknown run or one already finished.
     */
    bool finishRun(std::int64_t runId, const std::map<std::string, double> &scalars,
                   RunStatus status);

    /** Everything a finished run adds at once. */
    struct RunOutcome
    {
        std::map<std::string, double> scalars;
        /** name -> (x, y), appended to the run's vectors. */
        std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> vectors;
        std::map<std::string, std::string> attributes; ///< added or replaced
    };
    /** finishRun() with the run's vectors and more attributes, all in one transaction:
     *  a process killed meanwhile leaves the run running (read back "incomplete"). */
    bool completeRun(std::int64_t runId, const RunOutcome &outcome, RunStatus status);

    /** All runs, oldest first. A run marked running that this process did not begin
     *  reports status "incomplete"; one whose process (on this machine) has ended is
     *  marked cancelled at the next open, with the attribute `interrupted`. */
    std::vector<RunSummary> runs() const;
    /** One run, or nullopt (lastError() says why: unknown id or a read error). */
    std::optional<RunSummary> run(std::int64_t id) const;
    /** The points of a run's vector in append order; empty if there is none. */
    std::vector<std::pair<double, double>> vector(std::int64_t runId,
                                                  const std::string &name) const;
    /** Names of the run's vectors, sorted. */
    std::vector<std::string> vectorNames(std::int64_t runId) const;

    /**
     * Stores a sweep whose values' runs are stored as the comparisons named in
     * `points` (value, comparison label), in one transaction. Returns its id, or -1
     * (also for a label already used).
     */
    std::int64_t addSweep(const std::string &label, std::int64_t scenarioId,
                          const std::string &parameter,
                          const std::vector<std::pair<std::string, std::string>> &points);
    /** All sweeps, oldest first. */
    std::vector<SweepRecord> sweeps() const;

    /** Starts a training session (a named series of curves). Returns its id, or -1. */
    std::int64_t beginTrainingSession(const std::string &name, std::int64_t scenarioId = -1);
    /** Stores the values of one training step (metric -> value) in one transaction;
     *  a repeated (step, metric) replaces the earlier value. */
    bool appendTrainingPoint(std::int64_t sessionId, std::int64_t step,
                             const std::map<std::string, double> &values);
    /** All training sessions, oldest first, with the names of their curves. */
    std::vector<TrainingSession> trainingSessions() const;
    /** One metric's curve of a session as (step, value), by step. */
    std::vector<std::pair<std::int64_t, double>> trainingCurve(std::int64_t sessionId,
                                                               const std::string &metric) const;

    /** True if a checkpoint called `name` exists. */
    bool checkpointExists(const std::string &name) const;
    /** Stores (or replaces) the checkpoint `name`. */
    bool saveCheckpoint(const std::string &name, const std::vector<std::uint8_t> &blob,
                        int formatVersion, std::int64_t sessionId = -1);
    /** The checkpoint `name`, or nullopt if there is none or it cannot be read. */
    std::optional<Checkpoint> loadCheckpoint(const std::string &name) const;
    /** The names of the stored checkpoints, oldest first. */
    std::vector<std::string> checkpointNames() const;

    /**
     * Runs `PRAGMA integrity_check` (reads the whole file; for tools and tests, not
     * for every open). True if the database is sound; `*report` gets SQLite's text.
     */
    bool checkIntegrity(std::string *report = nullptr) const;

    /** Why the last failing call failed; empty after a successful call. */
    std::string lastError() const { return mLastError; }

private:
    ExperimentStore(std::string path, sqlite3 *db);

    /** A use of the statement for `sql`, prepared once and kept. */
    Query query(std::string_view sql) const;
    bool fail(const std::string &what) const;
    std::string sqliteError() const;
    /** "running" rows: true if this process began the run. */
    bool ownsRun(const std::string &owner) const { return owner == mOwner; }
    std::vector<RunSummary> readRuns(std::int64_t onlyId) const;
    /** The stored status text of a run (inside a transaction); nullopt + error if none. */
    std::optional<std::string> runStatusInTransaction(std::int64_t runId);
    /** Runs left `running` by a process of this machine that has ended are marked
     *  cancelled, with the attribute `interrupted` saying so (at every open). */
    void closeDeadRuns();
    bool requireRunning(std::int64_t runId, const std::string &what);
    /** The body of appendVector() and completeRun(), inside their transaction. */
    bool appendPoints(std::int64_t runId, const std::string &name, const std::vector<double> &x,
                      const std::vector<double> &y);
    bool storeFinish(std::int64_t runId, const std::map<std::string, double> &scalars,
                     RunStatus status, const std::string &what);

    /** Records an unexpected exception in lastError(); never throws itself. */
    void note(const char *what) const noexcept;
    /** Clears lastError(), runs `body` and turns any exception into `fallback`
     *  plus an error message: nothing throws out of the public API. */
    template <class R, class F> R guard(R fallback, F &&body) const noexcept
    {
        mLastError.clear();
        try {
            return body();
        } catch (const std::exception &e) {
            note(e.what());
        } catch (...) {
            note("unknown exception");
        }
        return fallback;
    }

    std::string mPath;
    std::unique_ptr<sqlite3, int (*)(sqlite3 *)> mDb;
    std::string mOwner; ///< this process's "host:pid:nonce"
    // Declared after mDb: statements are finalized before the connection closes.
    mutable std::unordered_map<std::string, std::unique_ptr<Statement>> mStatements;
    mutable std::string mLastError;
};

} // namespace schedlab
