// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/clusterplan.h"
#include "experiment/comparison.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

/**
 * One comparison of a cluster plan (a sweep has one per value): the label its runs
 * carry, the scenario they ran (its canonical text) and its variants and seeds. Its
 * cells follow the previous comparison's in the plan, variant by variant, each over
 * the seeds: the order of a local run.
 */
struct PlannedComparison
{
    std::string label;
    std::string scenarioYaml;
    ComparisonSpec spec;
    std::string value;                  ///< the sweep's value, e.g. "20/s"; empty for a comparison
    const Scenario *scenario = nullptr; ///< what its runs run (owned by the caller)

    int cells() const { return int(spec.variants.size() * spec.seeds.size()); }
};

/** "workload.requests.rate=20/s, greedy, seed 43": what cell `cell` of the plan runs. */
std::string describeCell(const std::vector<PlannedComparison> &comparisons,
                         const std::string &parameter, int cell);

/** What the shards of a plan hold. */
struct ShardContents
{
    /** By cell of the plan: the result of its complete run, if a sound shard holds it. */
    std::vector<std::optional<RunResult>> results;
    std::map<int, std::string> failedCells; ///< cell -> the error its run ended with
    std::vector<int> badTasks;              ///< tasks whose shard lacks a complete cell
    std::vector<std::string> problems;      ///< one per bad task, naming its shard and why

    bool complete() const { return badTasks.empty(); }
};

/**
 * Reads every task's shard of `plan` (OUT/shards/TASK.db), read-only: a missing shard,
 * one that is not a sound store of this schema, one whose runs belong to another plan
 * (another label) or ran another scenario text, and one that lacks a cell of its task
 * or holds it failed make its task bad, with a message naming the shard and what.
 * `checkIntegrity` reads each file whole (SQLite's integrity_check).
 */
ShardContents readShards(const ClusterPlan &plan, const std::vector<PlannedComparison> &comparisons,
                         const std::string &parameter, bool checkIntegrity = true);

} // namespace schedlab
