// SPDX-License-Identifier: GPL-3.0-or-later
#include "globalcommands.h"
#include "base/jsontext.h"

#include "clisupport.h"
#include "command.h"
#include "progressbar.h"

#include "global/globalcomparison.h"
#include "global/globalresult.h"
#include "global/globalscenarioreader.h"
#include "global/globalsimulation.h"
#include "metrics/engineeringformat.h"
#include "metrics/metriccatalog.h"
#include "policy/global/architecture.h"
#include "registry/registry.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

namespace schedlab::cli {

namespace {
/** `--duration` over the scenario's arrival window; false after saying what is wrong. */
bool applyDuration(global::GlobalScenario &scenario, const std::string &duration)
{
    if (duration.empty())
        return true;
    const auto d = parseDurationOption(duration, "--duration");
    if (!d)
        return false;
    scenario.duration = *d;
    // The file's own limit on requests, for the new duration.
    const double requests = std::max(scenario.rate, scenario.directRate) * *d;
    static_assert(global::kMaxGlobalRequests == 2e7, "the message below names it");
    if (!(requests <= global::kMaxGlobalRequests)) {
        std::fprintf(stderr,
                     "error: --duration %s: %.0f requests at the scenario's rate, more "
                     "than 20,000,000\n",
                     duration.c_str(), requests);
        return false;
    }
    return true;
}

} // namespace

std::optional<std::vector<std::string>> checkedArchitectures(const std::string &csv,
                                                             std::vector<std::string> fallback)
{
    std::vector<std::string> names = csv.empty() ? std::move(fallback) : splitList(csv);
    for (const std::string &n : names)
        if (!global::findGlobalArchitecture(n)) {
            std::fprintf(stderr, "error: --global: %s\n",
                         unknownPolicyMessage(Plane::Global, n).c_str());
            return std::nullopt;
        }
    if (names.empty()) {
        std::fprintf(stderr, "error: --global: name at least one architecture\n");
        return std::nullopt;
    }
    return names;
}

std::vector<std::string> allArchitectures()
{
    std::vector<std::string> all;
    for (const global::GlobalArchitecture &arch : global::globalArchitectures())
        all.push_back(arch.name);
    return all;
}

namespace {
bool writeFile(const std::filesystem::path &path, const std::string &text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
        std::fprintf(stderr, "error: cannot write %s\n", path.string().c_str());
        return false;
    }
    return true;
}

void printTable(const global::GlobalScenario &s, const global::GlobalComparison &c,
                const std::vector<global::GlobalSummaryRow> &summary)
{
    const MetricGroup groups[] = {MetricGroup::Global};
    const std::vector<std::string> kColumns = keyMetrics(groups, global::globalMetricNames());
    std::printf("%s: %d clusters, %d schedulers, %zu seeds, mean ± 95%% CI (Student t)\n",
                s.name.c_str(), s.clusters, s.schedulers, c.seeds.size());
    std::printf("%-18s", "architecture");
    for (const std::string &m : kColumns)
        std::printf(" %22s", m.c_str());
    std::printf("\n");
    for (const global::GlobalSummaryRow &row : summary) {
        std::printf("%-18s", row.architecture.c_str());
        for (const std::string &name : kColumns)
            for (const auto &[metric, ci] : row.metrics)
                if (metric == name) {
                    std::printf(" ");
                    printPadded(formatMetricMeanCi(metric, ci), 22, true);
                }
        std::printf("\n");
    }
}
} // namespace

