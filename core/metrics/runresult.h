// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace schedlab {

/** One named number of a run's summary. */
struct MetricValue
{
    std::string name;
    double value = 0.0;
    bool wallClock = false; ///< measured on this machine: differs between identical runs
};

/** Per-frame values, the time series of a run (streamed, one row per frame). */
struct FramePoint
{
    double time = 0.0;       ///< end of the frame, seconds
    double throughput = 0.0; ///< Φ_f: on-time completions / arrivals in the frame
    double arrived = 0.0;
    double onTime = 0.0;
    double dropped = 0.0;
    double avgUtil = 0.0;
    double imbalance = 0.0;
    double edgeReplicas = 0.0;
};

/** Everything a run reports; metric order is stable and documented in the README. */
struct RunResult
{
    std::vector<MetricValue> metrics;
    std::vector<FramePoint> frames;
    std::vector<std::pair<double, double>> responseCdf; ///< (seconds, fraction)

    double value(const std::string &name) const;
    const MetricValue *find(const std::string &name) const;
};

} // namespace schedlab
