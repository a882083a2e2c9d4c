// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweepcommand.h"
#include "base/jsontext.h"

#include "clisupport.h"
#include "clusterruns.h"
#include "command.h"
#include "globalcommands.h"
#include "interruption.h"
#include "progressbar.h"
#include "reportrendering.h"
#include "sweepfigure.h"

#include "base/suggest.h"
#include "experiment/storedcomparison.h"
#include "experiment/storedsweep.h"
#include "experiment/sweepfiles.h"
#include "experiment/sweeppreset.h"
#include "global/globalresult.h"
#include "learn/trainer.h"
#include "metrics/engineeringformat.h"
#include "metrics/metriccatalog.h"
#include "registry/registry.h"
#include "scenario/yamloverride.h"
#include "store/experimentstore.h"

#include "workload/tracepool.h"
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

namespace schedlab::cli {

namespace {

/** The metric names the runs of `point` report (any variant's), from one-slot runs;
 *  empty if they fail. */
std::vector<std::string> reportedMetrics(const SweepPoint &point, const ComparisonSpec &spec)
{
    if (point.global)
        return global::globalMetricNames();
    std::vector<std::string> out;
    for (const Variant &v : spec.variants)
        try {
            const RunResult r = runScenario(point.scenario, v.policies, spec.seeds.front(),
                                            point.scenario.time.slot, nullptr, spec.model);
            for (const MetricValue &m : r.metrics)
                if (std::find(out.begin(), out.end(), m.name) == out.end())
                    out.push_back(m.name);
        } catch (const std::exception &) {
            // The sweep's runs fail the same way and say why.
        }
    return out;
}

/** The metrics the table shows: --metric, or the scenario's key metrics. */
bool chooseMetrics(const SweepArgs &a, const SweepPlan &plan, const ComparisonSpec &spec,
                   std::vector<std::string> &metrics)
{
    metrics = splitList(a.metric);
    const std::vector<std::string> known = reportedMetrics(plan.points.front(), spec);
    if (metrics.empty()) {
        const std::vector<MetricGroup> groups = plan.global
                                                    ? std::vector{MetricGroup::Global}
                                                    : metricGroups(plan.points.front().scenario);
        metrics = keyMetrics(groups, known);
        return true;
    }
    for (const std::string &m : metrics)
        if (!known.empty() && std::find(known.begin(), known.end(), m) == known.end()) {
            std::string list;
            for (const std::string &k : known)
                list += (list.empty() ? "" : ", ") + k;
            std::fprintf(stderr, "error: --metric: unknown metric '%s'%s; metrics: %s\n", m.c_str(),
                         didYouMean(m, known).c_str(), list.c_str());
            return false;
        }
    return true;
}

std::string cell(const VariantSummary &v, const std::string &metric)
{
    for (const auto &[name, ci] : v.metrics)
        if (name == metric) {
            return formatMetricMeanCi(metric, ci);
        }
    return "-";
}

void printTable(const SweepResult &sweep, const std::vector<std::string> &metrics, int seeds)
{
    std::printf("%s: %s over %zu values, %d seeds each, mean ± 95%% CI (Student t)\n",
                sweep.scenarioName.c_str(), sweep.parameter.c_str(), sweep.points.size(), seeds);
    int valueWidth = displayColumns(sweep.parameter),
        policyWidth = displayColumns(sweep.global ? "architecture" : "policy");
    for (const SweepPointResult &p : sweep.points) {
        valueWidth = std::max(valueWidth, displayColumns(p.value));
        for (const VariantSummary &v : p.summary)
            policyWidth = std::max(policyWidth, displayColumns(v.label));
    }
    std::vector<int> widths;
    for (const std::string &m : metrics)
        widths.push_back(std::max(20, displayColumns(m)));
    printPadded(sweep.parameter, valueWidth, false);
    std::printf("  ");
    printPadded(sweep.global ? "architecture" : "policy", policyWidth, false);
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        std::printf(" ");
        printPadded(metrics[i], widths[i], true);
    }
    std::printf("\n");
    for (const SweepPointResult &p : sweep.points)
        for (const VariantSummary &v : p.summary) {
            printPadded(p.value, valueWidth, false);
            std::printf("  ");
            printPadded(v.label, policyWidth, false);
            for (std::size_t i = 0; i < metrics.size(); ++i) {
                std::printf(" ");
                printPadded(cell(v, metrics[i]), widths[i], true);
            }
            std::printf("\n");
        }
}

/**
 * A global document's sweep compares architectures (--global; default: every one);
 * the request-plane options, learned weights and the store do not apply to it.
 */
bool globalOptionsFit(const SweepArgs &a, const SweepPlan &plan, SweepSpec &spec)
{
    if (!plan.global) {
        if (a.global.empty())
            return true;
        std::fprintf(stderr,
                     "error: --global needs a global scenario (a top-level `global:` map), and %s "
                     "has none\n",
                     a.scenario.c_str());
        return false;
    }
    const std::pair<const char *, const std::string *> planeOptions[] = {
        {"--dispatch", &a.planes.dispatch},
        {"--dequeue", &a.planes.dequeue},
        {"--orchestration", &a.planes.orchestration},
        {"--placement", &a.planes.placement},
        {"--checkpoint", &a.checkpoint},
        {"--db", &a.db}};
    for (const auto &[option, value] : planeOptions)
        if (!value->empty()) {
            std::fprintf(stderr,
                         "error: %s (or the preset's %s) does not apply to the global scenario %s; "
                         "name its architectures with --global (or the preset's global)%s\n",
                         option, option + 2, a.scenario.c_str(),
                         std::string(option) == "--db" ? " and write its results with --out" : "");
            return false;
        }
    const auto names = checkedArchitectures(a.global, allArchitectures());
    if (!names)
        return false;
    spec.architectures = *names;
    return true;
}

std::string joined(const std::vector<std::string> &list)
{
    std::string out;
    for (const std::string &item : list)
        out += (out.empty() ? "" : ",") + item;
    return out;
}

} // namespace

