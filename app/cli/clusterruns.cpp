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

/** Submits `script` with `sbatch --parsable`; prints what to do next; an exit code. */
int submit(const ClusterPlan &plan, const std::string &script, int tasks)
{
    const std::string sbatch = onPath("sbatch");
    if (sbatch.empty()) {
        std::fprintf(stderr,
                     "error: sbatch is not on PATH: this machine cannot submit to Slurm; "
                     "%s is written, submit it from a login node (sbatch %s), or use --dry-run "
                     "to write the script only\n",
                     script.c_str(), shellQuoted(script).c_str());
        return RunFailed;
    }
    const std::string command = shellQuoted(sbatch) + " --parsable " + shellQuoted(script);
    FILE *pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        std::fprintf(stderr, "error: cannot run %s\n", command.c_str());
        return RunFailed;
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
        return RunFailed;
    }
    std::printf("submitted job %s: %d task%s of the %d runs planned in %s\n", job.c_str(), tasks,
                tasks == 1 ? "" : "s", plan.cells, plan.out.c_str());
    std::printf("follow it: squeue -j %s\n", job.c_str());
    std::printf("when it has ended: %s merge %s\n", shellQuoted(thisProgram()).c_str(),
                shellQuoted(plan.out).c_str());
    return finishOutput() ? Ok : RunFailed;
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
    std::string error;
    const std::string scriptPath = jobScriptFile(plan.out);
    const std::string script = sbatchScript(plan, {});
    if (!writeClusterPlan(plan, &error) || !replaceFile(scriptPath, script, &error)) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return RunFailed;
    }
    // Shards of an earlier plan in the folder would be refused by the merge anyway.
    std::error_code ignored;
    for (int task = 0; task < plan.tasks(); ++task)
        fs::remove(shardFile(plan.out, task), ignored);
    if (!slurm.dryRun)
        return submit(plan, scriptPath, plan.tasks());

    std::fputs(script.c_str(), stdout);
    const double seconds = runs.sample();
    const double perTask = seconds * plan.cellsPerTask;
    std::printf("# plan: %d runs in %d tasks of up to %d runs (%s)\n", plan.cells, plan.tasks(),
                plan.cellsPerTask, planFile(plan.out).c_str());
    std::printf("# estimate: one run took %.3g s here (%s); %.3g core-hours in all, about %s "
                "per task\n",
                seconds, describeCell(comparisons, runs.parameter, 0).c_str(),
                seconds * plan.cells / 3600.0, hours(perTask).c_str());
    std::printf("# written, not submitted: sbatch %s\n", shellQuoted(scriptPath).c_str());
    return finishOutput() ? Ok : RunFailed;
}

int resumeOnCluster(const std::string &out, bool dryRun)
{
    RebuiltPlan r;
    ShardContents shards;
    if (const int rc = readPlanShards(out, r, shards); rc != Ok)
        return rc;
    const ClusterPlan &plan = r.plan;
    if (shards.complete()) {
        std::printf("every task of %s has finished; merge them: %s merge %s\n", plan.out.c_str(),
                    shellQuoted(thisProgram()).c_str(), shellQuoted(plan.out).c_str());
        return finishOutput() ? Ok : RunFailed;
    }
    for (const std::string &p : shards.problems)
        std::fprintf(stderr, "%s\n", p.c_str());
    const std::string scriptPath = resumeScriptFile(plan.out);
    const std::string script = sbatchScript(plan, shards.badTasks);
    std::string error;
    if (!replaceFile(scriptPath, script, &error)) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return RunFailed;
    }
    if (!dryRun)
        return submit(plan, scriptPath, int(shards.badTasks.size()));
    std::fputs(script.c_str(), stdout);
    std::printf("# written, not submitted: sbatch %s\n", shellQuoted(scriptPath).c_str());
    return finishOutput() ? Ok : RunFailed;
}

} // namespace schedlab::cli
