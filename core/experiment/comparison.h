// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/policyset.h"
#include "metrics/confidence.h"
#include "metrics/runresult.h"
#include "model/scenario.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

class SimObserver;
struct LearnedModel;

/** One run of a scenario under a policy set and seed; throws std::invalid_argument on
 *  bad input. `model` holds the weights of learned policies (a loaded checkpoint);
 *  the planes set in `given` run those policies instead of the ones named. */
RunResult runScenario(const Scenario &scenario, const PolicySelection &policies, std::uint64_t seed,
                      double duration = 0.0, SimObserver *observer = nullptr,
                      std::shared_ptr<const LearnedModel> model = nullptr, PolicySet given = {});

/** When a policy of `policies` is learned and `model`'s info records its training
 *  curve (TrainingCurve::record()): the metrics of group training, appended to `result`. */
void addTrainingMetrics(RunResult &result, const PolicySelection &policies,
                        const LearnedModel *model);

/** A policy set under comparison, labelled by what varies (e.g. "greedy"). */
struct Variant
{
    std::string label;
    PolicySelection policies;
    /** Policies written outside the registry (a Python function), built afresh for each
     *  run: the planes it sets run them, under the names `policies` gives them. */
    std::function<PolicySet()> given = {};
};

struct ComparisonSpec
{
    std::vector<Variant> variants;
    std::vector<std::uint64_t> seeds;
    double duration = 0.0;                     ///< 0 = the scenario's
    int jobs = 1;                              ///< worker threads
    std::shared_ptr<const LearnedModel> model; ///< weights for learned policies, if any
};

/** One finished cell of the variants x seeds grid. */
struct CellResult
{
    int variant = 0;
    int seedIndex = 0;
    RunResult result;
    std::string error; ///< non-empty if the run failed
};

struct VariantSummary
{
    std::string label;
    PolicySelection policies;
    std::vector<std::pair<std::string, MeanCi>> metrics; ///< in RunResult metric order
};

/** What a caller may add to a comparison's runs (all optional). */
struct ComparisonHooks
{
    /** Results already known, by cell (variant × seeds + seed index), e.g. from a
     *  resumed comparison in the store: those cells are not run again. */
    std::vector<std::optional<RunResult>> known;
    /** Set: only the cells it selects (by cell index) run, e.g. a cluster task's share of
     *  a comparison; the others, unless known, end with kNotSelected as their error. */
    std::function<bool(int cell)> selected;
    /** Called from a worker thread as a cell's run starts and when it ended (its
     *  result, or its error). */
    std::function<void(int variant, int seedIndex)> started;
    std::function<void(const CellResult &)> finished;
    /** Polled by the runs in progress between slots: once set they stop, and their
     *  cells end with kInterrupted as their error. */
    const std::atomic<bool> *stopRuns = nullptr;
};

/** The error of a cell whose run was stopped part way (ComparisonHooks::stopRuns). */
inline constexpr const char *kInterrupted = "interrupted";
/** The error of a cell ComparisonHooks::selected left out. */
inline constexpr const char *kNotSelected = "not selected to run here";

/**
 * Runs every variant on the same seeds, in parallel. Results do not depend on
 * the number of jobs or the order cells finish. `progress(done, total)` is called
 * from worker threads; `cancel` stops handing out new cells.
 */
std::vector<CellResult> runComparison(const Scenario &scenario, const ComparisonSpec &spec,
                                      const std::function<void(int, int)> &progress = {},
                                      const std::atomic<bool> *cancel = nullptr,
                                      const ComparisonHooks &hooks = {});

/** Mean and 95% CI per variant and metric, over the cells that succeeded. */
std::vector<VariantSummary> summarise(const ComparisonSpec &spec,
                                      const std::vector<CellResult> &cells);

/** The key metrics of a comparison (metrics/metriccatalog.h), in catalog order: of those
 *  its runs report, the request metrics only when requests arrived (every run reports
 *  them); without the wall-clock ones unless `wallClock`. */
std::vector<std::string> keyMetrics(const std::vector<VariantSummary> &summary, bool wallClock);

/** Every combination of the planes' policies (a plane with none keeps `base`'s), each
 *  labelled by the planes that vary; one variant alone by the planes asked for (so
 *  `--orchestration gpg` is "gpg"), or by its dispatch policy when none was. */
std::vector<Variant> crossVariants(const PolicySelection &base,
                                   const std::vector<std::string> &dispatch,
                                   const std::vector<std::string> &dequeue,
                                   const std::vector<std::string> &orchestration,
                                   const std::vector<std::string> &placement = {});

} // namespace schedlab
