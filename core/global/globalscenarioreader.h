// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/globalscenario.h"
#include "scenario/scenarioio.h"

#include <optional>
#include <string>
#include <vector>

namespace schedlab::global {

/** The most requests (rate × duration, and direct_rate × duration) a global run may
 *  generate: a typo must not hang a run or exhaust memory. */
constexpr double kMaxGlobalRequests = 2e7;

struct GlobalScenarioLoad
{
    std::optional<GlobalScenario> scenario; ///< set only when there are no errors
    std::vector<ScenarioError> errors;
    bool ok() const { return scenario.has_value(); }
};

/**
 * A multi-cluster scenario: `schedlab: 1`, name, description, seed and a `global:`
 * map of generator parameters (clusters, profiles, workload, schedulers, costs),
 * every one a plain scalar or a short list. Errors name file, line, column and key.
 */
GlobalScenarioLoad loadGlobalScenarioText(const std::string &yaml,
                                          const std::string &fileName = "<text>");
GlobalScenarioLoad loadGlobalScenarioFile(const std::string &path);

/** True when the document is a map with a top-level `global:` key (and is not a sweep
 *  preset, whose `global:` lists architectures). */
bool isGlobalScenarioText(const std::string &yaml);
/** Same for a file; false when it cannot be read or parsed (the loader then reports why). */
bool isGlobalScenarioFile(const std::string &path);

} // namespace schedlab::global
