// SPDX-License-Identifier: GPL-3.0-or-later
// `--slurm`: a sweep or comparison planned as a Slurm job array, submitted with sbatch;
// `--resume DIR`: the tasks that did not finish, submitted again.
#include "clusterruns.h"

#include "clisupport.h"
#include "clustertasks.h"
#include "command.h"
#include "slurmsubmit.h"

#include "base/textfile.h"
#include "workload/tracepool.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>

namespace schedlab::cli {

namespace {
namespace fs = std::filesystem;

/** The most tasks an array gets unless --cells-per-task asks for more: Slurm's
 *  default MaxArraySize is 1001. */
constexpr int kDefaultMaxTasks = 1000;

/** The job scripts of what is to run: the models' job, if any models are to be
 *  trained, then the runs' job, which waits for it. */
struct JobScripts
{
    std::vector<int> models, tasks; ///< empty: all of the plan's
    int modelCount = 0, taskCount = 0;
    std::string trainPath, runsPath;
    std::string trainText, runsText;
};

JobScripts jobScripts(const ClusterPlan &plan, std::vector<int> models, std::vector<int> tasks,
                      const std::string &runsPath)
{
    JobScripts j;
    j.modelCount = models.empty() ? (tasks.empty() ? plan.models : 0) : int(models.size());
    j.taskCount = tasks.empty() ? plan.tasks() : int(tasks.size());
    j.models = std::move(models);
    j.tasks = std::move(tasks);
    j.runsPath = runsPath;
    j.runsText = sbatchScript(plan, j.tasks);
    if (j.modelCount > 0) {
        j.trainPath = trainScriptFile(plan.out);
        j.trainText = sbatchScript(plan, j.models, true);
    }
    return j;
}

bool writeScripts(const JobScripts &j)
{
    std::string error;
    if ((j.modelCount > 0 && !replaceFile(j.trainPath, j.trainText, &error)) ||
        !replaceFile(j.runsPath, j.runsText, &error)) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return false;
    }
    return true;
}

/** Submits the scripts with sbatch; prints what to do next; an exit code. */
int submit(const ClusterPlan &plan, const JobScripts &j)
{
    std::string dependency;
    if (j.modelCount > 0) {
        const auto job = sbatch(j.trainPath, "");
        if (!job)
            return RunFailed;
        std::printf("submitted job %s: %d task%s training the models the runs need\n", job->c_str(),
                    j.modelCount, j.modelCount == 1 ? "" : "s");
        dependency = "afterok:" + *job;
    }
    const auto job = sbatch(j.runsPath, dependency);
    if (!job)
        return RunFailed;
    std::printf("submitted job %s: %d task%s of the %d runs planned in %s%s\n", job->c_str(),
                j.taskCount, j.taskCount == 1 ? "" : "s", plan.cells, plan.out.c_str(),
                dependency.empty() ? "" : ", once the training has ended well");
    std::printf("follow it: squeue -j %s\n", job->c_str());
    std::printf("when it has ended: %s merge %s\n", shellQuoted(thisProgram()).c_str(),
                shellQuoted(plan.out).c_str());
    return finishOutput() ? Ok : RunFailed;
}

/** --dry-run: the scripts as written. */
void printScripts(const JobScripts &j)
{
    if (j.modelCount > 0)
        std::fputs(j.trainText.c_str(), stdout);
    std::fputs(j.runsText.c_str(), stdout);
}

void printWritten(const JobScripts &j)
{
    if (j.modelCount > 0)
        std::printf("# written, not submitted: sbatch %s, then sbatch "
                    "--dependency=afterok:JOB %s\n",
                    shellQuoted(j.trainPath).c_str(), shellQuoted(j.runsPath).c_str());
    else
        std::printf("# written, not submitted: sbatch %s\n", shellQuoted(j.runsPath).c_str());
}

std::string hours(double seconds)
{
    char text[64];
    if (seconds < 60)
        std::snprintf(text, sizeof text, "%.2g s", seconds);
    else if (seconds < 3600)
        std::snprintf(text, sizeof text, "%.1f min", seconds / 60);
    else
        std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
    return text;
}
} // namespace

bool clusterOptionsFit(const std::string &out, bool resume, const char *command)
{
    if (out.empty()) {
        std::fprintf(stderr, "error: --slurm needs --out DIR: the folder of the plan, the "
                             "tasks' shards and the merged results\n");
        return false;
    }
    if (!slurmFolderAllowed(out))
        return false;
    if (resume) {
        std::fprintf(stderr,
                     "error: --resume with --slurm: `%s --resume DIR` submits again the tasks "
                     "of the plan in DIR that did not finish\n",
                     command);
        return false;
    }
    return true;
}

bool isClusterPlanFolder(const std::string &path)
{
    std::error_code error;
    return fs::is_directory(path, error) && fs::exists(planFile(path), error);
}

