// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsontext.h"
#include "clisupport.h"
#include "command.h"
#include "interruption.h"
#include "progressbar.h"
#include "slurmsubmit.h"

#include "base/textfile.h"
#include "experiment/clusterplan.h"
#include "experiment/trainingrecorder.h"
#include "learn/trainer.h"
#include "learn/trainingcurve.h"
#include "train/trainers.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
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
    std::optional<double> epsilon;     ///< unset: the scenario's
    std::optional<std::string> reward; ///< unset: the agent's own (drs for the DRS agents)
    std::string checkpoint;
    std::string from;
    std::string db;
    bool json = false;
    bool untilConverged = false; ///< stop once the curve has converged; --episodes caps it
    int workers = 0;             ///< 0: the machine's cores (cmmac and kais)
    SlurmArgs slurm;             ///< --slurm: one Slurm array task per seed
    int seeds = 1;               ///< with --slurm: seeds --seed, +1, ...
    std::string out;             ///< with --slurm: DIR for the script, the models and the curves
};

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

/**
 * `train --slurm --seeds N --out DIR`: a job array of one training a seed (the same
 * program, the same options), each writing DIR/models/seed-S.ckpt and its curves to
 * DIR/curves/seed-S.db. An exit code.
 */
int trainOnCluster(const TrainArgs &a, std::uint64_t firstSeed)
{
    if (a.out.empty() || !a.checkpoint.empty() || !a.db.empty() || a.json) {
        std::fprintf(stderr, "error: train --slurm needs --out DIR and takes no --checkpoint, "
                             "--db or --json: each seed's model goes to DIR/models/seed-S.ckpt "
                             "and its curves to DIR/curves/seed-S.db\n");
        return BadInput;
    }
    if (!slurmFolderAllowed(a.out) || !countAllowed(a.seeds, 1, kMaxSeeds, "--seeds") ||
        !countAllowed(a.slurm.options.arrayLimit, 0, 1000000, "--array-limit"))
        return BadInput;
    if (firstSeed > std::uint64_t(std::numeric_limits<std::int64_t>::max() - a.seeds)) {
        std::fprintf(stderr, "error: --seed %llu: with --slurm the seeds go up to %lld\n",
                     static_cast<unsigned long long>(firstSeed),
                     static_cast<long long>(std::numeric_limits<std::int64_t>::max() - a.seeds));
        return BadInput;
    }
    namespace fs = std::filesystem;
    const std::string out = absolutePath(a.out);
    std::error_code ec;
    for (const char *folder : {"slurm", "models", "curves"})
        fs::create_directories(fs::path(out) / folder, ec);
    if (ec) {
        std::fprintf(stderr, "error: --out %s: cannot make its folders: %s\n", out.c_str(),
                     ec.message().c_str());
        return BadInput;
    }
    const std::string last = std::to_string(firstSeed + std::uint64_t(a.seeds) - 1);
    std::string script =
        sbatchHeader("SchedLab train " + a.agent + ": seeds " + std::to_string(firstSeed) + " to " +
                         last + ", one a task",
                     "schedlab-train", arraySpec({}, a.seeds, a.slurm.options.arrayLimit),
                     (fs::path(out) / "slurm" / "%A_%a.out").string(), a.slurm.options);
    script += "seed=$((" + std::to_string(firstSeed) + " + SLURM_ARRAY_TASK_ID))\n";
    std::string command = "exec " + shellQuoted(thisProgram()) + " train " +
                          shellQuoted(absolutePath(a.scenario)) + " --agent " +
                          shellQuoted(a.agent);
    for (const std::string &set : a.set)
        command += " --set " + shellQuoted(set);
    if (a.episodes > 0)
        command += " --episodes " + std::to_string(a.episodes);
    if (a.untilConverged)
        command += " --until-converged";
    if (a.workers > 0)
        command += " --workers " + std::to_string(a.workers);
    if (a.epsilon) {
        char epsilon[32];
        std::snprintf(epsilon, sizeof epsilon, "%.17g", *a.epsilon);
        command += std::string(" --epsilon ") + epsilon;
    }
    if (a.reward)
        command += " --reward " + shellQuoted(*a.reward);
    if (!a.from.empty())
        command += " --from " + shellQuoted(absolutePath(a.from));
    const std::string models = shellQuoted((fs::path(out) / "models").string());
    const std::string curves = shellQuoted((fs::path(out) / "curves").string());
    script += command + " --seed \"$seed\" --checkpoint " + models + "/seed-\"$seed\".ckpt --db " +
              curves + "/seed-\"$seed\".db\n";
    const std::string path = (fs::path(out) / "slurm" / "train.sbatch").string();
    std::string why;
    if (!replaceFile(path, script, &why)) {
        std::fprintf(stderr, "error: %s\n", why.c_str());
        return RunFailed;
    }
    if (a.slurm.dryRun) {
        std::fputs(script.c_str(), stdout);
        std::printf("# written, not submitted: sbatch %s\n", shellQuoted(path).c_str());
    } else {
        const std::optional<std::string> job = sbatch(path, "");
        if (!job)
            return RunFailed;
        std::printf("submitted job %s: %d task%s training %s from seeds %llu to %s\n", job->c_str(),
                    a.seeds, a.seeds == 1 ? "" : "s", a.agent.c_str(),
                    static_cast<unsigned long long>(firstSeed), last.c_str());
        std::printf("follow it: squeue -j %s\n", job->c_str());
    }
    std::printf("models: %s/models/seed-S.ckpt, curves: %s/curves/seed-S.db\n", out.c_str(),
                out.c_str());
    return finishOutput() ? Ok : RunFailed;
}