bool applySweepPreset(SweepArgs &a)
{
    if (!isSweepPresetFile(a.scenario)) {
        if (!a.param.empty())
            return true;
        // Without --param the file must be a preset: say what is wrong with it, unless it
        // is a scenario (it starts with `schedlab:`), which then needs --param.
        if (!isScenarioDocumentFile(a.scenario)) {
            for (const ScenarioError &e : loadSweepPresetFile(a.scenario).errors)
                std::fprintf(stderr, "%s\n", e.format().c_str());
            return false;
        }
        std::fprintf(stderr, "error: --param PATH=v1,v2,... is required (or give a sweep "
                             "preset file instead of the scenario)\n");
        return false;
    }
    const SweepPresetLoad load = loadSweepPresetFile(a.scenario);
    for (const ScenarioError &e : load.errors)
        std::fprintf(stderr, "%s\n", e.format().c_str());
    if (!load.ok())
        return false;
    const SweepPreset &p = *load.preset;
    a.scenario = p.scenario;
    if (a.param.empty())
        a.param = p.param + "=" + joined(p.values);
    const std::pair<std::string *, const std::vector<std::string> *> lists[] = {
        {&a.planes.dispatch, &p.dispatch},
        {&a.planes.dequeue, &p.dequeue},
        {&a.planes.orchestration, &p.orchestration},
        {&a.planes.placement, &p.placement},
        {&a.global, &p.global},
        {&a.metric, &p.metrics}};
    for (const auto &[option, list] : lists)
        if (option->empty())
            *option = joined(*list);
    if (!a.seeds && p.seeds > 0)
        a.seeds = p.seeds;
    if (a.duration.empty())
        a.duration = p.duration;
    for (const auto &[path, value] : p.set)
        a.set.insert(a.set.begin(), path + "=" + value); // given options come last and win
    a.paper = p.paper;
    if (a.train.empty() && a.checkpoint.empty()) { // a given checkpoint replaces training
        a.train = p.train;
        a.trainOnce = p.trainOnce;
        a.trainFromPreset = !p.train.empty();
    }
    if (!a.trainSeed && p.trainSeed > 0)
        a.trainSeed = p.trainSeed;
    return true;
}

namespace {

/** The folder the sweep's files go to (`--out` is a prefix, or a folder). */
std::string sweepOutputFolder(const std::string &out)
{
    const auto folder = std::filesystem::path(sweepFilePrefix(out)).parent_path();
    return folder.empty() ? "." : folder.string();
}

} // namespace

