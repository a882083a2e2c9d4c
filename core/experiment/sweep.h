// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/comparison.h"
#include "global/globalscenario.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

class ExperimentStore;

/**
 * A parameter sweep: one scenario document, one value path in it and a list of
 * values. Every value gives its own scenario (the document with that value, loaded
 * and validated as usual), and each is compared under the same policies and seeds.
 */
struct SweepParameter
{
    std::string path;                ///< e.g. "workload.requests.rate"
    std::vector<std::string> values; ///< as written, e.g. "20/s"
};

/** The most values a sweep takes (each is validated as a scenario before any run,
 *  a few milliseconds apiece). */
inline constexpr std::size_t kMaxSweepValues = 1000;

/**
 * Reads "path=v1,v2,...". Commas inside parentheses belong to the value, so
 * distributions such as "uniform(10ms, 50ms)" can be swept. Refuses an empty path,
 * an empty value, a repeated value and more than kMaxSweepValues values.
 */
std::optional<SweepParameter> parseSweepParameter(const std::string &text, std::string *error);

/**
 * One value of a sweep with the scenario it gives. For a global (multi-cluster)
 * document `global` is the scenario that runs; `scenario` then only carries its
 * name, seed and duration, for the result files.
 */
struct SweepPoint
{
    std::string value;
    Scenario scenario;
    std::shared_ptr<const global::GlobalScenario> global;
};

struct SweepPlan
{
    std::string document;     ///< the scenario's YAML text as given
    std::string scenarioName; ///< of the document as given
    std::string parameter;
    std::vector<SweepPoint> points;
    std::vector<std::string> errors; ///< every refused value (or the path), each naming it
    bool global = false;             ///< a multi-cluster document (global::GlobalScenario)

    bool ok() const { return errors.empty() && !points.empty(); }
};

/**
 * Builds the scenario of every value of `parameter` from the document `yamlText`
 * (a request-plane scenario, or a global one when the document has `global:`)
 * (its file name `fileName` is used in messages and for relative trace paths).
 * A path that does not exist or is not a single value is refused once; a value the
 * loader refuses is reported with the loader's located messages, prefixed by the
 * value. The plan is only ok() when every value gives a valid scenario.
 * `runDuration` > 0: the runs are that long, and their size is the caller's to
 * check (loadScenarioFile()).
 */
SweepPlan planSweep(const std::string &yamlText, const std::string &fileName,
                    const SweepParameter &parameter, double runDuration = 0.0);
/** Same, reading the scenario file at `path` (a file that cannot be read is an error). */
SweepPlan planSweepFile(const std::string &path, const SweepParameter &parameter);

/** The path that sweeps over whole scenarios: each value a scenario file. */
inline constexpr const char *kScenarioParameter = "scenario";

/** Reads a scenario file as a sweep uses it (with its set values applied); nothing,
 *  and `error` set, when it cannot. */
using ScenarioTextReader =
    std::function<std::optional<std::string>(const std::string &path, std::string *error)>;

/**
 * A sweep over whole scenarios (`param: scenario`), e.g. one workload per file:
 * each value names a file relative to the folder of `baseFile`, the document as
 * given, which `read` reads. Values are refused as planSweep() refuses them.
 */
SweepPlan planScenarioSweep(const std::string &baseText, const std::string &baseFile,
                            const SweepParameter &parameter, const ScenarioTextReader &read,
                            double runDuration = 0.0);