const char *convergenceWord(ConvergenceMonitor::Verdict v)
{
    switch (v) {
    case ConvergenceMonitor::Verdict::Converged:
        return "converged";
    case ConvergenceMonitor::Verdict::Improving:
        return "improving";
    case ConvergenceMonitor::Verdict::Worse:
        return "worse";
    case ConvergenceMonitor::Verdict::TooShort:
        break;
    }
    return "too-short";
}

/** The agents `takes` says yes to, as "a, b and c". */
std::string agentsThat(bool (*takes)(const std::string &))
{
    std::vector<std::string> names;
    for (const std::string &n : trainableAgents())
        if (takes(n))
            names.push_back(n);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return out;
}

/** --reward and --epsilon belong to some agents; given to another they would be
 *  ignored, and the training would not be what was asked for. */
bool optionsFitAgent(const TrainArgs &a)
{
    const bool known = std::find(trainableAgents().begin(), trainableAgents().end(), a.agent) !=
                       trainableAgents().end();
    if (!known)
        return true; // makeTrainer names the agents
    if (a.reward && !agentTakesReward(a.agent)) {
        std::fprintf(stderr,
                     "error: --reward %s: agent %s does not take a reward setting; --reward "
                     "chooses the reward of %s\n",
                     a.reward->c_str(), a.agent.c_str(), agentsThat(agentTakesReward).c_str());
        return false;
    }
    if (a.workers > 1 && !agentTakesWorkers(a.agent)) {
        std::fprintf(stderr,
                     "error: --workers %d: agent %s trains one episode at a time; --workers "
                     "runs episodes at once for %s\n",
                     a.workers, a.agent.c_str(), agentsThat(agentTakesWorkers).c_str());
        return false;
    }
    if (a.epsilon && !agentTakesEpsilon(a.agent)) {
        std::fprintf(stderr,
                     "error: --epsilon %g: agent %s does not learn from KaiS's reward "
                     "e^(-λ-εν); --epsilon weighs load balance in it for %s\n",
                     *a.epsilon, a.agent.c_str(), agentsThat(agentTakesEpsilon).c_str());
        return false;
    }
    return true;
}

