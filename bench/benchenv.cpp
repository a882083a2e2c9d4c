// SPDX-License-Identifier: GPL-3.0-or-later
// One environment step on the C++ side against one decision of a plain run, in the
// same process, one thread:
//   bench_env [SCENARIO...] [--seconds S] [--placement SCENARIO]
// For each dispatch scenario (default kais-large and tutorial): a DispatchEnvironment
// episode whose agent chooses as greedy does (DispatchObservation::writeLoads, the
// mask) against an Engine run with dispatch=greedy on the same seed and duration.
// The two take the same decisions and simulate the same events (checked: every
// metric but the wall-clock ones is equal), so the ratio is what building the
// state, the mask and the rewards and stopping at each decision cost. Episodes and
// runs alternate and each figure is the best of the repetitions, in this thread's
// CPU seconds. DrsEnvironment's step on drs-five-node, with the first feasible
// node as the agent, is reported for information.
#include "benchfloor.h"

#include "env/dispatchenvironment.h"
#include "env/drsenvironment.h"
#include "metrics/metriccatalog.h"
#include "registry/buildpolicies.h"
#include "scenario/scenarioio.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace schedlab;

namespace {

constexpr int kRepetitions = 5;
/** A measurement repeats short episodes until it has taken at least this long. */
constexpr double kLeastSeconds = 0.05;

/** This thread's CPU seconds: waiting for a core on a busy machine does not count,
 *  so the episode and the run are timed alike whatever else runs. */
double threadSeconds()
{
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/** Greedy (policy/dispatch/greedydispatch.cpp) from what the environment shows: the
 *  valid node of least load, then least memory; the cloud when none is valid. */
int greedyAction(const DispatchEnvironment &env, std::vector<double> &load,
                 std::vector<double> &memory)
{
    env.writeLoads(load, memory);
    const std::vector<std::uint8_t> &mask = env.mask();
    int best = 0;
    for (int a = 1; a < env.actionCount(); ++a) {
        if (!mask[std::size_t(a)])
            continue;
        if (best == 0 || load[a] < load[best] ||
            (load[a] == load[best] && memory[a] < memory[best]))
            best = a;
    }
    return best;
}

/** The first metric of `a` that differs from `b`'s (wall-clock ones aside); empty
 *  when they all agree. */
std::string firstDifference(const RunResult &a, const RunResult &b)
{
    if (a.metrics.size() != b.metrics.size())
        return "the number of metrics";
    for (std::size_t i = 0; i < a.metrics.size(); ++i) {
        const MetricInfo *info = findMetric(a.metrics[i].name);
        if (info && info->wallClock)
            continue;
        if (a.metrics[i].name != b.metrics[i].name || a.metrics[i].value != b.metrics[i].value)
            return a.metrics[i].name;
    }
    return {};
}

struct Timed
{
    double seconds = std::numeric_limits<double>::infinity(); ///< best per episode
    long decisions = 0;                                       ///< per episode
    RunResult result;
};

/** One measurement: `f` (one episode, returns its decisions) as many times as fill
 *  kLeastSeconds; keeps the best time per episode in `best`. */
template <typename F> void measure(Timed &best, F &&f)
{
    int episodes = 0;
    const double start = threadSeconds();
    double elapsed = 0.0;
    do {
        best.decisions = f(best.result);
        ++episodes;
        elapsed = threadSeconds() - start;
    } while (elapsed < kLeastSeconds);
    best.seconds = std::min(best.seconds, elapsed / episodes);
}

/** `episode` and a plain run of `options` on `s`, measured in turn kRepetitions times:
 *  (the episode's best, the run's best). */
template <typename Episode>
std::pair<Timed, Timed> interleaved(const Scenario &s, const RunOptions &options, Episode &&episode)
{
    const auto run = [&](RunResult &out) {
        Engine engine(s, buildPolicySet(options), options.config());
        out = engine.run();
        return 0L;
    };
    std::pair<Timed, Timed> best;
    for (int r = 0; r < kRepetitions; ++r) {
        measure(best.first, episode);
        measure(best.second, run);
    }
    return best;
}

/** Returns false when the environment and the run did not take the same decisions. */
bool benchDispatch(const Scenario &scenario, double seconds)
{
    Scenario s = scenario;
    if (seconds > 0.0)
        s.time.duration = std::min(s.time.duration, seconds);
    const std::uint64_t seed = s.seed;

    DispatchEnvironment env(s, {});
    std::vector<double> load(std::size_t(env.actionCount())), memory(load.size());
    const auto episode = [&](RunResult &out) {
        env.reset(seed);
        while (!env.done())
            env.act(greedyAction(env, load, memory));
        out = env.finish();
        return long(env.steps());
    };
    RunOptions options;
    options.seed = seed;
    options.policies = s.policies;
    options.policies.dispatch = "greedy";
    const auto [stepped, ran] = interleaved(s, options, episode);
    const std::string differs = firstDifference(stepped.result, ran.result);
    const double step = stepped.seconds / double(stepped.decisions);
    const double decision = ran.seconds / double(stepped.decisions);
    const double ratio = step / decision;

    std::printf("  %s, %.0f simulated s, %ld decisions (%d eAPs, state %d, actions %d):\n",
                s.name.c_str(), s.time.duration, stepped.decisions,
                int(env.engine().topology().eaps.size()), env.observationSize(), env.actionCount());
    std::printf("    run, dispatch=greedy:        %7.3f us per decision (%.0f decisions/s)\n",
                decision * 1e6, 1.0 / decision);
    std::printf("    DispatchEnvironment, greedy: %7.3f us per step     (%.0f steps/s)\n",
                step * 1e6, 1.0 / step);
    if (!differs.empty()) {
        std::printf("    the agent did not reproduce the run (%s differs): not comparable\n",
                    differs.c_str());
        std::printf("  DispatchEnv step (C++ side) vs a run decision: %.2fx (target <= 2x) "
                    "missed (not the same decisions)\n",
                    ratio);
        return false;
    }
    std::printf("    same decisions: every metric but the wall-clock ones equal\n");
    std::printf("  DispatchEnv step (C++ side) vs a run decision: %.2fx (target <= 2x) %s\n", ratio,
                ratio <= 2.0 ? "met" : "missed");
    return true;
}

void benchPlacement(const Scenario &s)
{
    DrsEnvironment env(s);
    const auto episode = [&](RunResult &out) {
        env.reset(s.seed);
        while (!env.done()) {
            const std::vector<char> feasible = env.feasibleActions();
            const auto first = std::find(feasible.begin(), feasible.end(), 1);
            env.act(first == feasible.end() ? 0 : int(first - feasible.begin()));
        }
        out = env.finish();
        return long(env.steps());
    };
    RunOptions options;
    options.seed = s.seed;
    options.policies = s.policies;
    const auto [stepped, ran] = interleaved(s, options, episode);
    const double step = stepped.seconds / double(stepped.decisions);
    const double placed = ran.result.value("pods_placed");
    std::printf("  PlacementEnv's core (DrsEnvironment), %s, first feasible node: %ld steps "
                "(%d nodes, state %d)\n",
                s.name.c_str(), stepped.decisions, env.nodeCount(), env.stateSize());
    std::printf("    DrsEnvironment step:         %7.1f us per step     (%.0f steps/s)\n",
                step * 1e6, 1.0 / step);
    if (placed > 0)
        std::printf("    for information, a run with %s placement: %.1f us per pod placed (%.0f "
                    "pods, to the scenario's end; other decisions, so no target)\n",
                    s.policies.placement.c_str(), ran.seconds / placed * 1e6, placed);
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> paths;
    std::string placement = "scenarios/drs-five-node.yaml";
    double seconds = 60.0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--placement") && i + 1 < argc)
            placement = argv[++i];
        else
            paths.push_back(argv[i]);
    }
    if (paths.empty())
        paths = {"scenarios/kais-large.yaml", "scenarios/tutorial.yaml"};

    std::printf("bench_env: one environment step (agent, state, mask, simulation to the next "
                "decision) vs one decision of a run, best of %d, thread CPU time, 1 thread\n",
                kRepetitions);
    int status = 0;
    for (const std::string &path : paths) {
        const std::optional<Scenario> s = bench::benchScenario(path);
        if (!s)
            return 2;
        if (!benchDispatch(*s, seconds))
            status = 1;
    }
    if (!placement.empty()) {
        const std::optional<Scenario> s = bench::benchScenario(placement);
        if (!s)
            return 2;
        benchPlacement(*s);
    }
    return status;
}
