// SPDX-License-Identifier: GPL-3.0-or-later
// `--slurm`: a sweep or comparison planned as a Slurm job array, submitted with sbatch;
// `--resume DIR`: the tasks that did not finish, submitted again.
#include "clusterruns.h"

#include "clisupport.h"
#include "clustertasks.h"
#include "command.h"

#include "base/textfile.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sys/wait.h>
#include <unistd.h>

namespace schedlab::cli {

namespace {
namespace fs = std::filesystem;

/** The most tasks an array gets unless --cells-per-task asks for more: Slurm's
 *  default MaxArraySize is 1001. */
constexpr int kDefaultMaxTasks = 1000;

/** `program` found on PATH, or empty. */
std::string onPath(const std::string &program)
{
    const char *path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos)
            end = dirs.size();
        const fs::path candidate =
            fs::path(end > start ? dirs.substr(start, end - start) : ".") / program;
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate.string();
        start = end + 1;
    }
    return {};
}

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

/** `sbatch --parsable [--dependency=...] SCRIPT`: the job id, or nullopt after saying why. */
std::optional<std::string> sbatch(const std::string &program, const std::string &script,
                                  const std::string &dependency)
{
    const std::string command = shellQuoted(program) + " --parsable " +
                                (dependency.empty() ? "" : "--dependency=" + dependency + " ") +
                                shellQuoted(script);
    FILE *pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        std::fprintf(stderr, "error: cannot run %s\n", command.c_str());
        return std::nullopt;
    }
    std::string reply;
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe))
        reply += buffer;
    const int status = ::pclose(pipe);
    while (!reply.empty() && (reply.back() == '\n' || reply.back() == '\r'))
        reply.pop_back();
    const std::string job = reply.substr(0, reply.find(';')); // "ID;cluster" on a federation
    if (status != 0 || job.empty() || job.find_first_not_of("0123456789") != std::string::npos) {
        std::fprintf(stderr, "error: sbatch refused %s (exit status %d)%s%s\n", script.c_str(),
                     WIFEXITED(status) ? WEXITSTATUS(status) : status, reply.empty() ? "" : ": ",
                     reply.c_str());
        return std::nullopt;
    }
    return job;
}

/** Submits the scripts with sbatch; prints what to do next; an exit code. */
int submit(const ClusterPlan &plan, const JobScripts &j)
{
    const std::string program = onPath("sbatch");
    if (program.empty()) {
        std::fprintf(stderr,
                     "error: sbatch is not on PATH: this machine cannot submit to Slurm; "
                     "%s is written, submit it from a login node, or use --dry-run to write "
                     "the script only\n",
                     j.runsPath.c_str());
        return RunFailed;
    }
    std::string dependency;
    if (j.modelCount > 0) {
        const auto job = sbatch(program, j.trainPath, "");
        if (!job)
            return RunFailed;
        std::printf("submitted job %s: %d task%s training the models the runs need\n", job->c_str(),
                    j.modelCount, j.modelCount == 1 ? "" : "s");
        dependency = "afterok:" + *job;
    }
    const auto job = sbatch(program, j.runsPath, dependency);
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

void SlurmArgs::addTo(CLI::App &cmd)
{
    cmd.add_flag("--slurm", slurm,
                 "Plan the runs as a Slurm job array (one task per --cells-per-task runs, each "
                 "writing DIR/shards/TASK.db) and submit it with sbatch; `merge DIR` gathers "
                 "the results. Needs --out DIR");
    cmd.add_flag("--dry-run", dryRun,
                 "With --slurm or --resume DIR: write the plan and job script and print the "
                 "script and the cost estimate (one run timed here), without submitting");
    cmd.add_option("--cells-per-task", cellsPerTask,
                   "With --slurm: runs per array task (default: as few as keep the array within "
                   "1000 tasks)");
    cmd.add_option("--array-limit", options.arrayLimit,
                   "With --slurm: tasks running at once (the array's %N; default: no limit)");
    cmd.add_option("--partition", options.partition, "With --slurm: the Slurm partition");
    cmd.add_option("--time", options.time,
                   "With --slurm: time limit per task, as sbatch takes it (e.g. 1:00:00)");
    cmd.add_option("--mem", options.mem,
                   "With --slurm: memory per task, as sbatch takes it (e.g. 2G)");
    cmd.add_option("--sbatch-arg", options.args,
                   "With --slurm: one more #SBATCH line, as sbatch takes it, e.g. "
                   "--sbatch-arg=--account=lab (repeatable)");
}

bool SlurmArgs::fit(bool resumingPlan) const
{
    if (slurm)
        return true;
    const std::pair<const char *, bool> given[] = {
        {"--dry-run", dryRun && !resumingPlan},     {"--cells-per-task", cellsPerTask != 0},
        {"--array-limit", options.arrayLimit != 0}, {"--partition", !options.partition.empty()},
        {"--time", !options.time.empty()},          {"--mem", !options.mem.empty()},
        {"--sbatch-arg", !options.args.empty()}};
    for (const auto &[option, set] : given)
        if (set) {
            std::fprintf(stderr, "error: %s goes with --slurm%s\n", option,
                         std::string(option) == "--dry-run" ? " (or --resume DIR)" : "");
            return false;
        }
    return true;
}

std::string thisProgram()
{
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    return error ? std::string("schedlab-cli") : self.string();
}

std::string absolutePath(const std::string &path)
{
    std::error_code error;
    fs::path p = fs::absolute(path, error).lexically_normal();
    std::string text = p.string();
    while (text.size() > 1 && text.back() == '/')
        text.pop_back();
    return text;
}

int globalNotOnCluster(const std::string &scenario, const char *command)
{
    std::fprintf(stderr,
                 "error: --slurm: %s is a global scenario; its %s runs on this machine only "
                 "(without --slurm)\n",
                 scenario.c_str(), command);
    return BadInput;
}

bool clusterOptionsFit(const std::string &out, bool resume, const char *command)
{
    if (out.empty()) {
        std::fprintf(stderr, "error: --slurm needs --out DIR: the folder of the plan, the "
                             "tasks' shards and the merged results\n");
        return false;
    }
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
    for (const std::string &input : runs.inputs) {
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