int reportSweepFailures(const SweepResult &sweep)
{
    int failed = 0;
    for (const SweepPointResult &p : sweep.points)
        for (const CellResult &c : p.cells)
            if (!c.error.empty() && c.error != kNotSelected) {
                std::fprintf(stderr, "error: %s=%s, %s seed %llu: %s\n", sweep.parameter.c_str(),
                             p.value.c_str(), p.spec.variants[c.variant].label.c_str(),
                             static_cast<unsigned long long>(p.spec.seeds[c.seedIndex]),
                             c.error.c_str());
                ++failed;
            }
    return failed;
}

int prepareSweep(const SweepArgs &given, PreparedSweep &s)
{
    s.args = given;
    SweepArgs &a = s.args;
    if (!applySweepPreset(a))
        return BadInput;
    const int seeds = a.seeds.value_or(5);
    std::string error;
    const auto parameter = parseSweepParameter(a.param, &error);
    if (!parameter) {
        std::fprintf(stderr, "error: --param: %s\n", error.c_str());
        return BadInput;
    }
    if (!countAllowed(seeds, 1, kMaxSeeds, "--seeds") ||
        !countAllowed(a.jobs, 0, kMaxJobs, "--jobs") || !a.planes.listsDistinct())
        return BadInput;
    SweepSpec &spec = s.spec;
    if (!runDurationOption(a.duration, spec.duration))
        return BadInput;
    const auto text = scenarioTextWith(a.scenario, a.set);
    if (!text)
        return BadInput;
    s.plan = parameter->path == kScenarioParameter
                 ? planScenarioSweep(
                       *text, a.scenario, *parameter,
                       [&a](const std::string &path, std::string *why) {
                           auto t = scenarioTextWith(path, a.set);
                           if (!t)
                               *why = "cannot be read (said above)";
                           return t;
                       },
                       spec.duration)
                 : planSweep(*text, a.scenario, *parameter, spec.duration);
    const SweepPlan &plan = s.plan;
    for (const std::string &e : plan.errors)
        std::fprintf(stderr, "%s\n", e.c_str());
    if (!plan.ok())
        return BadInput;
    if (spec.duration > 0)
        for (const SweepPoint &point : plan.points)
            if (const auto problem = runSizeProblem(point.scenario, spec.duration);
                problem && !point.global) {
                std::fprintf(stderr, "error: with %s=%s: --duration: %s\n", plan.parameter.c_str(),
                             point.value.c_str(), problem->message.c_str());
                return BadInput;
            }

    if (!globalOptionsFit(a, plan, spec))
        return BadInput;
    spec.dispatch = splitList(a.planes.dispatch);
    spec.dequeue = splitList(a.planes.dequeue);
    spec.orchestration = splitList(a.planes.orchestration);
    spec.placement = splitList(a.planes.placement);
    spec.seeds = seeds;
    if (!loadCheckpointOption(a.checkpoint, spec.model))
        return BadInput;
    spec.jobs = a.jobs > 0 ? a.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
    if (!plan.global)
        for (const SweepPoint &p : plan.points)
            for (const Variant &v : comparisonSpecFor(spec, p).variants)
                if (!policiesKnown(v.policies))
                    return BadInput;
    if (!a.out.empty() && !checkSweepFigurePreset(a.preset, &error)) {
        std::fprintf(stderr, "error: --preset: %s\n", error.c_str());
        return BadInput;
    }
    if (!chooseMetrics(a, plan, comparisonSpecFor(spec, plan.points.front()), s.metrics))
        return BadInput;
    // Outputs first: a place that cannot be written is said before any run or training.
    std::vector<std::string> reads = storeFiles(a.db);
    reads.insert(reads.end(), {a.scenario, a.checkpoint});
    for (const SweepPoint &p : plan.points)
        if (!plan.global)
            reads.push_back(traceFileOf(p.scenario));
    if (!a.out.empty() &&
        !outputFolderAllowed(sweepOutputFolder(a.out), "--out", sweepFiles(a.out), reads))
        return BadInput;
    std::unique_ptr<ExperimentStore> &store = s.store;
    if (!a.db.empty() && !(store = openStoreOption(a.db)))
        return BadInput;
    if (a.resume && !store) {
        std::fprintf(stderr, "error: --resume needs --db: the store the earlier runs are in\n");
        return BadInput;
    }
    if (a.resume && !(s.resuming = ResumeLock::take(a.db)))
        return BadInput;
    if (const int rc = setUpSweepTraining(a, plan, spec); rc != Ok)
        return rc;
    spec.store = store.get();
    spec.resume = a.resume;
    spec.label = comparisonLabel(plan.points.front().scenario);
    return Ok;
}

