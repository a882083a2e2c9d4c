// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/runresult.h"
#include "store/experimentstore.h"

#include <memory>
#include <string_view>

namespace schedlab {

struct LearnedModel;

// How a comparison's run sits in the store: its attributes, and its result as
// vectors (frames, response CDF) and scalars (metrics, in an order kept apart).

inline constexpr std::string_view kComparisonAttribute = "comparison"; ///< the comparison's label
inline constexpr std::string_view kVariantAttribute = "variant";       ///< the variant's label
/** The metric names as the run reported them, comma-separated; '*' marks wall clock. */
inline constexpr std::string_view kMetricOrderAttribute = "metric_order";
inline constexpr std::string_view kDurationAttribute = "duration"; ///< seconds; 0: the scenario's
inline constexpr std::string_view kModelAttribute = "model";       ///< fingerprint, or "none"
inline constexpr std::string_view kErrorAttribute = "error";       ///< why a failed run failed

/** The model a comparison's learned policies ran, as a fingerprint of its bytes
 *  (the kModelAttribute of its runs); "none" for none. */
std::string modelFingerprint(const std::shared_ptr<const LearnedModel> &model);

/** A run's attribute `name`, or "" when it has none. */
std::string attributeOf(const RunSummary &run, std::string_view name);

/** What a finished run adds to its row: frames and response CDF, metrics, their order. */
ExperimentStore::RunOutcome runOutcome(const RunResult &result);

/** A complete stored run's result, as runOutcome() stored it. */
RunResult cellResultOf(const ExperimentStore &store, const RunSummary &run);

} // namespace schedlab
