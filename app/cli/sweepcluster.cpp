// SPDX-License-Identifier: GPL-3.0-or-later
// `sweep --slurm`: the sweep's options as its plan keeps them, and its runs as the
// tasks and the merge rebuild them.
#include "clusterruns.h"
#include "command.h"
#include "sweepcommand.h"

#include "experiment/storedsweep.h"
#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace schedlab::cli {

namespace {
namespace fs = std::filesystem;

nlohmann::ordered_json sweepOptions(const SweepArgs &a)
{
    nlohmann::ordered_json o = sharedOptions(a);
    o["param"] = a.param;
    o["seeds"] = a.seeds.value_or(5);
    o["metric"] = a.metric;
    o["paper"] = a.paper;
    o["preset"] = a.preset;
    return o;
}

SweepArgs sweepArgsOf(const nlohmann::ordered_json &o)
{
    SweepArgs a;
    readSharedOptions(o, a);
    a.param = o.value("param", "");
    a.seeds = o.value("seeds", 5);
    a.metric = o.value("metric", "");
    a.paper = o.value("paper", "");
    a.preset = o.value("preset", a.preset);
    return a;
}
} // namespace

int sweepClusterRuns(const nlohmann::ordered_json &options, ClusterRuns &out)
{
    auto s = std::make_shared<PreparedSweep>();
    if (const int rc = prepareSweep(sweepArgsOf(options), *s); rc != Ok)
        return rc;
    if (s->plan.global)
        return globalNotOnCluster(s->args.scenario, "sweep");
    out.command = "sweep";
    out.options = options;
    out.parameter = s->plan.parameter;
    out.label = s->spec.label;
    out.inputs = {s->args.scenario};
    if (s->plan.parameter == kScenarioParameter)
        for (const SweepPoint &p : s->plan.points)
            out.inputs.push_back(
                (fs::path(s->args.scenario).parent_path() / p.value).lexically_normal().string());
    if (!s->args.checkpoint.empty())
        out.inputs.push_back(s->args.checkpoint);
    out.comparisons = [s](const std::string &label) {
        std::vector<PlannedComparison> list;
        for (const SweepPoint &p : s->plan.points)
            list.push_back({sweepPointLabel(label, s->plan.parameter, p.value),
                            saveScenarioText(p.scenario), comparisonSpecFor(s->spec, p), p.value,
                            &p.scenario});
        return list;
    };
    out.run = [s](ExperimentStore &store, const std::string &label,
                  const std::function<bool(int)> &selected, int jobs) {
        SweepSpec spec = s->spec;
        spec.store = &store;
        spec.label = label;
        spec.resume = false;
        spec.jobs = jobs;
        std::vector<int> start;
        int cells = 0;
        for (const SweepPoint &p : s->plan.points) {
            start.push_back(cells);
            const ComparisonSpec c = comparisonSpecFor(spec, p);
            cells += int(c.variants.size() * c.seeds.size());
        }
        spec.selected = [&](int point, int cell) { return selected(start[point] + cell); };
        const SweepResult sweep = runSweep(s->plan, spec);
        if (!sweep.storeError.empty())
            std::fprintf(stderr, "error: %s\n", sweep.storeError.c_str());
        return reportSweepFailures(sweep) == 0 && sweep.storeError.empty();
    };
    out.report = [s](const std::string &label) {
        s->spec.label = label;
        s->spec.selected = [](int, int) { return false; };
        return runPreparedSweep(*s);
    };
    out.sample = [s] {
        const SweepPoint &p = s->plan.points.front();
        const ComparisonSpec spec = comparisonSpecFor(s->spec, p);
        const auto began = std::chrono::steady_clock::now();
        runScenario(p.scenario, spec.variants.front().policies, spec.seeds.front(), spec.duration,
                    nullptr, spec.model);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    return Ok;
}

int sweepOnCluster(const SweepArgs &given)
{
    SweepArgs a = given;
    if (!applySweepPreset(a))
        return BadInput;
    if (!a.train.empty()) {
        std::fprintf(stderr,
                     "error: --slurm does not train: train the agent first (schedlab-cli train "
                     "SCENARIO --agent %s --checkpoint FILE) and give --checkpoint FILE\n",
                     a.train.c_str());
        return BadInput;
    }
    if (!readyForCluster(a, "sweep"))
        return BadInput;
    a.out += "/";
    ClusterRuns runs;
    if (const int rc = sweepClusterRuns(sweepOptions(a), runs); rc != Ok)
        return rc;
    return planOnCluster(runs, a.slurm);
}

} // namespace schedlab::cli
