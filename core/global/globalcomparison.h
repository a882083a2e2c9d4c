// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/globalresult.h"
#include "global/globalscenario.h"
#include "metrics/confidence.h"

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace schedlab::global {

/** Architectures x seeds on one global scenario; runs[a * seeds + s]. */
struct GlobalComparison
{
    std::vector<std::string> architectures;
    std::vector<std::uint64_t> seeds;
    std::vector<GlobalResult> runs;

    const GlobalResult &run(std::size_t architecture, std::size_t seed) const
    {
        return runs[architecture * seeds.size() + seed];
    }
};

/** Mean ± 95% CI over the seeds of every metric of one architecture. */
struct GlobalSummaryRow
{
    std::string architecture;
    std::vector<std::pair<std::string, MeanCi>> metrics;
};

/**
 * Runs every architecture (names checked by the caller) on every seed with up to
 * `jobs` threads. Results do not depend on `jobs` or on the order runs finish in.
 * With `selected`, only the runs it selects (by index into `runs`) run; the others
 * keep an empty result.
 */
GlobalComparison compareGlobal(const GlobalScenario &scenario,
                               const std::vector<std::string> &architectures,
                               const std::vector<std::uint64_t> &seeds, int jobs,
                               const std::function<void(int done, int total)> &progress = {},
                               const std::function<bool(int run)> &selected = {});

std::vector<GlobalSummaryRow> summariseGlobal(const GlobalComparison &comparison);

nlohmann::ordered_json globalComparisonJson(const GlobalScenario &scenario,
                                            const GlobalComparison &comparison,
                                            const std::vector<GlobalSummaryRow> &summary);
/** architecture,metric,mean,ci95,n */
std::string globalSummaryCsv(const std::vector<GlobalSummaryRow> &summary);
/** architecture,seed,<every metric> */
std::string globalRunsCsv(const GlobalComparison &comparison);

} // namespace schedlab::global
