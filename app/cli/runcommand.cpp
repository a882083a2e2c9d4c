// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsontext.h"
#include "clisupport.h"
#include "command.h"
#include "explainreport.h"
#include "globalcommands.h"
#include "progressbar.h"

#include "engine/engine.h"
#include "engine/runexplainer.h"
#include "experiment/placementlog.h"
#include "experiment/runrecorder.h"
#include "global/globalscenarioreader.h"
#include "registry/buildpolicies.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <optional>
#include <stdexcept>

namespace schedlab::cli {

namespace {
struct RunArgs
{
    std::string scenario;
    std::vector<std::string> set;
    PlaneOptions planes;
    std::uint64_t seed = 0;
    bool seedGiven = false;
    std::string duration;
    std::string db;
    std::string placements;
    std::string checkpoint;
    std::string global;
    bool json = false;
    bool explain = false;
};

/** Shows a run's progress on the terminal. */
class ProgressObserver final : public SimObserver
{
public:
    ProgressObserver(ProgressBar &bar, long totalSlots) : mBar(bar), mTotal(totalSlots) {}
    void onSlot(const SimState &state) override
    {
        if ((state.slot & 63) == 0)
            mBar.update(double(state.slot) / double(mTotal));
    }

private:
    ProgressBar &mBar;
    long mTotal;
};

void printTable(const RunResult &result)
{
    for (const MetricValue &m : result.metrics)
        std::printf("  %-28s %.6g%s\n", m.name.c_str(), m.value,
                    m.wallClock ? "  (wall clock)" : "");
}

int runCommand(const RunArgs &a)
{
    double duration = 0.0;
    if (!runDurationOption(a.duration, duration))
        return BadInput;
    auto loaded = loadScenarioOrReport(a.scenario, a.global, a.set, duration);
    if (!loaded)
        return BadInput;
    if (loaded->isGlobal() && a.explain) {
        std::fprintf(stderr,
                     "error: --explain explains a one-cluster run; %s is a global "
                     "scenario\n",
                     a.scenario.c_str());
        return BadInput;
    }
    if (loaded->isGlobal())
        return runGlobalScenario(std::move(loaded->global()),
                                 {a.global,
                                  a.seedGiven ? std::optional<std::uint64_t>(a.seed) : std::nullopt,
                                  a.duration, a.json});
    const Scenario *scenario = &loaded->cluster();
    const PolicySelection p = a.planes.over(scenario->policies);
    if (!policiesKnown(p))
        return BadInput;
    if (!runSizeAllowed(*scenario, duration))
        return BadInput;
    const std::uint64_t seed = a.seedGiven ? a.seed : scenario->seed;
    std::shared_ptr<const LearnedModel> model;
    if (!loadCheckpointOption(a.checkpoint, model))
        return BadInput;

    std::unique_ptr<RunRecorder> recorder;
    if (!a.db.empty()) {
        std::string error;
        recorder = RunRecorder::open(a.db, &error);
        if (!recorder) { // not a store, or not one this version reads
            std::fprintf(stderr, "error: %s\n", error.c_str());
            return BadInput;
        }
        if (!recorder->begin(*scenario, p, seed)) { // a store that takes no writes
            std::fprintf(stderr, "error: %s\n", recorder->lastError().c_str());
            return RunFailed;
        }
    }

    std::ofstream placementFile;
    std::unique_ptr<PlacementLog> placementLog;
    if (!a.placements.empty()) {
        if (!outputAllowed(a.placements, "--placements", {a.scenario, a.checkpoint, a.db}))
            return BadInput;
        placementFile.open(a.placements, std::ios::binary | std::ios::trunc);
        if (!placementFile) {
            std::fprintf(stderr, "error: cannot write %s\n", a.placements.c_str());
            return BadInput;
        }
        placementLog = std::make_unique<PlacementLog>(placementFile);
        placementLog->writeHeader();
    }

    RunResult result;
    std::optional<RunExplanation> explanation;
    try {
        RunOptions options;
        options.seed = seed;
        options.duration = duration;
        options.policies = p;
        options.model = model;
        Engine engine(*scenario, buildPolicySet(options), options.config());
        ProgressBar bar("run " + p.dispatch);
        ProgressObserver progress(bar, engine.totalSlots());
        engine.addObserver(&progress);
        engine.addObserver(recorder.get());
        engine.addObserver(placementLog.get());
        std::optional<RunExplainer> explainer;
        if (a.explain)
            engine.addObserver(&explainer.emplace(*scenario, engine.topology(), p));
        result = engine.run();
        bar.done();
        if (explainer)
            explanation = explainer->explain(engine);
    } catch (const std::invalid_argument &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return BadInput;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "error: the run failed: %s\n", e.what());
        return RunFailed;
    }
    placementFile.close();
    if (!a.placements.empty() && !placementFile) {
        std::fprintf(stderr, "error: cannot write %s\n", a.placements.c_str());
        return RunFailed;
    }
    if (recorder && !recorder->finish(result, false)) {
        std::fprintf(stderr, "error: %s\n", recorder->lastError().c_str());
        return RunFailed;
    }

