// SPDX-License-Identifier: GPL-3.0-or-later
// What the engine benchmarks measure against, in the same run.
#pragma once

#include "model/scenario.h"
#include "state/eventqueue.h"
#include "state/topology.h"
#include "workload/arrivalsource.h"

#include <chrono>
#include <fstream>
#include <string>

namespace schedlab::bench {

inline double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/** This process's peak resident memory so far. */
inline long peakRssKiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6));
    return 0;
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
