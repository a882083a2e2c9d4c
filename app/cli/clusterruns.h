// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/clusterplan.h"
#include "experiment/clustershards.h"
#include "experiment/sweep.h"
#include "slurmsubmit.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace schedlab {
class ExperimentStore;
}

namespace schedlab::cli {

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
     *  taken from its --db store, or where the local command keeps no store (`stored`
     *  false) from `results`, by cell of the plan (none is run); an exit code. A
     *  sweep's results go to `sweep` too, when given. */
    std::function<int(const std::string &label,
                      const std::vector<std::optional<RunResult>> &results, SweepResult *sweep)>
        report;
    /** False for a global sweep: the local command keeps its runs in no store, so the
     *  merge writes none and gives report() the shards' results. */
    bool stored = true;
    /** Seconds one run of the first cell takes here (throws when it cannot run, e.g.
     *  for want of a model trained only by the plan). */
    std::function<double()> sample;
    /** Learned models the runs read from the plan's folder (OUT/models/MODEL.ckpt),
     *  made by `train` first; 0: none. */
    int models = 0;
    /** Trains model `model` and writes it to `path`; false after saying why. */
    std::function<bool(int model, const std::string &path)> train;
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

/** The options sweep and compare share (SweepArgs, CompareArgs), as a plan keeps them. */
template <class Args> nlohmann::ordered_json sharedOptions(const Args &a)
{
    return {{"scenario", a.scenario},
            {"set", a.set},
            {"dispatch", a.planes.dispatch},
            {"dequeue", a.planes.dequeue},
            {"orchestration", a.planes.orchestration},
            {"placement", a.planes.placement},
            {"global", a.global},
            {"duration", a.duration},
            {"out", a.out},
            {"db", a.db},
            {"checkpoint", a.checkpoint},
            {"json", a.json}};
}

/** The inverse of sharedOptions(), with what a task or merge puts in place: the store
 *  (`db`), `resume` and `jobs`. */
template <class Args> void readSharedOptions(const nlohmann::ordered_json &o, Args &a)
{
    a.scenario = o.value("scenario", "");
    a.set = o.value("set", std::vector<std::string>{});
    a.planes.dispatch = o.value("dispatch", "");
    a.planes.dequeue = o.value("dequeue", "");
    a.planes.orchestration = o.value("orchestration", "");
    a.planes.placement = o.value("placement", "");
    a.global = o.value("global", "");
    a.duration = o.value("duration", "");
    a.out = o.value("out", "");
    a.db = o.value("db", "");
    a.checkpoint = o.value("checkpoint", "");
    a.json = o.value("json", false);
    a.resume = o.value("resume", false);
    a.jobs = o.value("jobs", 0);
}

/** `--slurm`'s own checks of the options (said on stderr); then the paths are made
 *  absolute, for the tasks and the merge, which may run in another folder. */
bool clusterOptionsFit(const std::string &out, bool resume, const char *command);
template <class Args> bool readyForCluster(Args &a, const char *command)
{
    if (!clusterOptionsFit(a.out, a.resume, command))
        return false;
    for (std::string *path : {&a.scenario, &a.checkpoint, &a.db, &a.out})
        if (!path->empty())
            *path = absolutePath(*path);
    return true;
}

} // namespace schedlab::cli