/** The policies and seeds every value runs under. */
struct SweepSpec
{
    /** Comma-split policy lists per plane, as for crossVariants(); empty = the scenario's. */
    std::vector<std::string> dispatch, dequeue, orchestration, placement;
    /** Global architectures (names checked by the caller), for a global document. */
    std::vector<std::string> architectures;
    int seeds = 1;         ///< per value: the value's scenario seed, +1, ...
    double duration = 0.0; ///< 0 = each scenario's
    int jobs = 1;
    std::shared_ptr<const LearnedModel> model;
    /** Set: the learned policies of each value run the model it returns for that value
     *  (trained on its scenario, when the value changes what is learned); a value whose
     *  model is null runs no cell, each carrying `modelError`. */
    std::function<std::shared_ptr<const LearnedModel>(const SweepPoint &, std::string *modelError)>
        modelFor;
    /** Set: each value's runs are kept in this store as they go (ComparisonRecorder),
     *  as the comparison "`label` [path=value]"; a global document's once its value's
     *  runs have ended, their metrics alone. */
    ExperimentStore *store = nullptr;
    std::string label;
    /** With `store`: runs it holds complete already are not run again (completedCells()),
     *  and a value's comparison goes on under the name its earlier runs have. */
    bool resume = false;
    /** Set: only the cells it selects run (ComparisonHooks::selected), by value (its
     *  index in the plan) and cell of that value's comparison. */
    std::function<bool(int point, int cell)> selected;
    /** Set, for a global document: the cells it gives a result for (by value and cell)
     *  are not run but take that result, as a store's runs are taken with `resume`. */
    std::function<std::optional<RunResult>(int point, int cell)> known;
    /** Once set, the runs in progress stop too (ComparisonHooks::stopRuns). */
    const std::atomic<bool> *stopRuns = nullptr;
};

/** What the result files need of a global scenario (its name, description, seed
 *  and duration), in a request-plane Scenario: SweepPoint::scenario of a global one. */
Scenario globalStandIn(const global::GlobalScenario &scenario);

/**
 * A comparison of global architectures on `scenario` as the cells of a request-plane
 * one: `spec`'s variants name the architectures (checked by the caller), its seeds
 * and jobs are the runs'. `hooks` as for runComparison(): a known cell is taken, one
 * `selected` leaves out ends with kNotSelected, and `started` and `finished` are
 * called for each cell that ran, in cell order once all have run (not stopRuns).
 */
std::vector<CellResult> runGlobalComparison(const global::GlobalScenario &scenario,
                                            const ComparisonSpec &spec,
                                            const ComparisonHooks &hooks,
                                            const std::function<void(int, int)> &progress = {});

/** The comparison a sweep runs for one value's scenario. */
ComparisonSpec comparisonSpecFor(const SweepSpec &spec, const Scenario &scenario);
/** The same for a value of a global document: one variant per architecture. */
ComparisonSpec comparisonSpecFor(const SweepSpec &spec, const SweepPoint &point);

struct SweepPointResult
{
    std::string value;
    std::string comparison; ///< the label its runs are stored under (SweepSpec::store)
    Scenario scenario;
    ComparisonSpec spec;
    std::vector<CellResult> cells;
    std::vector<VariantSummary> summary;
};

struct SweepResult
{
    std::string document; ///< the scenario's YAML text before any value was set
    bool global = false;  ///< variants are global architectures
    std::string scenarioName;
    std::string parameter;
    std::vector<SweepPointResult> points; ///< in the order the values were given
    std::string storeError;               ///< the first error of SweepSpec::store, naming the file
};

/**
 * Runs the comparison of every point of `plan`, one value after the other, each on
 * `spec.jobs` threads. Results do not depend on the number of jobs.
 * `progress(done, total)` counts runs over the whole sweep; once `cancel` is set no
 * new run starts (the remaining cells carry an error, as in runComparison()).
 */
SweepResult runSweep(const SweepPlan &plan, const SweepSpec &spec,
                     const std::function<void(int, int)> &progress = {},
                     const std::atomic<bool> *cancel = nullptr);

/**
 * The values as numbers for a chart's x axis when every value is a number with the
 * same unit suffix ("20/s", "40/s": 20, 40 and unit "/s"); nullopt otherwise.
 */
std::optional<std::vector<double>> sweepAxis(const std::vector<std::string> &values,
                                             std::string *unit);

} // namespace schedlab
