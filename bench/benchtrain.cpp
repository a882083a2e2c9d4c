// SPDX-License-Identifier: GPL-3.0-or-later
// KaiS training as it scales with workers (TrainOptions::workers: episodes at once,
// synchronous updates), and what one training step costs against one decision of
// the trained actors in a run, on each scenario given:
//   bench_train [--agent cmmac|kais] [--episodes N] SCENARIO...
// Steps are dispatch decisions; both sides include the engine's simulation. Wall
// time: workers use the machine's other cores.
#include "engine/engine.h"
#include "experiment/comparison.h"
#include "learn/trainer.h"
#include "scenario/scenarioio.h"
#include "train/trainers.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace schedlab;

namespace {

struct Training
{
    double stepsPerSecond = 0.0;
    long lastEpisodeSteps = 0; ///< decisions in the last (full) episode
    std::shared_ptr<const LearnedModel> model;
};

Training train(const Scenario &scenario, const std::string &agent, int episodes, int workers)
{
    TrainOptions options;
    options.agent = agent;
    options.episodes = episodes;
    options.seed = 1000;
    options.workers = workers;
    auto trainer = makeTrainer(scenario, options);
    TrainControl control;
    long steps = 0, before = 0;
    const auto start = std::chrono::steady_clock::now();
    trainer->train(control, [&](const TrainPoint &p) {
        before = steps;
        steps = p.steps;
    });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return {double(steps) / seconds, steps - before,
            std::make_shared<const LearnedModel>(trainer->model())};
}

/** Seconds per decision of a run deciding with `model`, over `decisions` decisions. */
double inference(const Scenario &scenario, const Training &t)
{
    PolicySelection policies = scenario.policies;
    policies.dispatch = "cmmac";
    if (t.model->agent == "kais")
        policies.orchestration = "gpg";
    const auto start = std::chrono::steady_clock::now();
    runScenario(scenario, policies, 1000 + 1, 0.0, nullptr, t.model);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return seconds / double(std::max(1L, t.lastEpisodeSteps));
}

} // namespace

int main(int argc, char **argv)
{
    std::string agent = "cmmac";
    int episodes = 40;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--agent" && i + 1 < argc)
            agent = argv[++i];
        else if (a == "--episodes" && i + 1 < argc)
            episodes = std::atoi(argv[++i]);
        else
            paths.push_back(a);
    }
    if (paths.empty() || episodes < 1) {
        std::fprintf(stderr,
                     "usage: bench_train [--agent cmmac|kais] [--episodes N] SCENARIO...\n");
        return 2;
    }
    std::printf("bench_train: %s, %d episodes from seed 1000; %d cores\n", agent.c_str(), episodes,
                defaultTrainWorkers());
    for (const std::string &path : paths) {
        ScenarioLoad load = loadScenarioFile(path);
        if (!load.ok()) {
            for (const auto &e : load.errors)
                std::fprintf(stderr, "%s\n", e.format().c_str());
            return 2;
        }
        const Scenario &s = *load.scenario;
        const Training one = train(s, agent, episodes, 1);
        const Training two = train(s, agent, episodes, 2);
        const double ratio = two.stepsPerSecond / one.stepsPerSecond;
        std::printf("  %-14s 1 worker %8.0f steps/s, 2 workers %8.0f steps/s: %.2fx (target "
                    ">= 1.7x on 2 cores: %s)\n",
                    s.name.c_str(), one.stepsPerSecond, two.stepsPerSecond, ratio,
                    ratio >= 1.7 ? "met" : "missed");
        const double decision = inference(s, one);
        std::printf("  %-14s a training step %.1f us (1 worker), a decision of the trained "
                    "actors in a run %.1f us: %.1fx\n",
                    "", 1e6 / one.stepsPerSecond, decision * 1e6,
                    1.0 / one.stepsPerSecond / decision);
    }
    return 0;
}
