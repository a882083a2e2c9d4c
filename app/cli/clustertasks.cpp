// SPDX-License-Identifier: GPL-3.0-or-later
// `run-task DIR`: one task of a cluster plan, its runs into its own shard;
// `merge DIR`: every shard checked, then the results as the local command writes them.
#include "clustertasks.h"

#include "clisupport.h"
#include "command.h"

#include "experiment/comparisonrecorder.h"
#include "experiment/storedruns.h"
#include "store/experimentstore.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>

namespace schedlab::cli {

namespace {
namespace fs = std::filesystem;

/** A whole number 0..2^31-1 from `text`, else nullopt. */
std::optional<int> count(const char *text)
{
    if (!text)
        return std::nullopt;
    int value = -1;
    const char *end = text + std::char_traits<char>::length(text);
    const auto [at, ec] = std::from_chars(text, end, value);
    if (ec != std::errc() || at != end || value < 0)
        return std::nullopt;
    return value;
}

/** Removes a store file with its write-ahead log and shared memory. */
void removeStore(const std::string &path)
{
    std::error_code ignored;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        fs::remove(path + suffix, ignored);
}

/** `run-task DIR --model N`: trains model N of the plan into DIR/models/N.ckpt. */
int trainTask(const std::string &out, int model)
{
    RebuiltPlan r;
    if (const int rc = rebuildPlan(out, {{"db", ""}, {"out", ""}, {"json", false}}, r); rc != Ok)
        return rc;
    if (model < 0 || model >= r.plan.models) {
        std::fprintf(
            stderr, "error: --model %d: the plan in %s has %s\n", model, r.plan.out.c_str(),
            r.plan.models == 0 ? "no models to train"
                               : ("models 0 to " + std::to_string(r.plan.models - 1)).c_str());
        return BadInput;
    }
    const std::string path = modelFile(r.plan.out, model);
    if (!r.runs.train(model, path))
        return RunFailed;
    std::printf("wrote %s\n", path.c_str());
    return finishOutput() ? Ok : RunFailed;
}

int runTask(const std::string &out, std::optional<int> given, std::optional<int> model)
{
    if (model) {
        if (given) {
            std::fprintf(stderr, "error: give --task or --model, not both\n");
            return BadInput;
        }
        return trainTask(out, *model);
    }
    const std::optional<int> task = given ? given : count(std::getenv("SLURM_ARRAY_TASK_ID"));
    if (!task) {
        std::fprintf(stderr,
                     "error: give --task N (a Slurm array task has it in "
                     "SLURM_ARRAY_TASK_ID, which is %s)\n",
                     std::getenv("SLURM_ARRAY_TASK_ID") ? "not a task number" : "not set");
        return BadInput;
    }
    RebuiltPlan r;
    if (const int rc = rebuildPlan(out, {{"db", ""}, {"out", ""}, {"json", false}}, r); rc != Ok)
        return rc;
    const ClusterPlan &plan = r.plan;
    if (*task < 0 || *task >= plan.tasks()) {
        std::fprintf(stderr, "error: --task %d: the plan in %s has tasks 0 to %d\n", *task,
                     plan.out.c_str(), plan.tasks() - 1);
        return BadInput;
    }
    // Written under another name and renamed when whole: a shard is complete or absent.
    const std::string shard = shardFile(plan.out, *task), partial = shard + ".part";
    removeStore(partial);
    std::string error;
    auto store = ExperimentStore::open(partial, &error);
    if (!store) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return RunFailed;
    }
    const auto [first, end] = plan.taskCells(*task);
    std::fprintf(stderr, "task %d of %s: runs %d to %d of %d\n", *task, plan.out.c_str(), first,
                 end - 1, plan.cells);
    const int jobs = std::max(1, count(std::getenv("SLURM_CPUS_PER_TASK")).value_or(1));
    const bool ran = r.runs.run(
        *store, plan.label, [first, end](int cell) { return cell >= first && cell < end; }, jobs);
    store.reset();
    std::error_code ec;
    if (fs::exists(partial + "-wal", ec)) { // closing folds the log in; a shard is one file
        std::fprintf(stderr,
                     "error: %s-wal remains after the store was closed; %s is not "
                     "written\n",
                     partial.c_str(), shard.c_str());
        return RunFailed;
    }
    fs::rename(partial, shard, ec);
    if (ec) {
        std::fprintf(stderr, "error: cannot rename %s to %s: %s\n", partial.c_str(), shard.c_str(),
                     ec.message().c_str());
        return RunFailed;
    }
    std::printf("wrote %s\n", shard.c_str());
    if (!finishOutput())
        return RunFailed;
    return ran ? Ok : RunFailed;
}

/** True unless `db` holds runs of the plan already, which a second merge would double. */
bool freshForPlan(const std::string &db, const std::vector<PlannedComparison> &comparisons)
{
    std::error_code ec;
    if (!fs::exists(db, ec))
        return true;
    const auto store = ExperimentStore::openForReading(db, nullptr);
    if (!store)
        return true; // the writers' open says what is wrong with it
    for (const RunSummary &run : store->runs())
        for (const PlannedComparison &c : comparisons)
            if (attributeOf(run, kComparisonAttribute) == c.label) {
                std::fprintf(stderr,
                             "error: --db %s holds the runs of this plan already (merged into "
                             "it before); give another store\n",
                             db.c_str());
                return false;
            }
    return true;
}

/** The shards' runs into `db`, each comparison's cells in a local run's order. */
bool importRuns(const std::string &db, const std::vector<PlannedComparison> &comparisons,
                const ShardContents &shards)
{
    const auto store = openStoreOption(db);
    if (!store)
        return false;
    int cell = 0;
    for (const PlannedComparison &c : comparisons) {
        ComparisonRecorder recorder(*store, *c.scenario, c.spec, c.label);
        const int seeds = int(c.spec.seeds.size());
        for (int i = 0; i < c.cells() && recorder.ok(); ++i, ++cell)
            recorder.record({i / seeds, i % seeds, *shards.results[cell], {}});
        if (!recorder.ok()) {
            std::fprintf(stderr, "error: %s\n", recorder.error().c_str());
            return false;
        }
    }
    return true;
}

} // namespace

