// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/csv.h" // csvNumber, csvField: the result files' numbers and fields
#include "experiment/comparison.h"

#include <nlohmann/json.hpp>
#include <string>

namespace schedlab {

/**
 * {"scenario", "seeds", "policies": [{"name", "policies", "metrics": {m: {"mean",
 * "ci95", "n"}}}]} with the metric names of a single run.
 */
nlohmann::ordered_json comparisonJson(const Scenario &scenario, const ComparisonSpec &spec,
                                      const std::vector<VariantSummary> &summary);

/**
 * summary.csv, runs.csv (one row per run), frames.csv (Φ_f per frame), cdf.csv
 * (each run's response-time CDF: policy,seed,response_s,fraction), summary.json.
 */
bool writeComparisonFiles(const std::string &dir, const Scenario &scenario,
                          const ComparisonSpec &spec, const std::vector<CellResult> &cells,
                          const std::vector<VariantSummary> &summary, std::string *error);

/** The files writeComparisonFiles() writes into `dir`, in its order. */
std::vector<std::string> comparisonFiles(const std::string &dir);

} // namespace schedlab
