// SPDX-License-Identifier: GPL-3.0-or-later
#include "clisupport.h"
#include "command.h"
#include "globalcommands.h"
#include "progressbar.h"
#include "sweepcommand.h"

#include "experiment/comparison.h"
#include "experiment/comparisonfiles.h"
#include "experiment/storedcomparison.h"
#include "global/globalscenarioreader.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

namespace schedlab::cli {

namespace {
struct CompareArgs
{
    std::string scenario;
    std::vector<std::string> set;
    PlaneOptions planes;
    int seeds = 10;
    int jobs = 0;
    std::string duration;
    std::string out;
    std::string db;
    std::string checkpoint;
    std::string global;
    std::string param;
    bool json = false;
};

/** `compare --param PATH=VALUES` is `sweep` with --out as a directory. */
int sweepInstead(const CompareArgs &a)
{
    SweepArgs s;
    s.scenario = a.scenario;
    s.param = a.param;
    s.set = a.set;
    s.planes = a.planes;
    s.global = a.global;
    s.seeds = a.seeds;
    s.jobs = a.jobs;
    s.duration = a.duration;
    s.out = a.out.empty() || a.out.back() == '/' ? a.out : a.out + "/";
    s.db = a.db;
    s.checkpoint = a.checkpoint;
    s.json = a.json;
    return sweepCommand(s);
}

void printTable(const Scenario &scenario, const ComparisonSpec &spec,
                const std::vector<VariantSummary> &summary)
{
    const std::vector<std::string> columns = keyMetrics(summary, true);
    std::printf("%s: %zu seeds, mean ± 95%% CI (Student t)\n", scenario.name.c_str(),
                spec.seeds.size());
    std::printf("%-22s", "policy");
    for (const std::string &m : columns)
        std::printf(" %24s", m.c_str());
    std::printf("\n");
    for (const VariantSummary &v : summary) {
        std::printf("%-22s", v.label.c_str());
        for (const std::string &name : columns) {
            char cell[64] = "-";
            for (const auto &[metric, ci] : v.metrics)
                if (metric == name)
                    std::snprintf(cell, sizeof cell, "%.4g ± %.2g", ci.mean, ci.ci95);
            std::printf(" %24s", cell);
        }
        std::printf("\n");
    }
}

int compareCommand(const CompareArgs &a)
{
    if (!a.param.empty())
        return sweepInstead(a);
    auto loaded = loadScenarioOrReport(a.scenario, a.global, a.set);
    if (!loaded)
        return BadInput;
    if (loaded->isGlobal()) {
        if (!a.db.empty()) {
            std::fprintf(stderr, "error: --db does not store global comparisons; use --out\n");
            return BadInput;
        }
        return compareGlobalScenario(std::move(loaded->global()),
                                     {a.global, a.seeds, a.jobs, a.duration, a.out, a.json});
    }
    const Scenario *scenario = &loaded->cluster();
    if (a.seeds < 1) {
        std::fprintf(stderr, "error: --seeds must be at least 1\n");
        return BadInput;
    }
    ComparisonSpec spec;
    spec.variants =
        crossVariants(scenario->policies, splitList(a.planes.dispatch), splitList(a.planes.dequeue),
                      splitList(a.planes.orchestration), splitList(a.planes.placement));
    for (const Variant &v : spec.variants)
        if (!policiesKnown(v.policies))
            return BadInput;
    for (int i = 0; i < a.seeds; ++i)
        spec.seeds.push_back(scenario->seed + std::uint64_t(i));
    if (!a.duration.empty()) {
        const auto d = parseDurationOption(a.duration, "--duration");
        if (!d)
            return BadInput;
        spec.duration = *d;
    }
    if (!loadCheckpointOption(a.checkpoint, spec.model))
        return BadInput;
    spec.jobs = a.jobs > 0 ? a.jobs : int(std::max(1u, std::thread::hardware_concurrency()));

    ProgressBar bar("compare");
    const auto cells = runComparison(*scenario, spec, [&](int done, int total) {
        bar.update(double(done) / total,
                   std::to_string(done) + "/" + std::to_string(total) + " runs");
    });
    bar.done();
    int failed = 0;
    for (const CellResult &c : cells)
        if (!c.error.empty()) {
            std::fprintf(stderr, "error: %s seed %llu: %s\n",
                         spec.variants[c.variant].label.c_str(),
                         static_cast<unsigned long long>(spec.seeds[c.seedIndex]), c.error.c_str());
            ++failed;
        }
    const auto summary = summarise(spec, cells);

    if (!a.db.empty()) {
        std::string error;
        if (!storeComparison(a.db, *scenario, spec, cells, comparisonLabel(*scenario), &error)) {
            std::fprintf(stderr, "error: %s\n", error.c_str());
            return BadInput;
        }
    }

    if (!a.out.empty()) {
        std::string error;
        if (!writeComparisonFiles(a.out, *scenario, spec, cells, summary, &error)) {
            std::fprintf(stderr, "error: %s\n", error.c_str());
            return RunFailed;
        }
    }
    if (a.json) {
        std::printf("%s\n", comparisonJson(*scenario, spec, summary).dump(2).c_str());
    } else {
        printTable(*scenario, spec, summary);
        if (!a.out.empty())
            std::printf("results: %s/summary.csv, runs.csv, frames.csv, cdf.csv, summary.json\n",
                        a.out.c_str());
        if (!a.db.empty())
            std::printf("runs stored in %s\n", a.db.c_str());
    }
    return failed ? RunFailed : Ok;
}
} // namespace

void registerCompareCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand(
        "compare", "Run policies side by side on the same seeds: mean ± 95% CI per metric");
    static CompareArgs a;
    cmd->add_option("scenario", a.scenario, "Scenario YAML file")->required();
    a.planes.addTo(*cmd, true);
    cmd->add_option("--seeds", a.seeds, "Number of seeds (scenario seed, +1, ...)")
        ->capture_default_str();
    cmd->add_option("--jobs", a.jobs, "Parallel runs (default: all cores)");
    cmd->add_option("--duration", a.duration, "Simulated time per run, e.g. 5m");
    cmd->add_option("--out", a.out, "Directory for CSV and JSON results");
    cmd->add_option("--db", a.db, "Experiment store (SQLite) to record every run in");
    cmd->add_option("--checkpoint", a.checkpoint,
                    "Trained weights for learned policies (from `train --checkpoint`)");
    cmd->add_option("--global", a.global,
                    "Global scheduling architectures, comma-separated, for a global scenario "
                    "(default: all)");
    addSetOption(*cmd, a.set);
    cmd->add_option("--param", a.param,
                    "PATH=v1,v2,...: run the comparison at every value (as `sweep`; --out is "
                    "then a directory that gets sweep.*)");
    cmd->add_flag("--json", a.json, "Print one JSON object");
    cmd->callback([&exitCode] { exitCode = compareCommand(a); });
}

} // namespace schedlab::cli
