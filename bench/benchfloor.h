// SPDX-License-Identifier: GPL-3.0-or-later
// What the engine benchmarks measure against, in the same run.
#pragma once

#include "model/scenario.h"
#include "scenario/scenarioio.h"
#include "state/eventqueue.h"
#include "state/topology.h"
#include "workload/arrivalsource.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

namespace schedlab::bench {

inline double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/** A memory figure of this process in KiB: "VmRSS:" now, "VmHWM:" its peak so far. */
inline long statusKiB(const std::string &field)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(field, 0) == 0)
            return std::stol(line.substr(field.size()));
    return 0;
}

inline long peakRssKiB()
{
    return statusKiB("VmHWM:");
}

/** What the engine benchmarks run: greedy dispatch, FIFO, static replicas. */
inline PolicySelection benchPolicies()
{
    PolicySelection p;
    p.dispatch = "greedy";
    p.dequeue = "fifo";
    p.orchestration = "static";
    p.placement = "kube-default";
    return p;
}

/** The scenario at `path`, or null after printing why it cannot be read. */
inline std::optional<Scenario> benchScenario(const std::string &path)
{
    ScenarioLoad load = loadScenarioFile(path);
    if (!load.ok()) {
        for (const auto &e : load.errors)
            std::fprintf(stderr, "%s\n", e.format().c_str());
        return std::nullopt;
    }
    return *load.scenario;
}

/** The floor: the scenario's arrivals for `duration`, each pushed through the event
 *  calendar twice. Wall seconds; `count` gets the number of arrivals. */
inline double floorSeconds(const Scenario &scenario, double duration, double *count)
{
    const Topology topology = Topology::build(scenario);
    std::string error;
    auto source = makeArrivalSource(scenario, topology, scenario.seed, &error);
    EventQueue events;
    Arrival a;
    const double t0 = now();
    double n = 0;
    double sink = 0;
    while (source->next(a) && a.time < duration) {
        events.push(a.time + 0.02, 0, int(n));
        events.push(a.time + 0.05, 1, int(n));
        while (!events.empty() && events.top().time < a.time)
            sink += events.pop().time;
        n += 1;
    }
    while (!events.empty())
        sink += events.pop().time;
    *count = n + (sink < 0 ? 1 : 0);
    return now() - t0;
}

} // namespace schedlab::bench
