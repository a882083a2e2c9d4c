// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/comparison.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

class ExperimentStore;

/**
 * Keeps a comparison's runs in the store as they go: each run is committed as
 * `running` as it starts, and its frames, response CDF, metrics and status in one
 * transaction as it ends (a run stopped part way ends `cancelled`, a failed one
 * `failed`). A process killed at any point keeps every run that finished before.
 * Every run carries what identifies its cell (scenario text, policies, seed,
 * duration, model), so a later comparison can resume from them
 * (completedCells()). Thread-safe: the hooks are called from worker threads.
 */
class ComparisonRecorder
{
public:
    /** Stores the scenario's text; error() says why when the store refuses it. */
    ComparisonRecorder(ExperimentStore &store, const Scenario &scenario, const ComparisonSpec &spec,
                       std::string label);

    /** Sets `hooks.started` and `hooks.finished` to record into the store. */
    void attach(ComparisonHooks &hooks);
    /** Records one cell that ran without hooks (storeComparison()). */
    void record(const CellResult &cell);

    bool ok() const;
    /** The first store error, naming the file. */
    std::string error() const;
    const std::string &label() const { return mLabel; }

private:
    void started(int variant, int seedIndex);
    void finished(const CellResult &cell);

    ExperimentStore &mStore;
    const ComparisonSpec &mSpec;
    std::string mLabel, mDuration, mModel;
    std::int64_t mScenarioId = -1;
    mutable std::mutex mMutex;
    std::map<int, std::int64_t> mRuns; ///< cell -> its run while it runs
    std::string mError;
};

/**
 * The results of `spec`'s cells that a comparison of the same scenario text
 * already finished in the store (same policies, seed, duration and model; the
 * latest such run), by cell (variant × seeds + seed index), for
 * ComparisonHooks::known. `label` gets the comparison they belong to when they all
 * belong to one (it goes on under that name), else stays as it is. Stores the
 * scenario's text if the store lacks it.
 */
std::vector<std::optional<RunResult>> completedCells(ExperimentStore &store,
                                                     const Scenario &scenario,
                                                     const ComparisonSpec &spec,
                                                     std::string *label);

} // namespace schedlab