int trainCommand(const TrainArgs &a)
{
    if (!a.slurm.fit(false))
        return BadInput;
    if (!a.slurm.slurm && (a.seeds != 1 || !a.out.empty())) {
        std::fprintf(stderr, "error: --seeds and --out go with --slurm (one training a seed)\n");
        return BadInput;
    }
    if (!a.slurm.slurm && a.checkpoint.empty()) {
        std::fprintf(stderr, "error: --checkpoint FILE is required: where the weights go\n");
        return BadInput;
    }
    if (a.epsilon && !(std::isfinite(*a.epsilon) && *a.epsilon >= 0.0)) {
        std::fprintf(stderr,
                     "error: --epsilon %g: give a number of 0 or more (ε of KaiS's "
                     "reward e^(-λ-εν))\n",
                     *a.epsilon);
        return BadInput;
    }
    if (!optionsFitAgent(a))
        return BadInput;
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
    options.workers = a.workers;
    if (a.epsilon)
        options.epsilon = *a.epsilon;
    if (a.reward)
        options.reward = *a.reward;
    if (!loadCheckpointOption(a.from, options.initial))
        return BadInput;
    if (a.slurm.slurm) {
        try { // the agent must fit the scenario before any task is submitted
            makeTrainer(*scenario, options);
        } catch (const std::exception &e) {
            std::fprintf(stderr, "error: %s\n", e.what());
            return BadInput;
        }
        return trainOnCluster(a, options.seed);
    }

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

    // Ctrl-C or SIGTERM (a Slurm job's time limit) stops on a whole step and still
    // saves what was learned.
    TrainControl control;
    const Interruption interruption(
        "stopping after this step: what was learned is saved (again to quit at once)");
    std::jthread watcher([&control, &interruption](std::stop_token stop) {
        while (!stop.stop_requested() && !interruption.requested())
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (interruption.requested())
            control.stop();
    });

    const int episodes = trainer->plannedEpisodes();
    TrainingCurve trainingCurve(episodes);
    const ConvergenceMonitor &convergence = trainingCurve.convergence();
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
            if (trainingCurve.add(p) && a.untilConverged && convergence.converged())
                control.stop(); // on this episode's end: the next does not start
        });
    } catch (const std::exception &e) {
        watcher.request_stop();
        std::fprintf(stderr, "error: training failed: %s\n", e.what());
        return RunFailed;
    }
    bar.done();
    watcher.request_stop();
    watcher.join();

    LearnedModel model = trainer->model();
    trainingCurve.record(model.info);
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
        if (agentTakesWorkers(a.agent))
            out["workers"] = options.workers > 0 ? options.workers : defaultTrainWorkers();
        out["episodes"] = finished;
        out["stopped"] = interruption.requested();
        const ConvergenceMonitor::Judgement &j = convergence.judgement();
        nlohmann::ordered_json c;
        c["verdict"] = convergenceWord(j.verdict);
        c["converged_at"] = j.convergedFrom >= 0 ? nlohmann::ordered_json(j.convergedFrom + 1)
                                                 : nlohmann::ordered_json();
        c["window"] = convergence.window();
        c["text"] = convergence.describe();
        out["convergence"] = c;
        out["checkpoint"] = a.checkpoint;
        if (recorder)
            out["session_id"] = recorder->sessionId();
        out["curve"] = curve;
        std::printf("%s\n", jsonText(out).c_str());
    } else {
        std::printf("%s after %zu episodes: saved %s\n",
                    interruption.requested() ? "stopped" : "trained", finished,
                    a.checkpoint.c_str());
        std::printf("%s\n", convergence.describe().c_str());
    }
    return interruption.requested() ? kInterruptedExit : Ok;
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
    cmd->add_option("--checkpoint", a.checkpoint,
                    "File to save the trained weights to (required, but with --slurm)");
    addSetOption(*cmd, a.set);
    cmd->add_option("--seed", a.seed, "Seed of the first episode (default: the scenario's)")
        ->check(seedText())
        ->each([](const std::string &) { a.seedGiven = true; });
    cmd->add_option("--epsilon", a.epsilon,
                    "KaiS reward weight of load balance (default: the scenario's "
                    "policies.kais.epsilon, 1; for " +
                        agentsThat(agentTakesEpsilon) + ")");
    cmd->add_option("--reward", a.reward,
                    "DRS reward setting: drs|rlsk|deeprm|multi-deeprm (default drs; for " +
                        agentsThat(agentTakesReward) + ")");
    cmd->add_option("--from", a.from, "Continue from this checkpoint");
    cmd->add_option("--db", a.db, "Experiment store (SQLite) for the training curves");
    cmd->add_flag("--json", a.json, "Print one JSON object with the curve");
    cmd->add_flag("--until-converged", a.untilConverged,
                  "Stop once the throughput curve has converged (the mean of the last window "
                  "of episodes within the 95% interval of the window before); --episodes is "
                  "then the cap");
    cmd->add_option("--workers", a.workers,
                    "Episodes run at once, one a thread, learned from in synchronous updates "
                    "(default: the machine's cores, " +
                        std::to_string(defaultTrainWorkers()) +
                        " here; the same seed and workers train the same weights; for " +
                        agentsThat(agentTakesWorkers) + ")")
        ->check(CLI::Range(1, kMaxTrainWorkers));
    a.slurm.addTo(*cmd, false);
    cmd->add_option("--seeds", a.seeds,
                    "With --slurm: train from this many seeds (--seed, +1, ...), one Slurm "
                    "array task each");
    cmd->add_option("--out", a.out,
                    "With --slurm: folder for the job script (DIR/slurm/train.sbatch), the "
                    "models (DIR/models/seed-S.ckpt) and the curves (DIR/curves/seed-S.db)");
    cmd->callback([&exitCode] { exitCode = trainCommand(a); });
}

} // namespace schedlab::cli
