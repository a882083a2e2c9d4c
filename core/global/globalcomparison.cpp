// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/globalcomparison.h"

#include "base/csv.h"
#include "global/globalsimulation.h"
#include "policy/global/architecture.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

namespace schedlab::global {

GlobalComparison compareGlobal(const GlobalScenario &scenario,
                               const std::vector<std::string> &architectures,
                               const std::vector<std::uint64_t> &seeds, int jobs,
                               const std::function<void(int, int)> &progress,
                               const std::function<bool(int)> &selected)
{
    GlobalComparison out;
    out.architectures = architectures;
    out.seeds = seeds;
    const int total = int(architectures.size() * seeds.size());
    out.runs.resize(std::size_t(total));
    std::atomic<int> next{0};
    int done = 0;
    std::mutex progressMutex;
    auto worker = [&] {
        for (int i = next++; i < total; i = next++) {
            const std::size_t a = std::size_t(i) / seeds.size(), s = std::size_t(i) % seeds.size();
            if (!selected || selected(i))
                out.runs[std::size_t(i)] =
                    runGlobal(scenario, *findGlobalArchitecture(architectures[a]), seeds[s]);
            const std::lock_guard lock(progressMutex);
            ++done;
            if (progress)
                progress(done, total);
        }
    };
    std::vector<std::jthread> pool;
    for (int j = 1; j < std::clamp(jobs, 1, std::max(1, total)); ++j)
        pool.emplace_back(worker);
    worker();
    return out;
}

std::vector<GlobalSummaryRow> summariseGlobal(const GlobalComparison &c)
{
    std::vector<GlobalSummaryRow> rows;
    for (std::size_t a = 0; a < c.architectures.size(); ++a) {
        GlobalSummaryRow row{c.architectures[a], {}};
        for (std::size_t m = 0; m < globalMetricNames().size(); ++m) {
            std::vector<double> samples;
            for (std::size_t s = 0; s < c.seeds.size(); ++s)
                samples.push_back(c.run(a, s).metrics()[m].second);
            row.metrics.emplace_back(globalMetricNames()[m], meanCi(samples));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

nlohmann::ordered_json globalComparisonJson(const GlobalScenario &scenario,
                                            const GlobalComparison &c,
                                            const std::vector<GlobalSummaryRow> &summary)
{
    nlohmann::ordered_json out;
    out["scenario"] = scenario.name;
    out["clusters"] = scenario.clusters;
    out["schedulers"] = scenario.schedulers;
    out["seeds"] = c.seeds;
    nlohmann::ordered_json archs = nlohmann::ordered_json::array();
    for (const GlobalSummaryRow &row : summary) {
        nlohmann::ordered_json a;
        a["architecture"] = row.architecture;
        for (const auto &[name, ci] : row.metrics)
            a["metrics"][name] = {{"mean", ci.mean}, {"ci95", ci.ci95}, {"n", ci.n}};
        archs.push_back(a);
    }
    out["architectures"] = archs;
    return out;
}

namespace {
std::string number(double v)
{
    return csvNumber(v, 10);
}
} // namespace

std::string globalSummaryCsv(const std::vector<GlobalSummaryRow> &summary)
{
    std::string csv = "architecture,metric,mean,ci95,n\n";
    for (const GlobalSummaryRow &row : summary)
        for (const auto &[name, ci] : row.metrics)
            csv += row.architecture + "," + name + "," + number(ci.mean) + "," + number(ci.ci95) +
                   "," + std::to_string(ci.n) + "\n";
    return csv;
}

std::string globalRunsCsv(const GlobalComparison &c)
{
    std::string csv = "architecture,seed";
    for (const std::string &name : globalMetricNames())
        csv += "," + name;
    csv += "\n";
    for (std::size_t a = 0; a < c.architectures.size(); ++a)
        for (std::size_t s = 0; s < c.seeds.size(); ++s) {
            csv += c.architectures[a] + "," + std::to_string(c.seeds[s]);
            for (const auto &[name, value] : c.run(a, s).metrics())
                csv += "," + number(value);
            csv += "\n";
        }
    return csv;
}

} // namespace schedlab::global
