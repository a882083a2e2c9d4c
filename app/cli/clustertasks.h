// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clusterruns.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace schedlab::cli {

/**
 * Reads the plan in `out` and rebuilds its runs from its options, with `overrides`
 * in place of some (a task writes no --out files, the merge its own store): refuses a
 * plan whose inputs changed since, or whose cells no longer come out as it counted
 * them. An exit code, said on stderr.
 */
int rebuildPlan(const std::string &out, const nlohmann::ordered_json &overrides, ClusterPlan &plan,
                ClusterRuns &runs, std::vector<PlannedComparison> &comparisons);

} // namespace schedlab::cli
