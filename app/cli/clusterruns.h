// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/clusterplan.h"
#include "experiment/clustershards.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace schedlab {
class ExperimentStore;
}

namespace schedlab::cli {

/** The options `--slurm` adds to sweep and compare. */
struct SlurmArgs
{
    bool slurm = false;
    bool dryRun = false;
    int cellsPerTask = 0; ///< 0: as many as keep the array within 1000 tasks
    SlurmOptions options;

    void addTo(CLI::App &cmd);
};

/**
 * The runs of a sweep or comparison as a cluster plan sees them, rebuilt from the
 * command's options (ClusterPlan::options) exactly as the local command builds them.
 */
struct ClusterRuns
{
    std::string command;             ///< "sweep" or "compare"
    nlohmann::ordered_json options;  ///< what rebuilds them
    std::vector<std::string> inputs; ///< the files they read (scenarios, checkpoint)
    std::string parameter;           ///< the swept path; empty for a comparison
    std::string label;               ///< a fresh label, for a new plan
    /** The comparisons with their runs labelled as under the plan's `label`. */
    std::function<std::vector<PlannedComparison>(const std::string &label)> comparisons;
    /** Runs the cells `selected` picks (by cell of the plan) into `store`, labelled by
     *  `label`, on `jobs` threads; their results are in the store, failed ones too.
     *  False when a run failed or the store refused one (said on stderr). */
    std::function<bool(ExperimentStore &store, const std::string &label,
                       const std::function<bool(int)> &selected, int jobs)>
        run;
    /** Prints and writes the results as the local command does, every run of them
     *  taken from its --db store (none is run); an exit code. */
    std::function<int(const std::string &label)> report;
    /** Seconds one run of the first cell takes here. */
    std::function<double()> sample;
};

/** Rebuilds the runs of `command` from its `options`; an exit code, said on stderr. */
int sweepClusterRuns(const nlohmann::ordered_json &options, ClusterRuns &out);
int compareClusterRuns(const nlohmann::ordered_json &options, ClusterRuns &out);

/** `--slurm`: writes OUT/plan.json and OUT/slurm/job.sbatch for `runs`, then submits
 *  it with sbatch, or with --dry-run prints it and the cost estimate; an exit code. */
int planOnCluster(const ClusterRuns &runs, const SlurmArgs &slurm);

/** `sweep --resume OUT` (and compare's): an array of only the tasks whose shard is
 *  missing or bad, submitted (or with `dryRun` written and printed); an exit code. */
int resumeOnCluster(const std::string &out, bool dryRun);

/** True when `path` is the folder of a cluster plan (it holds plan.json). */
bool isClusterPlanFolder(const std::string &path);

/** The path of this program, for a job script to run. */
std::string thisProgram();

/** Absolute, for a plan another process reads from another folder. */
std::string absolutePath(const std::string &path);

} // namespace schedlab::cli
