// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/sweep.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace schedlab {

/**
 * The metrics of a sweep's results in run order (the union over its values), without
 * the wall-clock ones (decision time, wall seconds, ...): sweep files hold only what
 * the same inputs reproduce byte for byte.
 */
std::vector<std::string> sweepMetricNames(const SweepResult &sweep);

/**
 * {"scenario", "parameter", "unit", "points": [{"value", "x", "seeds", "duration_s",
 * "policies": [{"name", "policies", "metrics": {m: {"mean", "ci95", "n"}}}]}]}, the
 * policies as in comparisonJson(); "x" and "unit" are null unless every value is a
 * number with the same unit (sweepAxis()).
 */
nlohmann::ordered_json sweepJson(const SweepResult &sweep);

/** Where writeSweepFiles() writes: "dir/name" for a prefix "dir/name", "dir/sweep" for
 *  an existing directory or a prefix ending in '/'. */
std::string sweepFilePrefix(const std::string &prefix);

/** The files a sweep with `--out prefix` writes: writeSweepFiles()'s and its figure's
 *  (PREFIX.pdf, .png and .svg). */
std::vector<std::string> sweepFiles(const std::string &prefix);

/**
 * PREFIX.csv: one row per (value, policy): parameter,value,x,policy,n and
 * <metric>_mean,<metric>_ci95 for every metric of sweepMetricNames();
 * PREFIX-runs.csv: one row per run (value,policy,seed and the metrics);
 * PREFIX.json: sweepJson(). Numbers as in the comparison files (%.17g).
 * `written` gets the file names.
 */
bool writeSweepFiles(const std::string &prefix, const SweepResult &sweep,
                     std::vector<std::string> *written, std::string *error);

} // namespace schedlab
