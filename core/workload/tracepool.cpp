// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/tracepool.h"

#include "state/random.h"

#include <algorithm>
#include <filesystem>

namespace schedlab {

namespace {
/** The demand class of every task (see TracePool): ranks by (cpu, memory). */
std::vector<int> demandClasses(const std::vector<TraceTask> &tasks, int services)
{
    std::vector<std::pair<double, double>> sorted;
    sorted.reserve(tasks.size());
    for (const TraceTask &t : tasks)
        sorted.emplace_back(t.cpu, t.memory);
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> out;
    out.reserve(tasks.size());
    const double n = double(tasks.size());
    for (const TraceTask &t : tasks) {
        const auto below =
            std::lower_bound(sorted.begin(), sorted.end(), std::make_pair(t.cpu, t.memory)) -
            sorted.begin();
        out.push_back(std::min(services - 1, int(services * (double(below) / n))));
    }
    return out;
}
} // namespace

std::pair<double, double> TracePool::clipWindow(int clips, int index) const
{
    if (clips <= 0)
        return {origin, origin + span + 1.0};
    const double length = span / clips;
    const double from = origin + length * index;
    return {from, index == clips - 1 ? origin + span + 1.0 : from + length};
}

TracePool makeTracePool(const std::vector<TraceTask> &tasks, TraceFormat format, int services)
{
    TracePool pool;
    if (tasks.empty() || services <= 0)
        return pool;
    const std::vector<int> classes =
        format == TraceFormat::Alibaba2017 ? demandClasses(tasks, services) : std::vector<int>{};
    pool.requests.reserve(tasks.size());
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const TraceTask &t = tasks[i];
        TraceRequest r;
        r.start = t.start;
        r.delay = std::max(1.0, t.end - t.start);
        r.service =
            classes.empty() ? int(stableHash(t.service) % std::uint64_t(services)) : classes[i];
        r.cpu = t.cpu;
        r.memory = t.memory;
        pool.requests.push_back(r);
    }
    pool.origin = tasks.front().start;
    pool.span = std::max(1.0, tasks.back().start - pool.origin);
    return pool;
}

std::string traceFileOf(const Scenario &scenario)
{
    const RequestWorkload &w = scenario.workload.requests;
    if (!w.readsTrace() || w.tracePath.empty())
        return {};
    std::filesystem::path path = w.tracePath;
    if (path.is_relative() && !scenario.sourcePath.empty())
        path = std::filesystem::path(scenario.sourcePath).parent_path() / path;
    return path.string();
}

TracePool loadTracePool(const Scenario &scenario, std::string *error)
{
    const RequestWorkload &w = scenario.workload.requests;
    const auto format = traceFormatFromName(w.traceFormat);
    if (!format) {
        if (error)
            *error = "unknown trace format '" + w.traceFormat + "'";
        return {};
    }
    const std::filesystem::path path = traceFileOf(scenario);
    const TraceImport import = importAlibabaTraceFile(path.string(), *format);
    if (import.tasks.empty()) {
        if (error)
            *error = (scenario.sourcePath.empty() ? "" : scenario.sourcePath + ": ") +
                     "workload.requests.path: trace " + path.string() + " has no usable rows" +
                     (import.report.error.empty() ? "" : ": " + import.report.error);
        return {};
    }
    return makeTracePool(import.tasks, *format, int(scenario.services.size()));
}

} // namespace schedlab