int mergeCluster(const std::string &out, const std::string &givenDb, SweepResult *sweep)
{
    RebuiltPlan r;
    ShardContents shards;
    if (const int rc = readPlanShards(out, r, shards); rc != Ok)
        return rc;
    const ClusterPlan &plan = r.plan;
    const std::vector<PlannedComparison> &comparisons = r.comparisons;
    const std::string &parameter = r.runs.parameter;
    if (!shards.complete()) {
        std::fprintf(stderr, "error: %zu of the %d tasks of %s have not finished well:\n",
                     shards.badTasks.size(), plan.tasks(), plan.out.c_str());
        for (std::size_t i = 0; i < shards.badTasks.size(); ++i) {
            const auto [first, end] = plan.taskCells(shards.badTasks[i]);
            std::fprintf(stderr, "  %s\n    its runs: %s", shards.problems[i].c_str(),
                         describeCell(comparisons, parameter, first).c_str());
            if (end - first > 1)
                std::fprintf(stderr, " to %s",
                             describeCell(comparisons, parameter, end - 1).c_str());
            std::fprintf(stderr, "\n");
        }
        std::printf("%s %s --resume %s\n", shellQuoted(thisProgram()).c_str(), plan.command.c_str(),
                    shellQuoted(plan.out).c_str());
        std::fprintf(stderr, "the command above runs those tasks again; then merge again\n");
        return finishOutput() ? Incomplete : RunFailed;
    }
    const std::string files = plan.command == "sweep" ? plan.out + "/" : plan.out;
    RebuiltPlan merged;
    if (!r.runs.stored) {
        if (!givenDb.empty()) {
            std::fprintf(stderr,
                         "error: --db %s: the %s in %s keeps its runs in no store (a global "
                         "scenario's); its results are the files in that folder\n",
                         givenDb.c_str(), plan.command.c_str(), plan.out.c_str());
            return BadInput;
        }
        if (const int rc = rebuildPlan(out, {{"out", files}}, merged); rc != Ok)
            return rc;
        return merged.runs.report(plan.label, shards.results, sweep);
    }
    const std::string planDb = plan.options.value("db", "");
    const std::string db = !givenDb.empty()  ? absolutePath(givenDb)
                           : !planDb.empty() ? planDb
                                             : (fs::path(plan.out) / "store.db").string();
    if (givenDb.empty() && planDb.empty())
        removeStore(db); // the merge's own store, written afresh by each merge
    else if (!freshForPlan(db, comparisons))
        return BadInput;
    if (!importRuns(db, comparisons, shards))
        return RunFailed;
    if (const int rc = rebuildPlan(out, {{"db", db}, {"out", files}, {"resume", true}}, merged);
        rc != Ok)
        return rc;
    return merged.runs.report(plan.label, shards.results, sweep);
}

