// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsontext.h"
#include "clisupport.h"
#include "clusterruns.h"
#include "command.h"
#include "globalcommands.h"
#include "interruption.h"
#include "progressbar.h"
#include "sweepcommand.h"

#include "experiment/comparison.h"
#include "experiment/comparisonfiles.h"
#include "experiment/comparisonrecorder.h"
#include "experiment/storedcomparison.h"
#include "experiment/sweep.h"
#include "global/globalresult.h"
#include "global/globalscenarioreader.h"
#include "global/globalsimulation.h"
#include "metrics/engineeringformat.h"
#include "policy/global/architecture.h"
#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include "workload/tracepool.h"
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

namespace schedlab::cli {

namespace {
struct CompareArgs
{
    std::string scenario;
    std::vector<std::string> set;
    PlaneOptions planes;
    int seeds = 10;
    int jobs = 0;
    std::string duration;
    std::string out;
    std::string db;
    std::string checkpoint;
    std::string global;
    std::string param;
    bool json = false;
    bool resume = false;
    SlurmArgs slurm;
};

/** A comparison of a request-plane scenario checked and its outputs opened, ready to
 *  run (a global scenario leaves `scenario` null). */
struct PreparedCompare
{
    CompareArgs args;
    std::optional<AnyScenario> loaded;
    const Scenario *scenario = nullptr;
    ComparisonSpec spec;
    std::unique_ptr<ExperimentStore> store;
    std::unique_ptr<ResumeLock> resuming; ///< held while --resume runs
    std::string label;
    /** Set: only these cells run (ComparisonHooks::selected). */
    std::function<bool(int)> selected;
};

/** `compare --param PATH=VALUES` is `sweep` with --out as a directory. */
int sweepInstead(const CompareArgs &a)
{
    SweepArgs s;
    s.scenario = a.scenario;
    s.param = a.param;
    s.set = a.set;
    s.planes = a.planes;
    s.global = a.global;
    s.seeds = a.seeds;
    s.jobs = a.jobs;
    s.duration = a.duration;
    s.out = a.out.empty() || a.out.back() == '/' ? a.out : a.out + "/";
    s.db = a.db;
    s.checkpoint = a.checkpoint;
    s.json = a.json;
    s.resume = a.resume;
    s.slurm = a.slurm;
    return sweepCommand(s);
}

void printTable(const Scenario &scenario, const ComparisonSpec &spec,
                const std::vector<VariantSummary> &summary)
{
    const std::vector<std::string> columns = keyMetrics(summary, true);
    std::printf("%s: %zu seeds, mean ± 95%% CI (Student t)\n", scenario.name.c_str(),
                spec.seeds.size());
    printPadded("policy", 22, false);
    for (const std::string &m : columns) {
        std::printf(" ");
        printPadded(m, 24, true);
    }
    std::printf("\n");
    for (const VariantSummary &v : summary) {
        printPadded(v.label, 22, false);
        for (const std::string &name : columns) {
            std::string cell = "-";
            for (const auto &[metric, ci] : v.metrics)
                if (metric == name)
                    cell = formatMetricMeanCi(metric, ci);
            std::printf(" ");
            printPadded(cell, 24, true);
        }
        std::printf("\n");
    }
}

int prepareCompare(const CompareArgs &given, PreparedCompare &c)
{
    c.args = given;
    const CompareArgs &a = c.args;
    if (!countAllowed(a.seeds, 1, kMaxSeeds, "--seeds") ||
        !countAllowed(a.jobs, 0, kMaxJobs, "--jobs") || !a.planes.listsDistinct())
        return BadInput;
    ComparisonSpec &spec = c.spec;
    if (!runDurationOption(a.duration, spec.duration))
        return BadInput;
    c.loaded = loadScenarioOrReport(a.scenario, a.global, a.set, spec.duration);
    if (!c.loaded)
        return BadInput;
    if (c.loaded->isGlobal())
        return Ok;
    const Scenario *scenario = c.scenario = &c.loaded->cluster();
    spec.variants =
        crossVariants(scenario->policies, splitList(a.planes.dispatch), splitList(a.planes.dequeue),
                      splitList(a.planes.orchestration), splitList(a.planes.placement));
    for (const Variant &v : spec.variants)
        if (!policiesKnown(v.policies))
            return BadInput;
    for (int i = 0; i < a.seeds; ++i)
        spec.seeds.push_back(scenario->seed + std::uint64_t(i));
    if (!runSizeAllowed(*scenario, spec.duration))
        return BadInput;
    if (!loadCheckpointOption(a.checkpoint, spec.model))
        return BadInput;
    spec.jobs = a.jobs > 0 ? a.jobs : int(std::max(1u, std::thread::hardware_concurrency()));

    // Outputs first: a place that cannot be written, or whose files are what the
    // command reads, is said before any run (and before opening makes the store).
    std::vector<std::string> reads = storeFiles(a.db);
    reads.insert(reads.end(), {a.scenario, traceFileOf(*scenario), a.checkpoint});
    if (!a.out.empty() && !outputFolderAllowed(a.out, "--out", comparisonFiles(a.out), reads))
        return BadInput;
    if (!a.db.empty() && !(c.store = openStoreOption(a.db)))
        return BadInput;
    if (a.resume && !c.store) {
        std::fprintf(stderr, "error: --resume needs --db: the store the earlier runs are in\n");
        return BadInput;
    }
    if (a.resume && !(c.resuming = ResumeLock::take(a.db)))
        return BadInput;
    c.label = comparisonLabel(*scenario);
    return Ok;
}

int runPreparedCompare(PreparedCompare &c)
{
    const CompareArgs &a = c.args;
    const Scenario *scenario = c.scenario;
    const ComparisonSpec &spec = c.spec;
    const std::unique_ptr<ExperimentStore> &store = c.store;
    Interruption interruption;
    ComparisonHooks hooks;
    hooks.stopRuns = &interruption.stop();
    hooks.selected = c.selected;
    std::string label = c.label;
    if (a.resume) {
        hooks.known = completedCells(*store, *scenario, spec, &label);
        const auto known = std::count_if(hooks.known.begin(), hooks.known.end(),
                                         [](const auto &k) { return k.has_value(); });
        std::fprintf(stderr, "resuming '%s': %zu of %zu runs are in %s already\n", label.c_str(),
                     std::size_t(known), hooks.known.size(), a.db.c_str());
    }
    std::optional<ComparisonRecorder> recorder;
    if (store) {
        recorder.emplace(*store, *scenario, spec, label);
        recorder->attach(hooks);
        if (!recorder->ok()) { // a full disk, say: no run is started to be lost
            std::fprintf(stderr, "error: %s; nothing was run\n", recorder->error().c_str());
            return RunFailed;
        }
    }
    ProgressBar bar("compare");
    const auto cells = runComparison(
        *scenario, spec,
        [&](int done, int total) {
            bar.update(double(done) / total,
                       std::to_string(done) + "/" + std::to_string(total) + " runs");
        },
        &interruption.stop(), hooks);
    bar.done();
    const bool interrupted = interruption.requested();
    int failed = 0, finished = 0;
    for (const CellResult &c : cells) {
        if (c.error.empty()) {
            ++finished;
        } else if (!interrupted) {
            std::fprintf(stderr, "error: %s seed %llu: %s\n",
                         spec.variants[c.variant].label.c_str(),
                         static_cast<unsigned long long>(spec.seeds[c.seedIndex]), c.error.c_str());
            ++failed;
        }
    }
    const auto summary = summarise(spec, cells);
    int code = failed ? RunFailed : Ok;
    if (recorder && !recorder->ok()) {
        std::fprintf(stderr, "error: %s\n", recorder->error().c_str());
        code = RunFailed;
    }
    if (!a.out.empty()) {
        std::string error;
        if (!writeComparisonFiles(a.out, *scenario, spec, cells, summary, &error)) {
            std::fprintf(stderr, "error: %s\n", error.c_str());
            code = RunFailed;
        }
    }
    if (a.json) {
        std::printf("%s\n", jsonText(comparisonJson(*scenario, spec, summary)).c_str());
    } else {
        printTable(*scenario, spec, summary);
        if (!a.out.empty())
            std::printf("results: %s/summary.csv, runs.csv, frames.csv, cdf.csv, summary.json\n",
                        a.out.c_str());
        if (store && recorder->ok())
            std::printf("runs stored in %s (comparison '%s')\n", a.db.c_str(), label.c_str());
    }
    if (interrupted) {
        std::fprintf(stderr,
                     "interrupted: %d of %zu runs finished%s; the same command with --resume "
                     "runs the rest\n",
                     finished, cells.size(), store ? " and are stored" : "");
        return kInterruptedExit;
    }
    if (!finishOutput())
        return RunFailed;
    return code;
}
/** A comparison of a global scenario as a cluster plan sees it: its architectures' runs
 *  are the cells, each run as the local comparison runs it, its metrics kept. */
int globalClusterRuns(const nlohmann::ordered_json &options, PreparedCompare &c, ClusterRuns &out)
{
    const CompareArgs &a = c.args;
    if (!a.db.empty()) {
        std::fprintf(stderr, "error: --db does not store global comparisons; use --out\n");
        return BadInput;
    }
    struct Global
    {
        PreparedGlobalCompare prepared;
        Scenario standIn;
        ComparisonSpec spec;
    };
    auto g = std::make_shared<Global>();
    if (const int rc = prepareGlobalCompare(std::move(c.loaded->global()),
                                            {a.global, a.seeds, a.jobs, a.duration, a.out, a.json},
                                            g->prepared);
        rc != Ok)
        return rc;
    g->standIn = globalStandIn(g->prepared.scenario);
    for (const std::string &name : g->prepared.architectures)
        g->spec.variants.push_back({name, {}});
    g->spec.seeds = g->prepared.seeds;
    out.command = "compare";
    out.options = options;
    out.label = comparisonLabel(g->standIn);
    out.inputs = {a.scenario};
    out.stored = false;
    out.comparisons = [g](const std::string &label) {
        return std::vector<PlannedComparison>{
            {label, saveScenarioText(g->standIn), g->spec, "", &g->standIn}};
    };
    out.run = [g](ExperimentStore &store, const std::string &label,
                  const std::function<bool(int)> &selected, int jobs) {
        ComparisonSpec spec = g->spec;
        spec.jobs = jobs;
        ComparisonRecorder recorder(store, g->standIn, spec, label);
        ComparisonHooks hooks;
        hooks.selected = selected;
        recorder.attach(hooks);
        if (recorder.ok())
            runGlobalComparison(g->prepared.scenario, spec, hooks);
        if (!recorder.ok())
            std::fprintf(stderr, "error: %s\n", recorder.error().c_str());
        return recorder.ok();
    };
    out.report = [g](const std::string &, const std::vector<std::optional<RunResult>> &results,
                     SweepResult *) {
        global::GlobalComparison comparison{g->prepared.architectures, g->prepared.seeds, {}};
        for (const std::optional<RunResult> &r : results) {
            std::vector<std::pair<std::string, double>> metrics;
            for (const MetricValue &m : r ? r->metrics : std::vector<MetricValue>{})
                metrics.emplace_back(m.name, m.value);
            comparison.runs.push_back(global::globalResultOf(metrics));
        }
        const int rc = reportGlobalCompare(g->prepared, comparison);
        return rc == Ok && !finishOutput() ? int(RunFailed) : rc;
    };
    out.sample = [g] {
        const auto began = std::chrono::steady_clock::now();
        global::runGlobal(g->prepared.scenario,
                          *global::findGlobalArchitecture(g->prepared.architectures.front()),
                          g->prepared.seeds.front());
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    return Ok;
}

int compareOnCluster(const CompareArgs &given)
{
    CompareArgs a = given;
    if (!readyForCluster(a, "compare"))
        return BadInput;
    nlohmann::ordered_json options = sharedOptions(a);
    options["seeds"] = a.seeds;
    ClusterRuns runs;
    if (const int rc = compareClusterRuns(options, runs); rc != Ok)
        return rc;
    return planOnCluster(runs, a.slurm);
}

int compareCommand(const CompareArgs &a)
{
    const bool resumingPlan = a.resume && isClusterPlanFolder(a.scenario);
    if (!a.slurm.fit(resumingPlan))
        return BadInput;
    if (resumingPlan)
        return resumeOnCluster(a.scenario, a.slurm.dryRun);
    if (!a.param.empty())
        return sweepInstead(a);
    if (a.slurm.slurm)
        return compareOnCluster(a);
    PreparedCompare c;
    if (const int rc = prepareCompare(a, c); rc != Ok)
        return rc;
    if (!c.scenario) {
        if (!a.db.empty()) {
            std::fprintf(stderr, "error: --db does not store global comparisons; use --out\n");
            return BadInput;
        }
        return compareGlobalScenario(std::move(c.loaded->global()),
                                     {a.global, a.seeds, a.jobs, a.duration, a.out, a.json});
    }
    return runPreparedCompare(c);
}
} // namespace

int compareClusterRuns(const nlohmann::ordered_json &options, ClusterRuns &out)
{
    auto c = std::make_shared<PreparedCompare>();
    CompareArgs args;
    readSharedOptions(options, args);
    args.seeds = options.value("seeds", args.seeds);
    if (const int rc = prepareCompare(args, *c); rc != Ok)
        return rc;
    if (!c->scenario)
        return globalClusterRuns(options, *c, out);
    out.command = "compare";
    out.options = options;
    out.label = c->label;
    out.inputs = {c->args.scenario};
    if (!c->args.checkpoint.empty())
        out.inputs.push_back(c->args.checkpoint);
    out.comparisons = [c](const std::string &label) {
        return std::vector<PlannedComparison>{
            {label, saveScenarioText(*c->scenario), c->spec, "", c->scenario}};
    };
    out.run = [c](ExperimentStore &store, const std::string &label,
                  const std::function<bool(int)> &selected, int jobs) {
        ComparisonSpec spec = c->spec;
        spec.jobs = jobs;
        ComparisonRecorder recorder(store, *c->scenario, spec, label);
        ComparisonHooks hooks;
        hooks.selected = selected;
        recorder.attach(hooks);
        bool ok = recorder.ok();
        if (ok)
            for (const CellResult &cell : runComparison(*c->scenario, spec, {}, nullptr, hooks))
                if (!cell.error.empty() && cell.error != kNotSelected) {
                    std::fprintf(stderr, "error: %s seed %llu: %s\n",
                                 spec.variants[cell.variant].label.c_str(),
                                 static_cast<unsigned long long>(spec.seeds[cell.seedIndex]),
                                 cell.error.c_str());
                    ok = false;
                }
        if (!recorder.ok())
            std::fprintf(stderr, "error: %s\n", recorder.error().c_str());
        return ok && recorder.ok();
    };
    out.report = [c](const std::string &label, const std::vector<std::optional<RunResult>> &,
                     SweepResult *) {
        c->label = label;
        c->selected = [](int) { return false; };
        return runPreparedCompare(*c);
    };
    out.sample = [c] {
        const auto began = std::chrono::steady_clock::now();
        runScenario(*c->scenario, c->spec.variants.front().policies, c->spec.seeds.front(),
                    c->spec.duration, nullptr, c->spec.model);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    return Ok;
}

void registerCompareCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand(
        "compare", "Run policies side by side on the same seeds: mean ± 95% CI per metric");
    static CompareArgs a;
    cmd->add_option("scenario", a.scenario,
                    "Scenario YAML file (or, with --resume, a --slurm plan's folder)")
        ->required();
    a.planes.addTo(*cmd, true);
    cmd->add_option("--seeds", a.seeds, "Number of seeds (scenario seed, +1, ...)")
        ->capture_default_str();
    cmd->add_option("--jobs", a.jobs, "Parallel runs (default: all cores)");
    cmd->add_option("--duration", a.duration, "Simulated time per run, e.g. 5m");
    cmd->add_option("--out", a.out, "Directory for CSV and JSON results");
    cmd->add_option("--db", a.db, "Experiment store (SQLite) to record every run in");
    cmd->add_option("--checkpoint", a.checkpoint,
                    "Trained weights for learned policies (from `train --checkpoint`)");
    cmd->add_option("--global", a.global,
                    "Global scheduling architectures, comma-separated, for a global scenario "
                    "(default: all)");
    addSetOption(*cmd, a.set);
    cmd->add_option("--param", a.param,
                    "PATH=v1,v2,...: run the comparison at every value (as `sweep`; --out is "
                    "then a directory that gets sweep.*)");
    cmd->add_flag("--json", a.json, "Print one JSON object");
    cmd->add_flag("--resume", a.resume,
                  "With --db: run only the runs the store does not hold complete already "
                  "(same scenario, policies, seed, duration, model), after an interruption; "
                  "`compare --resume DIR` submits again the tasks of a --slurm plan that did "
                  "not finish");
    a.slurm.addTo(*cmd);
    cmd->callback([&exitCode] { exitCode = compareCommand(a); });
}

} // namespace schedlab::cli
