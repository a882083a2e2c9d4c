// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/globalscenario.h"
#include "model/scenario.h"
#include "scenario/scenarioio.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace schedlab {

/**
 * A scenario file of either kind: one cluster of eAPs, edge nodes and a cloud
 * (model/scenario.h), or multi-cluster global scheduling, a file with a top-level
 * `global:` map (global/globalscenario.h). Loading is the one place that tells the
 * kinds apart; commands, sweeps and validation take what it loads.
 */
class AnyScenario
{
public:
    explicit AnyScenario(Scenario s) : mValue(std::move(s)) {}
    explicit AnyScenario(global::GlobalScenario s) : mValue(std::move(s)) {}

    bool isGlobal() const { return std::holds_alternative<global::GlobalScenario>(mValue); }
    const Scenario &cluster() const { return std::get<Scenario>(mValue); }
    Scenario &cluster() { return std::get<Scenario>(mValue); }
    const global::GlobalScenario &global() const
    {
        return std::get<global::GlobalScenario>(mValue);
    }
    global::GlobalScenario &global() { return std::get<global::GlobalScenario>(mValue); }

    const std::string &name() const;
    std::uint64_t seed() const;
    /** What `validate` says of it: "12 edge nodes, 3 services" or "global: 4 clusters, 2
     * schedulers". */
    std::string summary() const;

private:
    std::variant<Scenario, global::GlobalScenario> mValue;
};

struct AnyScenarioLoad
{
    std::optional<AnyScenario> scenario; ///< set only when there are no errors
    std::vector<ScenarioError> errors;
    std::vector<ScenarioError> warnings; ///< a one-cluster scenario's (scenarioWarnings())
    bool ok() const { return scenario.has_value(); }
};

/** `runDuration`: a one-cluster scenario's run, when not its file's time.duration
 *  (loadScenarioFile()). */
AnyScenarioLoad loadAnyScenarioText(const std::string &yaml, const std::string &fileName = "<text>",
                                    double runDuration = 0.0);
AnyScenarioLoad loadAnyScenarioFile(const std::string &path, double runDuration = 0.0);

} // namespace schedlab
