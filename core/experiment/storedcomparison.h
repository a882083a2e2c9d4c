// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/comparison.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedlab {

class ExperimentStore;

/**
 * Comparisons in the experiment store: every cell is one run whose attributes
 * name the comparison and its variant, with its per-frame values and response
 * time CDF as vectors, so a comparison can be reopened and redrawn without
 * running it again.
 */

/** "scenario @ 2026-01-31T12:00:00.123Z": a fresh label for a comparison started now. */
std::string comparisonLabel(const Scenario &scenario);

/** Writes every successful cell; the comparison is named by `label` (e.g. a timestamp). */
bool storeComparison(ExperimentStore &store, const Scenario &scenario, const ComparisonSpec &spec,
                     const std::vector<CellResult> &cells, const std::string &label,
                     std::string *error);
/** Same, opening (or creating) the store at `dbPath`. */
bool storeComparison(const std::string &dbPath, const Scenario &scenario,
                     const ComparisonSpec &spec, const std::vector<CellResult> &cells,
                     const std::string &label, std::string *error);

/** A comparison found in the store. */
struct StoredComparison
{
    std::string label;
    std::string scenarioName;
    std::string startedAt;
    std::vector<std::string> variants;
    int runs = 0;
};

/** The comparisons in the store, oldest first. */
std::vector<StoredComparison> listComparisons(const ExperimentStore &store);

/** What a stored comparison ran beyond its spec, to compare with what is open now. */
struct ComparisonSettings
{
    std::string scenarioYaml; ///< the scenario as it ran (canonical YAML)
    std::string model;        ///< the learned model's fingerprint, or "none"
    /** That model, when a checkpoint in the store holds it (training runs store theirs). */
    std::shared_ptr<const LearnedModel> storedModel;
    std::string storedModelName; ///< the checkpoint's name
};

/** Rebuilds the spec (policies, seeds, duration; not the model's weights) and the
 *  cells of a stored comparison (complete runs only), and what it ran with. */
bool loadComparison(const ExperimentStore &store, const std::string &label, ComparisonSpec &spec,
                    std::vector<CellResult> &cells, std::string *error,
                    ComparisonSettings *settings = nullptr);

} // namespace schedlab