int planOnCluster(const ClusterRuns &runs, const SlurmArgs &slurm)
{
    if (!countAllowed(slurm.cellsPerTask, 0, 1000000, "--cells-per-task") ||
        !countAllowed(slurm.options.arrayLimit, 0, 1000000, "--array-limit"))
        return BadInput;
    for (const std::string &arg : slurm.options.args)
        if (arg.rfind("-", 0) != 0 || arg.find('\n') != std::string::npos) {
            std::fprintf(stderr,
                         "error: --sbatch-arg '%s': give one sbatch option, e.g. "
                         "--sbatch-arg=--account=lab\n",
                         arg.c_str());
            return BadInput;
        }
    ClusterPlan plan;
    plan.command = runs.command;
    plan.options = runs.options;
    plan.label = runs.label;
    plan.out = absolutePath(runs.options.value("out", ""));
    plan.program = thisProgram();
    const std::vector<PlannedComparison> comparisons = runs.comparisons(plan.label);
    for (const PlannedComparison &c : comparisons)
        plan.cells += c.cells();
    plan.cellsPerTask = slurm.cellsPerTask > 0
                            ? slurm.cellsPerTask
                            : std::max(1, (plan.cells + kDefaultMaxTasks - 1) / kDefaultMaxTasks);
    plan.slurm = slurm.options;
    std::vector<std::string> inputs = runs.inputs;
    // A trace is read by every run anew: one changed after planning would change results.
    for (const PlannedComparison &c : comparisons)
        if (const std::string trace = c.scenario ? traceFileOf(*c.scenario) : std::string();
            !trace.empty()) {
            const std::string path = fs::path(absolutePath(trace)).lexically_normal().string();
            if (std::find(inputs.begin(), inputs.end(), path) == inputs.end())
                inputs.push_back(path);
        }
    for (const std::string &input : inputs) {
        std::string why;
        const auto hash = contentHash(input, &why);
        if (!hash) {
            std::fprintf(stderr, "error: %s: %s\n", input.c_str(), why.c_str());
            return BadInput;
        }
        plan.inputs.emplace_back(input, *hash);
    }
    plan.models = runs.models;
    std::string error;
    const JobScripts scripts = jobScripts(plan, {}, {}, jobScriptFile(plan.out));
    if (!writeClusterPlan(plan, &error)) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return RunFailed;
    }
    if (!writeScripts(scripts))
        return RunFailed;
    // Shards and models of an earlier plan in the folder are not this plan's.
    std::error_code ignored;
    for (int task = 0; task < plan.tasks(); ++task)
        fs::remove(shardFile(plan.out, task), ignored);
    for (int model = 0; model < plan.models; ++model)
        fs::remove(modelFile(plan.out, model), ignored);
    if (!slurm.dryRun)
        return submit(plan, scripts);

    printScripts(scripts);
    std::printf("# plan: %d runs in %d tasks of up to %d runs (%s)\n", plan.cells, plan.tasks(),
                plan.cellsPerTask, planFile(plan.out).c_str());
    if (plan.models > 0)
        std::printf("# first: %d model%s trained, one a task (%s)\n", plan.models,
                    plan.models == 1 ? "" : "s", trainScriptFile(plan.out).c_str());
    try {
        const double seconds = runs.sample();
        std::printf("# estimate: one run took %.3g s here (%s); %.3g core-hours in all, about %s "
                    "per task%s\n",
                    seconds, describeCell(comparisons, runs.parameter, 0).c_str(),
                    seconds * plan.cells / 3600.0, hours(seconds * plan.cellsPerTask).c_str(),
                    plan.models > 0 ? ", the training aside" : "");
    } catch (const std::exception &e) {
        std::printf("# estimate: none, a run cannot be timed here: %s\n", e.what());
    }
    printWritten(scripts);
    return finishOutput() ? Ok : RunFailed;
}

int resumeOnCluster(const std::string &out, bool dryRun)
{
    RebuiltPlan r;
    ShardContents shards;
    if (const int rc = readPlanShards(out, r, shards); rc != Ok)
        return rc;
    const ClusterPlan &plan = r.plan;
    std::vector<int> models;
    std::error_code ec;
    for (int model = 0; model < plan.models; ++model)
        if (!fs::exists(modelFile(plan.out, model), ec))
            models.push_back(model);
    if (shards.complete()) {
        std::printf("every task of %s has finished; merge them: %s merge %s\n", plan.out.c_str(),
                    shellQuoted(thisProgram()).c_str(), shellQuoted(plan.out).c_str());
        return finishOutput() ? Ok : RunFailed;
    }
    for (const std::string &p : shards.problems)
        std::fprintf(stderr, "%s\n", p.c_str());
    for (int model : models)
        std::fprintf(stderr, "model %d: %s is missing\n", model,
                     modelFile(plan.out, model).c_str());
    const JobScripts scripts =
        jobScripts(plan, models, shards.badTasks, resumeScriptFile(plan.out));
    if (!writeScripts(scripts))
        return RunFailed;
    if (!dryRun)
        return submit(plan, scripts);
    printScripts(scripts);
    printWritten(scripts);
    return finishOutput() ? Ok : RunFailed;
}

} // namespace schedlab::cli
