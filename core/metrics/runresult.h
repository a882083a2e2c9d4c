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
    /** Φ_f, adapted from KaiS Sec. V (which counts by the frame a node received a
     *  request): the share of the requests that arrived in the frame that were
     *  served on time. Counted when they finish, so a frame seen as it closes shows
     *  those served so far; in the run's result, requests still in flight at the
     *  end count as not on time, as in Φ'. `arrived`, `onTime` and `dropped` are
     *  the frame's own arrivals. */
    double throughput = 0.0;
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
