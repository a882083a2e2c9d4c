// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace schedlab {

/** What the job script asks of Slurm beyond the array itself. */
struct SlurmOptions
{
    int arrayLimit = 0;            ///< tasks running at once (`%N`); 0: Slurm's own limit
    std::string partition;         ///< empty: the site's default
    std::string time;              ///< per task, as sbatch takes it ("2:00:00")
    std::string mem;               ///< per task, as sbatch takes it ("2G")
    std::vector<std::string> args; ///< more `#SBATCH` lines, as given ("--account=lab")
};

/**
 * A sweep or comparison planned to run as a Slurm job array: its cells (the runs of
 * a local run, in its order) cut into tasks of `cellsPerTask` consecutive cells; each
 * task runs its cells with the same program and writes its own store shard
 * (OUT/shards/TASK.db). Everything a task or the merge needs is here, in
 * OUT/plan.json, so they rebuild the very cells the plan counted.
 */
struct ClusterPlan
{
    std::string command;            ///< "sweep" or "compare"
    nlohmann::ordered_json options; ///< the command's options, paths absolute
    /** The comparison (or sweep) label every shard's runs carry: a plan's own (it names
     *  the time it was made), so a shard of another plan is told apart. */
    std::string label;
    std::string out;     ///< the plan's folder, absolute
    std::string program; ///< schedlab-cli that planned it, absolute
    /** (absolute path, contentHash()) of every input: scenario files, the traces their
     *  workloads read, checkpoint. */
    std::vector<std::pair<std::string, std::string>> inputs;
    int cells = 0;
    int cellsPerTask = 1;
    /** Learned models the runs need, trained first by a job of their own (one task
     *  each, OUT/models/MODEL.ckpt) on which the runs' job depends; 0: none. */
    int models = 0;
    SlurmOptions slurm;

    int tasks() const { return cells <= 0 ? 0 : (cells + cellsPerTask - 1) / cellsPerTask; }
    /** The cells of task `task`: [first, end) in the plan's order. */
    std::pair<int, int> taskCells(int task) const;
};

/** The files of a plan's folder. */
std::string planFile(const std::string &out);             ///< OUT/plan.json
std::string jobScriptFile(const std::string &out);        ///< OUT/slurm/job.sbatch
std::string resumeScriptFile(const std::string &out);     ///< OUT/slurm/resume.sbatch
std::string shardFile(const std::string &out, int task);  ///< OUT/shards/TASK.db
std::string trainScriptFile(const std::string &out);      ///< OUT/slurm/train.sbatch
std::string modelFile(const std::string &out, int model); ///< OUT/models/MODEL.ckpt

/** The 64-bit FNV-1a hash of the file's bytes in hex; nullopt (with `why`) if unreadable. */
std::optional<std::string> contentHash(const std::string &path, std::string *why);

/** plan.json's text, and the plan it holds (errors name the file and the field); the
 *  plan read from folder `out` has `out` (absolute) as its folder, wherever it was made. */
nlohmann::ordered_json planJson(const ClusterPlan &plan);
bool writeClusterPlan(const ClusterPlan &plan, std::string *error);
std::optional<ClusterPlan> readClusterPlan(const std::string &out, std::string *error);

/** Why the plan no longer matches its inputs ("scenario file X changed since the plan
 *  ..."), one message per changed or unreadable input; empty when all match. */
std::vector<std::string> changedInputs(const ClusterPlan &plan);

/** The `--array` value: "0-11%4" for every task of `count`, "3,7-9" for the given
 *  ones, with `%limit` when `limit` > 0. */
std::string arraySpec(const std::vector<int> &tasks, int count, int limit);

/** Why `value` cannot be written into an #SBATCH line, or empty: a control character
 *  (a newline would start a line of its own, which bash runs), and, unless `spaces`,
 *  a space or a quote, which sbatch splits or strips. */
std::string sbatchValueProblem(const std::string &value, bool spaces = false);

/** A job array script's first lines: `#!/bin/bash`, `# comment` and its #SBATCH lines
 *  (one core a task, each task's output to `output`, then the site's options). Throws
 *  std::invalid_argument naming a value sbatchValueProblem refuses; a control
 *  character in `comment` is written as `?`. */
std::string sbatchHeader(const std::string &comment, const std::string &jobName,
                         const std::string &array, const std::string &output,
                         const SlurmOptions &slurm);

/** The sbatch script of the plan's job array (all tasks when `tasks` is empty); with
 *  `training`, of its models' job instead (`run-task OUT --model N`). */
std::string sbatchScript(const ClusterPlan &plan, const std::vector<int> &tasks,
                         bool training = false);

/** `text` quoted for a POSIX shell when it needs to be. */
std::string shellQuoted(const std::string &text);

} // namespace schedlab