int runGlobalScenario(global::GlobalScenario scenario, const GlobalRunArgs &a)
{
    if (!applyDuration(scenario, a.duration))
        return BadInput;
    const auto names = checkedArchitectures(a.architectures, {"two-level"});
    if (!names)
        return BadInput;
    if (names->size() != 1) {
        std::fprintf(stderr, "error: --global: run takes one architecture; use compare for more\n");
        return BadInput;
    }
    const std::uint64_t seed = a.seed.value_or(scenario.seed);
    const global::GlobalResult r =
        global::runGlobal(scenario, *global::findGlobalArchitecture(names->front()), seed);
    if (a.json) {
        nlohmann::ordered_json out;
        out["scenario"] = scenario.name;
        out["architecture"] = r.architecture;
        out["seed"] = seed;
        out["clusters"] = r.clusters;
        out["nodes"] = r.nodes;
        out["arrived"] = r.arrived;
        out["placed"] = r.placed;
        for (const auto &[name, value] : r.metrics())
            out[name] = value;
        std::printf("%s\n", jsonText(out).c_str());
        return Ok;
    }
    std::printf("%s  seed %llu  global %s  %d clusters  %lld nodes  %lld requests\n",
                scenario.name.c_str(), static_cast<unsigned long long>(seed),
                r.architecture.c_str(), r.clusters, static_cast<long long>(r.nodes),
                static_cast<long long>(r.arrived));
    for (const auto &[name, value] : r.metrics())
        std::printf("  %-28s %.6g\n", name.c_str(), value);
    return Ok;
}

int prepareGlobalCompare(global::GlobalScenario scenario, const GlobalCompareArgs &a,
                         PreparedGlobalCompare &out)
{
    if (!applyDuration(scenario, a.duration))
        return BadInput;
    const auto names = checkedArchitectures(a.architectures, allArchitectures());
    if (!names)
        return BadInput;
    if (a.seeds < 1) {
        std::fprintf(stderr, "error: --seeds must be at least 1\n");
        return BadInput;
    }
    if (!a.out.empty() && !outputFolderAllowed(a.out, "--out"))
        return BadInput;
    out.args = a;
    out.architectures = *names;
    out.seeds.clear();
    for (int i = 0; i < a.seeds; ++i)
        out.seeds.push_back(scenario.seed + std::uint64_t(i));
    out.jobs = a.jobs > 0 ? a.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
    out.scenario = std::move(scenario);
    return Ok;
}

int reportGlobalCompare(const PreparedGlobalCompare &p, const global::GlobalComparison &c)
{
    const GlobalCompareArgs &a = p.args;
    const global::GlobalScenario &scenario = p.scenario;
    const auto summary = global::summariseGlobal(c);
    if (!a.out.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(a.out, ec);
        const std::filesystem::path dir(a.out);
        if (ec || !writeFile(dir / "summary.csv", global::globalSummaryCsv(summary)) ||
            !writeFile(dir / "runs.csv", global::globalRunsCsv(c)) ||
            !writeFile(dir / "summary.json",
                       jsonText(global::globalComparisonJson(scenario, c, summary)) + "\n")) {
            if (ec)
                std::fprintf(stderr, "error: cannot create %s: %s\n", a.out.c_str(),
                             ec.message().c_str());
            return RunFailed;
        }
    }
    if (a.json) {
        std::printf("%s\n", jsonText(global::globalComparisonJson(scenario, c, summary)).c_str());
    } else {
        printTable(scenario, c, summary);
        if (!a.out.empty())
            std::printf("results: %s/summary.csv, runs.csv, summary.json\n", a.out.c_str());
    }
    return Ok;
}

int compareGlobalScenario(global::GlobalScenario scenario, const GlobalCompareArgs &a)
{
    PreparedGlobalCompare p;
    if (const int rc = prepareGlobalCompare(std::move(scenario), a, p); rc != Ok)
        return rc;
    ProgressBar bar("compare");
    const global::GlobalComparison c = global::compareGlobal(
        p.scenario, p.architectures, p.seeds, p.jobs, [&](int done, int total) {
            bar.update(double(done) / total,
                       std::to_string(done) + "/" + std::to_string(total) + " runs");
        });
    bar.done();
    return reportGlobalCompare(p, c);
}

} // namespace schedlab::cli