    if (a.json) {
        nlohmann::ordered_json out;
        out["scenario"] = scenario->name;
        out["seed"] = seed;
        out["policies"] = policiesJson(p);
        const nlohmann::ordered_json metrics = metricsJson(result);
        for (const auto &[k, v] : metrics.items())
            out[k] = v;
        nlohmann::ordered_json frames = nlohmann::ordered_json::array();
        for (const FramePoint &f : result.frames)
            frames.push_back(f.throughput);
        out["throughput_per_frame"] = frames;
        if (recorder)
            out["run_id"] = recorder->runId();
        if (explanation)
            out["explain"] = explanationJson(*explanation);
        std::printf("%s\n", jsonText(out).c_str());
    } else {
        std::printf("%s  seed %llu  dispatch %s  dequeue %s  orchestration %s  placement %s\n",
                    scenario->name.c_str(), static_cast<unsigned long long>(seed),
                    p.dispatch.c_str(), p.dequeue.c_str(), p.orchestration.c_str(),
                    p.placement.c_str());
        printTable(result);
        if (recorder)
            std::printf("stored as run %lld in %s\n", static_cast<long long>(recorder->runId()),
                        a.db.c_str());
        if (explanation)
            std::printf("%s", explanationText(*explanation).c_str());
    }
    return finishOutput() ? Ok : RunFailed;
}
} // namespace

void registerRunCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand("run", "Run one scenario with one policy set and seed");
    static RunArgs a;
    cmd->add_option("scenario", a.scenario, "Scenario YAML file")->required();
    a.planes.addTo(*cmd, false);
    addSetOption(*cmd, a.set);
    cmd->add_option("--seed", a.seed, "Seed (default: the scenario's)")
        ->check(seedText())
        ->each([](const std::string &) { a.seedGiven = true; });
    cmd->add_option("--duration", a.duration, "Simulated time, e.g. 10m (default: the scenario's)");
    cmd->add_option("--db", a.db, "Experiment store (SQLite) to record the run in");
    cmd->add_option("--placements", a.placements,
                    "CSV of every placement decision: per node and plugin, filter and scores");
    cmd->add_option("--checkpoint", a.checkpoint,
                    "Trained weights for learned policies (from `train --checkpoint`)");
    cmd->add_option("--global", a.global,
                    "Global scheduling architecture for a global scenario (default two-level)");
    cmd->add_flag("--json", a.json, "Print one JSON object");
    cmd->add_flag("--explain", a.explain,
                  "Explain the run: where requests went, drops by cause, idle nodes and why");
    cmd->callback([&exitCode] { exitCode = runCommand(a); });
}

} // namespace schedlab::cli
