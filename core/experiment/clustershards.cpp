// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/clustershards.h"

#include "experiment/storedruns.h"
#include "store/experimentstore.h"

#include <algorithm>
#include <filesystem>

namespace schedlab {

namespace {
/** Where each comparison's cells start in the plan. */
std::vector<int> offsets(const std::vector<PlannedComparison> &comparisons)
{
    std::vector<int> out;
    int at = 0;
    for (const PlannedComparison &c : comparisons) {
        out.push_back(at);
        at += c.cells();
    }
    return out;
}

/** The cell of the plan `run` is, or -1; `foreign` gets a label not of the plan. */
int cellOf(const RunSummary &run, const std::vector<PlannedComparison> &comparisons,
           const std::vector<int> &start, std::string *foreign)
{
    const std::string label = attributeOf(run, kComparisonAttribute);
    const auto c = std::find_if(comparisons.begin(), comparisons.end(),
                                [&](const PlannedComparison &p) { return p.label == label; });
    if (c == comparisons.end()) {
        *foreign = label;
        return -1;
    }
    const std::string variant = attributeOf(run, kVariantAttribute);
    const auto &variants = c->spec.variants;
    const auto v = std::find_if(variants.begin(), variants.end(),
                                [&](const Variant &x) { return x.label == variant; });
    const auto s = std::find(c->spec.seeds.begin(), c->spec.seeds.end(), run.seed);
    if (v == variants.end() || s == c->spec.seeds.end())
        return -1;
    return start[c - comparisons.begin()] + int(v - variants.begin()) * int(c->spec.seeds.size()) +
           int(s - c->spec.seeds.begin());
}

const PlannedComparison &comparisonOf(const std::vector<PlannedComparison> &comparisons, int &cell)
{
    for (const PlannedComparison &c : comparisons) {
        if (cell < c.cells())
            return c;
        cell -= c.cells();
    }
    return comparisons.back();
}
} // namespace

std::string describeCell(const std::vector<PlannedComparison> &comparisons,
                         const std::string &parameter, int cell)
{
    int local = cell;
    const PlannedComparison &c = comparisonOf(comparisons, local);
    const int seeds = int(c.spec.seeds.size());
    std::string out = "cell " + std::to_string(cell) + " (";
    if (!c.value.empty())
        out += parameter + "=" + c.value + ", ";
    return out + c.spec.variants[local / seeds].label + ", seed " +
           std::to_string(c.spec.seeds[local % seeds]) + ")";
}

ShardContents readShards(const ClusterPlan &plan, const std::vector<PlannedComparison> &comparisons,
                         const std::string &parameter, bool checkIntegrity)
{
    ShardContents out;
    out.results.resize(plan.cells);
    const std::vector<int> start = offsets(comparisons);
    const auto bad = [&](int task, const std::string &why) {
        out.badTasks.push_back(task);
        out.problems.push_back("task " + std::to_string(task) + ": " + why);
    };
    for (int task = 0; task < plan.tasks(); ++task) {
        const std::string path = shardFile(plan.out, task);
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) {
            bad(task, path + " is missing (the task has not run, is running, or was stopped "
                             "before it finished)");
            continue;
        }
        std::string error;
        const auto shard = ExperimentStore::openForReading(path, &error);
        if (!shard) {
            bad(task, "damaged shard: " + error);
            continue;
        }
        std::string report;
        if (checkIntegrity && !shard->checkIntegrity(&report)) {
            bad(task, "damaged shard: " + path + " fails SQLite's integrity check: " + report);
            continue;
        }
        const auto [first, end] = plan.taskCells(task);
        std::string foreign, otherScenario;
        int bare = -1; ///< a complete run without its metrics: a damaged or edited shard
        std::map<std::int64_t, bool> scenarioMatches;
        for (const RunSummary &run : shard->runs()) {
            int cell = cellOf(run, comparisons, start, &foreign);
            if (cell < first || cell >= end)
                continue;
            int local = cell;
            const PlannedComparison &c = comparisonOf(comparisons, local);
            auto [known, fresh] = scenarioMatches.emplace(run.scenarioId, false);
            if (fresh)
                known->second = shard->scenarioYaml(run.scenarioId) == c.scenarioYaml;
            if (!known->second) {
                otherScenario = run.scenarioName;
                continue;
            }
            if (run.status == "complete") {
                out.results[cell] = cellResultOf(*shard, run);
                out.failedCells.erase(cell);
                if (out.results[cell]->metrics.empty() && bare < 0)
                    bare = cell;
            } else if (run.status == "failed" && !out.results[cell]) {
                out.failedCells[cell] = attributeOf(run, kErrorAttribute);
            }
        }
        if (!foreign.empty()) {
            bad(task, path + " belongs to another plan (its runs are '" + foreign +
                          "', this plan's '" + plan.label + "')");
            continue;
        }
        if (!otherScenario.empty()) {
            bad(task,
                path + " ran another scenario text than the plan's ('" + otherScenario + "')");
            continue;
        }
        if (bare >= 0) {
            for (int cell = first; cell < end; ++cell)
                out.results[cell].reset();
            bad(task, "damaged shard: " + path + " holds " +
                          describeCell(comparisons, parameter, bare) +
                          " as complete without its metrics");
            continue;
        }
        std::vector<int> lacking, failed;
        for (int cell = first; cell < end; ++cell)
            if (!out.results[cell])
                (out.failedCells.count(cell) ? failed : lacking).push_back(cell);
        if (!failed.empty())
            bad(task, path + ": " + std::to_string(failed.size()) + " run(s) failed, the first " +
                          describeCell(comparisons, parameter, failed.front()) + ": " +
                          out.failedCells[failed.front()]);
        else if (!lacking.empty())
            bad(task, path + " lacks " + std::to_string(lacking.size()) + " of its " +
                          std::to_string(end - first) + " runs, the first " +
                          describeCell(comparisons, parameter, lacking.front()));
    }
    return out;
}

} // namespace schedlab
