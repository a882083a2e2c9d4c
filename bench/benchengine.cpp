// SPDX-License-Identifier: GPL-3.0-or-later
// End-to-end engine speed and memory on a busy scenario, single thread:
//   bench_engine [SCENARIO] [--minutes M]
// Reports simulated requests per wall-clock second, the engine's cost as a ratio
// to a floor measured in the same run (drawing the same arrivals and passing each
// through the event calendar twice), and peak memory for a run 4x as long as
// another (flat memory = ratio near 1).
#include "benchfloor.h"

#include "engine/engine.h"
#include "experiment/comparison.h"
#include "scenario/scenarioio.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace schedlab;

namespace {
using namespace schedlab::bench;

/** Peak RSS of a fresh process running the scenario for `duration`. */
long peakOfRun(const Scenario &scenario, double duration)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    const pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        runScenario(scenario, benchPolicies(), scenario.seed, duration);
        const long kib = peakRssKiB();
        (void)!write(fd[1], &kib, sizeof kib);
        _exit(0);
    }
    close(fd[1]);
    long kib = -1;
    (void)!read(fd[0], &kib, sizeof kib);
    close(fd[0]);
    waitpid(pid, nullptr, 0);
    return kib;
}
} // namespace

int main(int argc, char **argv)
{
    std::string path = "scenarios/kais-large.yaml";
    double minutes = 10;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--minutes") && i + 1 < argc)
            minutes = std::atof(argv[++i]);
        else
            path = argv[i];
    }
    const auto loaded = benchScenario(path);
    if (!loaded)
        return 2;
    const Scenario &scenario = *loaded;
    const double duration = minutes * 60.0;

    double floorCount = 0;
    const double floorWall = floorSeconds(scenario, duration, &floorCount);
    const RunResult r = runScenario(scenario, benchPolicies(), scenario.seed, duration);
    const double wall = r.value("wall_seconds");
    const double arrived = r.value("arrived");
    const double rate = arrived / wall;

    const long shortPeak = peakOfRun(scenario, duration / 4);
    const long longPeak = peakOfRun(scenario, duration);

    std::printf("bench_engine: %s, greedy dispatch, %.0f simulated minutes, 1 thread\n",
                scenario.name.c_str(), minutes);
    std::printf("  simulated requests:          %.0f (throughput rate %.3f)\n", arrived,
                r.value("throughput_rate"));
    std::printf("  requests per wall second:    %.0f  (target 1,000,000: ratio %.2f)\n", rate,
                rate / 1e6);
    const double cost = (wall / arrived) / (floorWall / floorCount);
    std::printf("  cost vs floor (same run):    %.2fx  (floor: arrivals + 2 calendar passes, "
                "%.0f req/s)\n",
                cost, floorCount / floorWall);
    std::printf("  target: cost vs floor <= 2.0x: %.2fx, ratio %.2f: %s\n", cost, cost / 2.0,
                cost <= 2.0 ? "met" : "missed");
    std::printf("  decision time (greedy):      %.3f us mean\n", r.value("decision_time_us_mean"));
    std::printf("  peak memory:                 %ld KiB for %.1f min, %ld KiB for %.1f min: "
                "ratio %.2f (flat = 1)\n",
                shortPeak, minutes / 4, longPeak, minutes, double(longPeak) / double(shortPeak));
    return 0;
}
