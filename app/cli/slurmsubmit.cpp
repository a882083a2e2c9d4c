// SPDX-License-Identifier: GPL-3.0-or-later
// What every command with --slurm shares: its options and submitting a script.
#include "slurmsubmit.h"

#include "experiment/clusterplan.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sys/wait.h>
#include <unistd.h>

namespace schedlab::cli {

namespace {
namespace fs = std::filesystem;

/** `text` with its control characters as \xNN, for a message on one line. */
std::string printable(const std::string &text)
{
    std::string out;
    for (unsigned char c : text) {
        if (c < 0x20 || c == 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
        } else {
            out += char(c);
        }
    }
    return out;
}

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

} // namespace

std::optional<std::string> sbatch(const std::string &script, const std::string &dependency)
{
    const std::string program = onPath("sbatch");
    if (program.empty()) {
        std::fprintf(stderr,
                     "error: sbatch is not on PATH: this machine cannot submit to Slurm; "
                     "%s is written, submit it from a login node, or use --dry-run to write "
                     "the script only\n",
                     script.c_str());
        return std::nullopt;
    }
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

void SlurmArgs::addTo(CLI::App &cmd, bool runs)
{
    cmd.add_flag("--slurm", slurm,
                 "Plan the runs as a Slurm job array (one task per --cells-per-task runs, each "
                 "writing DIR/shards/TASK.db) and submit it with sbatch; `merge DIR` gathers "
                 "the results. Needs --out DIR");
    cmd.add_flag("--dry-run", dryRun,
                 "With --slurm or --resume DIR: write the plan and job script and print the "
                 "script and the cost estimate (one run timed here), without submitting");
    if (runs)
        cmd.add_option("--cells-per-task", cellsPerTask,
                       "With --slurm: runs per array task (default: as few as keep the array "
                       "within 1000 tasks)");
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
    if (slurm) {
        // As sbatch reads them, so that a typo is said now, not when the jobs are refused.
        static const std::regex time(
            R"(UNLIMITED|INFINITE|\d+(:\d{1,2}){0,2}|\d+-\d{1,2}(:\d{1,2}){0,2})");
        static const std::regex mem(R"(\d+[KMGT]?)");
        // Slurm's partition names, one or a comma-separated list of them.
        static const std::regex partition(R"([A-Za-z0-9_.\-]+(,[A-Za-z0-9_.\-]+)*)");
        if (!options.partition.empty() && !std::regex_match(options.partition, partition)) {
            std::fprintf(stderr,
                         "error: --partition %s: expected a partition name (letters, digits, "
                         "'_', '.', '-') or a comma-separated list of them\n",
                         printable(options.partition).c_str());
            return false;
        }
        for (const std::string &arg : options.args)
            if (const std::string why = sbatchValueProblem(arg, true);
                !why.empty() || arg.empty() || arg.front() != '-') {
                std::fprintf(stderr, "error: --sbatch-arg %s: %s\n", printable(arg).c_str(),
                             why.empty() ? "expected an sbatch option, e.g. --account=lab"
                                         : why.c_str());
                return false;
            }
        if (!options.time.empty() && !std::regex_match(options.time, time)) {
            std::fprintf(stderr,
                         "error: --time %s: expected minutes, MM:SS, HH:MM:SS or D-HH[:MM[:SS]] "
                         "(as sbatch --time)\n",
                         options.time.c_str());
            return false;
        }
        if (!options.mem.empty() && !std::regex_match(options.mem, mem)) {
            std::fprintf(stderr,
                         "error: --mem %s: expected a whole number with K, M, G or T (as sbatch "
                         "--mem), e.g. 4G\n",
                         options.mem.c_str());
            return false;
        }
        return true;
    }
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

bool slurmFolderAllowed(const std::string &out)
{
    const std::string folder = absolutePath(out);
    if (const std::string why = sbatchValueProblem(folder); !why.empty()) {
        std::fprintf(stderr,
                     "error: --out %s: the job script names this folder in its #SBATCH lines, "
                     "and %s\n",
                     printable(folder).c_str(), why.c_str());
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

} // namespace schedlab::cli
