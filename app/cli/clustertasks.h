// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clusterruns.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace schedlab::cli {

/** A cluster plan read back, with its runs rebuilt from its options. */
struct RebuiltPlan
{
    ClusterPlan plan;
    ClusterRuns runs;
    std::vector<PlannedComparison> comparisons; ///< labelled as the plan's
};

/**
 * Reads the plan in `out` and rebuilds its runs from its options, with `overrides`
 * in place of some (a task writes no --out files, the merge its own store): refuses a
 * plan whose inputs changed since, or whose cells no longer come out as it counted
 * them. An exit code, said on stderr.
 */
int rebuildPlan(const std::string &out, const nlohmann::ordered_json &overrides, RebuiltPlan &r);

/** `merge DIR`: checks every shard, then writes the store (`db`, or the plan's) and the
 *  local command's files, and gives a sweep's results to `sweep`; or names the tasks
 *  that did not finish and prints the --resume command (exit code Incomplete). */
int mergeCluster(const std::string &out, const std::string &db, SweepResult *sweep = nullptr);

/** rebuildPlan() that opens no store and writes no file, and what its shards hold. */
int readPlanShards(const std::string &out, RebuiltPlan &r, ShardContents &shards);

} // namespace schedlab::cli
