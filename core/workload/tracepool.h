// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "workload/tracereader.h"

#include <string>
#include <vector>

namespace schedlab {

/**
 * A trace's usable tasks as request bodies, the way KaiS Sec. V turns the
 * Alibaba batch_task table into requests: `start_time` gives the arrival,
 * `end_time - start_time` the delay requirement, `plan_cpu` and `plan_mem` the
 * demand, and the task type one of the scenario's services.
 *
 * The 2017 table has no task type, so a task's service is its demand class:
 * with S services and tasks ordered by (cpu, memory), a task whose demand is
 * strictly above a share q of the trace's tasks belongs to service floor(S q).
 * Equal demands share a service; service 0 holds the smallest. The 2018
 * table's task type is hashed onto the services. This is our reading: the
 * paper says only that it classifies the requests into 30 services.
 *
 * A task that ended in the second it started gets a delay requirement of one
 * second, the trace's resolution.
 */
struct TraceRequest
{
    double start = 0.0;  ///< trace seconds
    double delay = 0.0;  ///< trace seconds, at least 1
    int service = 0;
    double cpu = 0.0;    ///< cores
    double memory = 0.0; ///< share of the largest machine
};

struct TracePool
{
    std::vector<TraceRequest> requests; ///< by start, ties in file order
    double origin = 0.0;                ///< the first start
    double span = 0.0;                  ///< last start - first start, at least 1 s

    /** Requests per trace second over the whole trace. */
    double meanRate() const { return requests.empty() ? 0.0 : requests.size() / span; }
    /** The window of clip `index` of `clips` equal windows over the span, in trace
     *  seconds; the whole trace for 0 clips. The last window includes the last start. */
    std::pair<double, double> clipWindow(int clips, int index) const;
};

/** Every usable task of `tasks` (sorted by start) as a request of `services` services. */
TracePool makeTracePool(const std::vector<TraceTask> &tasks, TraceFormat format, int services);

/**
 * The trace file a scenario's runs read (`workload.requests.path`, relative to the
 * scenario file), as loadTracePool() opens it; empty when its workload reads none.
 */
std::string traceFileOf(const Scenario &scenario);

/**
 * The pool of a scenario's trace (`workload.requests.path`, relative to the
 * scenario file). Returns an empty pool and sets `error` when the trace cannot be
 * read or has no usable row.
 */
TracePool loadTracePool(const Scenario &scenario, std::string *error);

} // namespace schedlab