int runPreparedSweep(PreparedSweep &s, SweepResult *result)
{
    const SweepArgs &a = s.args;
    const SweepPlan &plan = s.plan;
    SweepSpec &spec = s.spec;
    const std::unique_ptr<ExperimentStore> &store = s.store;
    std::vector<std::string> &metrics = s.metrics;
    const int seeds = a.seeds.value_or(5);
    std::string error;
    Interruption interruption;
    spec.stopRuns = &interruption.stop();
    ProgressBar bar("sweep");
    const SweepResult sweep = runSweep(
        plan, spec,
        [&](int done, int total) {
            bar.update(double(done) / total,
                       std::to_string(done) + "/" + std::to_string(total) + " runs");
        },
        &interruption.stop());
    bar.done();
    const bool interrupted = interruption.requested();
    const int failed = interrupted ? 0 : reportSweepFailures(sweep);
    int code = failed ? RunFailed : Ok;
    if (!sweep.storeError.empty()) {
        std::fprintf(stderr, "error: %s\n", sweep.storeError.c_str());
        code = RunFailed;
    }
    if (metrics.empty()) // the probe could not run (a model trained only now): ask the runs
        for (const SweepPointResult &p : sweep.points)
            for (const CellResult &c : p.cells)
                if (c.error.empty() && metrics.empty()) {
                    std::vector<std::string> known;
                    for (const MetricValue &m : c.result.metrics)
                        known.push_back(m.name);
                    metrics = keyMetrics(plan.global ? std::vector{MetricGroup::Global}
                                                     : metricGroups(p.scenario),
                                         known);
                }
    if (metrics.empty())
        metrics.push_back("throughput_rate");

    if (store && !interrupted && !recordSweep(*store, sweep, spec.label, &error)) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        code = RunFailed;
    }
    std::vector<std::string> written;
    if (!a.out.empty()) {
        if (!writeSweepFiles(a.out, sweep, &written, &error)) {
            std::fprintf(stderr, "error: %s\n", error.c_str());
            return RunFailed;
        }
        std::vector<std::string> figures;
        if (interrupted) {
            // What finished is in the files; a figure waits for the whole sweep, and an
            // earlier sweep's figures would sit beside these files as if they drew them.
            for (const std::string &file : sweepFiles(a.out))
                if (file.ends_with(".pdf") || file.ends_with(".png") || file.ends_with(".svg")) {
                    std::error_code ec;
                    if (std::filesystem::remove(file, ec))
                        std::fprintf(stderr, "removed %s: it drew an earlier sweep\n",
                                     file.c_str());
                }
        } else if (!canWriteSweepFigures()) {
            std::fprintf(stderr, "note: no figure: this schedlab-cli was built without the GUI\n");
        } else if (!writeSweepFigures(sweep, metrics.front(), sweepFilePrefix(a.out), a.preset,
                                      &figures, &error)) {
            std::fprintf(stderr, "error: %s\n", error.c_str());
            return RunFailed;
        }
        written.insert(written.end(), figures.begin(), figures.end());
    }
    if (a.json) {
        std::printf("%s\n", jsonText(sweepJson(sweep)).c_str());
    } else {
        printTable(sweep, metrics, seeds);
        if (!a.paper.empty())
            std::printf("paper: %s\n", a.paper.c_str());
        for (const std::string &f : written)
            std::printf("wrote %s\n", f.c_str());
        if (store && !interrupted)
            std::printf("runs stored in %s (sweep '%s')\n", a.db.c_str(), spec.label.c_str());
    }
    if (result)
        *result = sweep;
    if (interrupted) {
        int finished = 0, total = 0;
        for (const SweepPointResult &p : sweep.points)
            for (const CellResult &c : p.cells)
                finished += c.error.empty(), ++total;
        std::fprintf(stderr,
                     "interrupted: %d of %d runs finished%s; the same command with --resume "
                     "runs the rest\n",
                     finished, total, store ? " and are stored" : "");
        return kInterruptedExit;
    }
    if (!finishOutput())
        return RunFailed;
    return code;
}

int sweepCommand(const SweepArgs &given, SweepResult *result)
{
    const bool resumingPlan = given.resume && isClusterPlanFolder(given.scenario);
    if (!given.slurm.fit(resumingPlan))
        return BadInput;
    if (resumingPlan)
        return resumeOnCluster(given.scenario, given.slurm.dryRun);
    if (given.slurm.slurm)
        return sweepOnCluster(given);
    PreparedSweep s;
    if (const int rc = prepareSweep(given, s); rc != Ok)
        return rc;
    return runPreparedSweep(s, result);
}

