// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/sweep.h"

#include <string>

namespace schedlab {

class ExperimentStore;

/**
 * Sweeps in the experiment store: every value's runs are stored as a comparison
 * (storeComparison(), labelled "<sweep label> [path=value]"), and the sweep row
 * groups them with the scenario document as given and the parameter path.
 */

/** "<comparison label> [path=value]": the comparison of one value of the sweep `label`. */
std::string sweepPointLabel(const std::string &label, const std::string &parameter,
                            const std::string &value);

/** Writes every successful run of every value, then the sweep; `label` must be new. */
bool storeSweep(ExperimentStore &store, const SweepResult &sweep, const std::string &label,
                std::string *error);
/** Writes the sweep row alone, for runs already kept as they went (SweepSpec::store):
 *  each value's comparison is SweepPointResult::comparison. */
bool recordSweep(ExperimentStore &store, const SweepResult &sweep, const std::string &label,
                 std::string *error);
/** Same, opening (or creating) the store at `dbPath`. */
bool storeSweep(const std::string &dbPath, const SweepResult &sweep, const std::string &label,
                std::string *error);

/**
 * Rebuilds a stored sweep (complete runs only): each value's scenario, spec, cells
 * and summary, so its files and charts can be written again without running it.
 */
bool loadSweep(const ExperimentStore &store, const std::string &label, SweepResult &sweep,
               std::string *error);

} // namespace schedlab
