// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/arrivalrates.h"

#include "state/random.h"
#include "workload/tracereader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <numeric>
#include <stdexcept>

namespace schedlab {

std::vector<double> centredMemoryRanks(const Scenario &scenario)
{
    const int n = int(scenario.services.size());
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return scenario.services[x].replicaMemory < scenario.services[y].replicaMemory;
    });
    std::vector<double> rank(n, 0.0);
    for (int i = 0; i < n && n > 1; ++i)
        rank[order[i]] = 2.0 * i / (n - 1) - 1.0; // -1 lightest .. +1 heaviest
    return rank;
}

ArrivalRateOracle::ArrivalRateOracle(const Scenario &scenario)
    : mScenario(scenario), mMemoryRank(centredMemoryRanks(scenario))
{
    const RequestWorkload &w = scenario.workload.requests;
    const int services = int(scenario.services.size());
    if (w.kind != RequestWorkloadKind::Trace || services == 0)
        return;
    const auto format = traceFormatFromName(w.traceFormat);
    if (!format)
        throw std::invalid_argument("unknown trace format '" + w.traceFormat + "'");
    std::filesystem::path path = w.tracePath;
    if (path.is_relative() && !scenario.sourcePath.empty())
        path = std::filesystem::path(scenario.sourcePath).parent_path() / path;
    const TraceImport import = importAlibabaTraceFile(path.string(), *format);
    if (import.tasks.empty())
        throw std::invalid_argument("trace " + path.string() + " has no usable rows");
    // As the trace source maps rows to requests (workload/arrivalsource.cpp).
    const double origin = import.tasks.front().start;
    for (const TraceTask &t : import.tasks)
        mTraceArrivals.emplace_back((t.start - origin) * w.timeScale,
                                    int(stableHash(t.service) % std::uint64_t(services)));
    std::stable_sort(mTraceArrivals.begin(), mTraceArrivals.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
}

std::vector<double> ArrivalRateOracle::serviceRates(double from, double to) const
{
    const RequestWorkload &w = mScenario.workload.requests;
    const int services = int(mScenario.services.size());
    std::vector<double> rates(std::size_t(services), 0.0);
    if (services == 0 || to <= from || w.kind == RequestWorkloadKind::None)
        return rates;
    if (w.kind == RequestWorkloadKind::Trace) {
        auto it = std::lower_bound(mTraceArrivals.begin(), mTraceArrivals.end(), from,
                                   [](const auto &a, double t) { return a.first < t; });
        for (; it != mTraceArrivals.end() && it->first < to; ++it)
            rates[std::size_t(it->second)] += 1.0 / (to - from);
        return rates;
    }
    // Services are drawn uniformly; the patterns modulate the rate by
    // 1 + A sin(2 pi t / period) (P2: by 1 + A rank_w sin(...)), as the generators do.
    const bool pattern = w.kind == RequestWorkloadKind::Pattern;
    const bool periodic = pattern && w.pattern != Pattern::P4;
    const double amplitude = periodic ? std::clamp(w.amplitude, 0.0, 1.0) : 0.0;
    const double period = pattern && w.pattern == Pattern::P3 ? w.period / 2 : w.period;
    double meanSine = 0.0; // of sin(2 pi t / period) over [from, to)
    if (amplitude > 0.0 && period > 0.0) {
        const double k = 2.0 * std::numbers::pi / period;
        meanSine = (std::cos(k * from) - std::cos(k * to)) / (k * (to - from));
    }
    for (int s = 0; s < services; ++s) {
        const double weight = periodic && w.pattern == Pattern::P2 ? mMemoryRank[s] : 1.0;
        rates[std::size_t(s)] = w.rate / services * (1.0 + amplitude * weight * meanSine);
    }
    return rates;
}

} // namespace schedlab