#ifndef SCHEDLAB_CLI_EXPORT
bool canWriteSweepFigures()
{
    return false;
}

bool checkSweepFigurePreset(const std::string &, std::string *)
{
    return true;
}

bool writeSweepFigures(const SweepResult &, const std::string &, const std::string &,
                       const std::string &, std::vector<std::string> *, std::string *error)
{
    *error = "figures need schedlab-cli built with the GUI (SCHEDLAB_BUILD_GUI)";
    return false;
}

bool writeReportRenderings(const std::string &, std::vector<std::string> *, std::string *error)
{
    *error = "HTML and PDF reports need schedlab-cli built with the GUI (SCHEDLAB_BUILD_GUI)";
    return false;
}
#endif

void registerSweepCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand(
        "sweep", "Vary one scenario value: compare policies on the same seeds at every value");
    static SweepArgs a;
    cmd->add_option("scenario", a.scenario,
                    "Scenario YAML file, or a sweep preset (a file with `sweep: 1`) whose "
                    "settings apply where no option is given (or, with --resume, a --slurm "
                    "plan's folder)")
        ->required();
    cmd->add_option("--param", a.param,
                    "PATH=v1,v2,...: the YAML value to vary, e.g. workload.requests.rate=10/s,20/s "
                    "or sites.0.eaps.0.nodes.0.count=2,4,8; scenario=a.yaml,b.yaml runs whole "
                    "scenarios (files beside the given one)");
    a.planes.addTo(*cmd, true);
    cmd->add_option("--global", a.global,
                    "Global architectures, comma-separated, for a global scenario (default: all)");
    cmd->add_option("--seeds", a.seeds, "Seeds per value (scenario seed, +1, ...; default 5)");
    cmd->add_option("--jobs", a.jobs, "Parallel runs (default: all cores)");
    cmd->add_option("--duration", a.duration, "Simulated time per run, e.g. 5m");
    cmd->add_option("--out", a.out,
                    "File prefix for PREFIX.csv, PREFIX-runs.csv, PREFIX.json and the figure "
                    "PREFIX.pdf/.png/.svg (a directory gets sweep.*)");
    cmd->add_option("--db", a.db, "Experiment store (SQLite) to record the sweep in");
    cmd->add_flag("--resume", a.resume,
                  "With --db: run only the runs the store does not hold complete already "
                  "(same scenario, policies, seed, duration, model), after an interruption; "
                  "`sweep --resume DIR` submits again the tasks of a --slurm plan that did "
                  "not finish");
    a.slurm.addTo(*cmd);
    cmd->add_option("--metric", a.metric,
                    "Metrics of the table, comma-separated; the first is charted "
                    "(default: the scenario's key metrics, throughput_rate charted; for a "
                    "global scenario sched_latency_ms_p99, conflicts, allocation_rate, "
                    "cluster_util_mean)");
    cmd->add_option("--preset", a.preset, "Figure preset: ieee-single, ieee-double or screen")
        ->capture_default_str();
    cmd->add_option("--checkpoint", a.checkpoint,
                    "Trained weights for learned policies (from `train --checkpoint`)");
    addSetOption(*cmd, a.set);
    cmd->add_option("--train", a.train,
                    "Train this agent (its default budget) on each value's scenario first and run "
                    "the learned policies with it, for a value that changes what is learned "
                    "(e.g. policies.kais.epsilon)");
    cmd->add_flag("--train-once", a.trainOnce,
                  "With --train: train once on the scenario file as given (before --set), not "
                  "for each value (for values that do not change what is learned, e.g. "
                  "workloads)");
    cmd->add_option("--train-seed", a.trainSeed,
                    "With --train: the training seed (default: the scenario's, as `train`)")
        ->check(seedText());
    cmd->add_option("--train-episodes", a.trainEpisodes,
                    "With --train: episodes to train (default: the agent's budget, as `train`)")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--train-workers", a.trainWorkers,
                    "With --train: episodes trained at once (train --workers; default: the "
                    "machine's cores; for cmmac and kais)")
        ->check(CLI::Range(1, kMaxTrainWorkers));
    cmd->add_flag("--json", a.json, "Print one JSON object");
    cmd->callback([&exitCode] { exitCode = sweepCommand(a); });
}

} // namespace schedlab::cli
