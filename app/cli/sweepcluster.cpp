// SPDX-License-Identifier: GPL-3.0-or-later
// `sweep --slurm`: the sweep's options as its plan keeps them, and its runs as the
// tasks and the merge rebuild them.
#include "clusterruns.h"
#include "command.h"
#include "sweepcommand.h"

#include "base/textfile.h"
#include "experiment/storedsweep.h"
#include "global/globalsimulation.h"
#include "learn/learnedmodel.h"
#include "policy/global/architecture.h"
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
    o["train"] = a.train;
    o["train_once"] = a.trainOnce;
    o["train_from_preset"] = a.trainFromPreset;
    if (a.trainSeed)
        o["train_seed"] = *a.trainSeed;
    o["train_episodes"] = a.trainEpisodes;
    o["train_workers"] = a.trainWorkers;
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
    a.train = o.value("train", "");
    a.trainOnce = o.value("train_once", false);
    a.trainFromPreset = o.value("train_from_preset", false);
    if (o.contains("train_seed"))
        a.trainSeed = o.at("train_seed").get<std::uint64_t>();
    a.trainEpisodes = o.value("train_episodes", 0);
    a.trainWorkers = o.value("train_workers", 0);
    a.trainOnCluster = true;
    return a;
}

/** Model `model` of the plan in `dir`, as its training job wrote it. */
std::shared_ptr<const LearnedModel> trainedModel(const std::string &dir, int model,
                                                 std::string *error)
{
    const std::string path = modelFile(dir, model);
    std::string why;
    const std::optional<std::string> bytes = readTextFile(path, &why);
    if (!bytes) {
        *error =
            "the plan's model " + std::to_string(model) + " is not trained: " + path + ": " + why;
        return nullptr;
    }
    try {
        return std::make_shared<const LearnedModel>(decodeModel(*bytes, path));
    } catch (const std::exception &e) {
        *error = e.what();
        return nullptr;
    }
}
} // namespace

int sweepClusterRuns(const nlohmann::ordered_json &options, ClusterRuns &out)
{
    auto s = std::make_shared<PreparedSweep>();
    if (const int rc = prepareSweep(sweepArgsOf(options), *s); rc != Ok)
        return rc;
    // The plan's folder: where the tasks find the models its training job made.
    const std::string dir = options.contains("plan") ? options.value("plan", "")
                                                     : absolutePath(options.value("out", ""));
    out.models = sweepModelCount(s->args, s->plan);
    if (out.models > 0) {
        // Held by *s itself: a shared_ptr here would keep s alive for ever.
        s->spec.modelFor = [self = s.get(), dir](const SweepPoint &p, std::string *error) {
            return trainedModel(dir, self->args.trainOnce ? 0 : int(&p - self->plan.points.data()),
                                error);
        };
        out.train = [s](int model, const std::string &path) {
            std::string why;
            const auto trained = trainSweepModel(s->args, s->plan, model, &why);
            if (!trained || !replaceFile(path, encodeModel(*trained), &why)) {
                std::fprintf(stderr, "error: --train %s: %s\n", s->args.train.c_str(), why.c_str());
                return false;
            }
            return true;
        };
    }
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
        for (const SweepPoint &p : s->plan.points) {
            ComparisonSpec spec = comparisonSpecFor(s->spec, p);
            std::string untrained; // before the plan's training job: counted, not run
            if (s->spec.modelFor)
                spec.model = s->spec.modelFor(p, &untrained);
            list.push_back({sweepPointLabel(label, s->plan.parameter, p.value),
                            saveScenarioText(p.scenario), spec, p.value, &p.scenario});
        }
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
    out.stored = !s->plan.global;
    out.report = [s](const std::string &label, const std::vector<std::optional<RunResult>> &results,
                     SweepResult *sweep) {
        s->spec.label = label;
        s->spec.selected = [](int, int) { return false; };
        if (s->plan.global) {
            std::vector<int> start;
            int cells = 0;
            for (const SweepPoint &p : s->plan.points) {
                start.push_back(cells);
                const ComparisonSpec c = comparisonSpecFor(s->spec, p);
                cells += int(c.variants.size() * c.seeds.size());
            }
            s->spec.known = [&results, start](int point, int cell) {
                return results.at(std::size_t(start[point] + cell));
            };
        }
        return runPreparedSweep(*s, sweep);
    };
    out.sample = [s] {
        const SweepPoint &p = s->plan.points.front();
        const ComparisonSpec spec = comparisonSpecFor(s->spec, p);
        const auto began = std::chrono::steady_clock::now();
        if (p.global) {
            global::GlobalScenario g = *p.global;
            if (spec.duration > 0)
                g.duration = spec.duration;
            global::runGlobal(g, *global::findGlobalArchitecture(spec.variants.front().label),
                              spec.seeds.front());
        } else {
            runScenario(p.scenario, spec.variants.front().policies, spec.seeds.front(),
                        spec.duration, nullptr, spec.model);
        }
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    return Ok;
}

int sweepOnCluster(const SweepArgs &given)
{
    SweepArgs a = given;
    if (!applySweepPreset(a))
        return BadInput;
    if (!readyForCluster(a, "sweep"))
        return BadInput;
    a.out += "/";
    ClusterRuns runs;
    if (const int rc = sweepClusterRuns(sweepOptions(a), runs); rc != Ok)
        return rc;
    return planOnCluster(runs, a.slurm);
}

} // namespace schedlab::cli
