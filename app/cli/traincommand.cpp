// SPDX-License-Identifier: GPL-3.0-or-later
#include "clisupport.h"
#include "command.h"
#include "progressbar.h"

#include "experiment/trainingrecorder.h"
#include "learn/trainer.h"
#include "train/trainers.h"

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <limits>
#include <thread>

namespace schedlab::cli {

namespace {
struct TrainArgs
{
    std::string scenario;
    std::vector<std::string> set;
    std::string agent;
    int episodes = 0;
    std::uint64_t seed = 0;
    bool seedGiven = false;
    double epsilon = std::numeric_limits<double>::quiet_NaN(); ///< NaN: the scenario's
    std::string reward = "drs";
    std::string checkpoint;
    std::string from;
    std::string db;
    bool json = false;
};

std::atomic<bool> gInterrupted{false};
extern "C" void onInterrupt(int)
{
    gInterrupted = true;
}

/** NaN (a metric the agent does not have) as JSON null. */
nlohmann::ordered_json number(double v)
{
    return std::isnan(v) ? nlohmann::ordered_json() : nlohmann::ordered_json(v);
}

nlohmann::ordered_json pointJson(const TrainPoint &p)
{
    nlohmann::ordered_json j;
    j["episode"] = p.episode;
    j["stage"] = p.stage;
    j["steps"] = p.steps;
    j["reward"] = number(p.reward);
    j["actor_loss"] = number(p.actorLoss);
    j["critic_loss"] = number(p.criticLoss);
    j["entropy"] = number(p.entropy);
    j["exploration_epsilon"] = number(p.explorationEpsilon);
    j["throughput_rate"] = number(p.throughputRate);
    j["orchestration_reward"] = number(p.orchestrationReward);
    j["orchestration_loss"] = number(p.orchestrationLoss);
    j["steps_per_second"] = p.stepsPerSecond;
    return j;
}

void printPoint(const TrainPoint &p, int episodes)
{
    std::printf("episode %3d/%d %-6s reward %.4f", p.episode + 1, episodes, p.stage.c_str(),
                p.reward);
    const std::pair<const char *, double> extra[] = {
        {"actor loss", p.actorLoss},      {"critic loss", p.criticLoss},
        {"entropy", p.entropy},           {"eps", p.explorationEpsilon},
        {"throughput", p.throughputRate}, {"gpg reward", p.orchestrationReward},
        {"gpg loss", p.orchestrationLoss}};
    for (const auto &[name, v] : extra)
        if (!std::isnan(v))
            std::printf("  %s %.4g", name, v);
    std::printf("  %.0f steps/s\n", p.stepsPerSecond);
    std::fflush(stdout);
}

int trainCommand(const TrainArgs &a)
{
    const auto loaded = loadScenarioOrReport(a.scenario, {}, a.set);
    if (!loaded)
        return BadInput;
    if (loaded->isGlobal()) {
        std::fprintf(stderr,
                     "error: %s is a global scenario; train needs a scenario of one cluster\n",
                     a.scenario.c_str());
        return BadInput;
    }
    const Scenario *scenario = &loaded->cluster();
    TrainOptions options;
    options.agent = a.agent;
    options.episodes = a.episodes;
    options.seed = a.seedGiven ? a.seed : scenario->seed;
    if (!std::isnan(a.epsilon))
        options.epsilon = a.epsilon;
    options.reward = a.reward;
    if (!loadCheckpointOption(a.from, options.initial))
        return BadInput;

    // Find out now, not after the training, that the weights cannot be saved there.
    if (!outputAllowed(a.checkpoint, "--checkpoint", {a.scenario, a.from, a.db}))
        return BadInput;

    std::unique_ptr<Trainer> trainer;
    try {
        trainer = makeTrainer(*scenario, options);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return BadInput;
    }
    std::unique_ptr<TrainingRecorder> recorder;
    if (!a.db.empty()) {
        std::string error;
        recorder = TrainingRecorder::open(a.db, &error);
        if (!recorder || !recorder->begin(*scenario, options)) {
            std::fprintf(stderr, "error: %s\n",
                         recorder ? recorder->lastError().c_str() : error.c_str());
            return BadInput;
        }
    }

    // Ctrl-C stops on a whole step and still saves what was learned.
    TrainControl control;
    gInterrupted = false;
    const auto previous = std::signal(SIGINT, onInterrupt);
    std::jthread watcher([&control](std::stop_token stop) {
        while (!stop.stop_requested() && !gInterrupted)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (gInterrupted)
            control.stop();
    });

    const int episodes = trainer->plannedEpisodes();
    ProgressBar bar("train " + a.agent);
    nlohmann::ordered_json curve = nlohmann::ordered_json::array();
    std::size_t finished = 0;
    bool storeFailed = false;
    try {
        trainer->train(control, [&](const TrainPoint &p) {
            if (!p.episodeDone)
                return;
            bar.update(double(p.episode + 1) / episodes);
            ++finished;
            if (recorder && !recorder->record(p))
                storeFailed = true;
            if (a.json)
                curve.push_back(pointJson(p));
            else
                printPoint(p, episodes);
        });
    } catch (const std::exception &e) {
        watcher.request_stop();
        std::signal(SIGINT, previous);
        std::fprintf(stderr, "error: training failed: %s\n", e.what());
        return RunFailed;
    }
    bar.done();
    watcher.request_stop();
    watcher.join();
    std::signal(SIGINT, previous);

    const LearnedModel model = trainer->model();
    try {
        saveModel(a.checkpoint, model);
    } catch (const CheckpointError &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return RunFailed;
    }
    if (recorder && !recorder->finish(model, a.checkpoint))
        storeFailed = true;
    if (storeFailed)
        std::fprintf(stderr, "warning: the experiment store did not take every point: %s\n",
                     recorder->lastError().c_str());
    if (a.json) {
        nlohmann::ordered_json out;
        out["scenario"] = scenario->name;
        out["agent"] = a.agent;
        out["seed"] = options.seed;
        out["episodes"] = finished;
        out["stopped"] = control.stopRequested();
        out["checkpoint"] = a.checkpoint;
        if (recorder)
            out["session_id"] = recorder->sessionId();
        out["curve"] = curve;
        std::printf("%s\n", out.dump(2).c_str());
    } else {
        std::printf("%s after %zu episodes: saved %s\n",
                    control.stopRequested() ? "stopped" : "trained", finished,
                    a.checkpoint.c_str());
    }
    return Ok;
}
} // namespace

void registerTrainCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand("train", "Train a learned policy and save its checkpoint");
    static TrainArgs a;
    std::string agents;
    for (const std::string &n : trainableAgents())
        agents += (agents.empty() ? "" : "|") + n;
    cmd->add_option("scenario", a.scenario, "Scenario YAML file")->required();
    cmd->add_option("--agent", a.agent, "What to train: " + agents)->required();
    cmd->add_option("--episodes", a.episodes, "Episodes (default: the agent's documented budget)")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--checkpoint", a.checkpoint, "File to save the trained weights to")
        ->required();
    addSetOption(*cmd, a.set);
    cmd->add_option("--seed", a.seed, "Seed of the first episode (default: the scenario's)")
        ->check(seedText())
        ->each([](const std::string &) { a.seedGiven = true; });
    cmd->add_option("--epsilon", a.epsilon, "KaiS reward weight of load balance (default: the scenario's policies.kais.epsilon, 1)");
    cmd->add_option("--reward", a.reward, "DRS reward setting: drs|rlsk|deeprm|multi-deeprm");
    cmd->add_option("--from", a.from, "Continue from this checkpoint");
    cmd->add_option("--db", a.db, "Experiment store (SQLite) for the training curves");
    cmd->add_flag("--json", a.json, "Print one JSON object with the curve");
    cmd->callback([&exitCode] { exitCode = trainCommand(a); });
}

} // namespace schedlab::cli