int rebuildPlan(const std::string &out, const nlohmann::ordered_json &overrides, RebuiltPlan &r)
{
    std::string error;
    const std::optional<ClusterPlan> read = readClusterPlan(out, &error);
    if (!read) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return BadInput;
    }
    const std::vector<std::string> changed = changedInputs(*read);
    for (const std::string &c : changed)
        std::fprintf(stderr, "error: %s\n", c.c_str());
    if (!changed.empty())
        return BadInput;
    nlohmann::ordered_json options = read->options;
    for (const auto &[key, value] : overrides.items())
        options[key] = value;
    options["plan"] = read->out;
    const int rc = read->command == "sweep" ? sweepClusterRuns(options, r.runs)
                                            : compareClusterRuns(options, r.runs);
    if (rc != Ok)
        return rc;
    r.comparisons = r.runs.comparisons(read->label);
    int cells = 0;
    for (const PlannedComparison &c : r.comparisons)
        cells += c.cells();
    if (cells != read->cells || r.runs.models != read->models) {
        std::fprintf(stderr,
                     "error: %s counted %d runs and %d models, its options give %d and %d here "
                     "(another SchedLab version?); plan the %s again\n",
                     planFile(read->out).c_str(), read->cells, read->models, cells, r.runs.models,
                     read->command.c_str());
        return BadInput;
    }
    r.plan = *read;
    return Ok;
}

int readPlanShards(const std::string &out, RebuiltPlan &r, ShardContents &shards)
{
    if (const int rc = rebuildPlan(out, {{"db", ""}, {"out", ""}}, r); rc != Ok)
        return rc;
    shards = readShards(r.plan, r.comparisons, r.runs.parameter);
    return Ok;
}

void registerClusterCommands(CLI::App &app, int &exitCode)
{
    auto *task = app.add_subcommand(
        "run-task", "Run one task of a cluster plan (sweep or compare --slurm): its runs into "
                    "DIR/shards/TASK.db");
    static std::string taskDir;
    static std::optional<int> taskNumber;
    task->add_option("dir", taskDir, "The plan's folder (--out of sweep --slurm)")->required();
    task->add_option("--task", taskNumber,
                     "The task, from 0 (default: SLURM_ARRAY_TASK_ID, as Slurm sets it)");
    static std::optional<int> modelNumber;
    task->add_option("--model", modelNumber,
                     "Train the plan's model N (from 0) into DIR/models/N.ckpt instead (the "
                     "training job of sweep --slurm --train)");
    task->callback([&exitCode] { exitCode = runTask(taskDir, taskNumber, modelNumber); });

    auto *merge = app.add_subcommand(
        "merge", "Check a cluster plan's shards and write its results as the local sweep or "
                 "compare writes them (exit 3 and the --resume command when tasks are missing)");
    static std::string mergeDir, mergeDb;
    merge->add_option("dir", mergeDir, "The plan's folder (--out of sweep --slurm)")->required();
    merge->add_option("--db", mergeDb,
                      "Experiment store for the merged runs (default: the plan's --db, else "
                      "DIR/store.db, written afresh)");
    merge->callback([&exitCode] { exitCode = mergeCluster(mergeDir, mergeDb); });
}

} // namespace schedlab::cli
