// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"
#include "engine/policyset.h"
#include "model/scenario.h"

#include <memory>
#include <string>
#include <vector>

namespace schedlab {

struct LearnedModel;

/** A run as a user names it: the policies by name and the weights learned ones run. */
struct RunOptions
{
    std::uint64_t seed = 1;
    double duration = 0.0; ///< seconds; 0 = the scenario's
    PolicySelection policies;
    /** Trained weights for learned policies (a loaded checkpoint); null for none. */
    std::shared_ptr<const LearnedModel> model;

    RunConfig config() const { return {seed, duration}; }
};

/**
 * The policies `selection` names, built by the registry, with the placement weights
 * it sets. Planes already set in `given` are kept as they are (a trainer's exploring
 * agent). Throws std::invalid_argument naming the problem: an unknown name, a learned
 * policy without `model` or with another agent's, a weight the policy has not.
 */
PolicySet buildPolicySet(const PolicySelection &selection,
                         std::shared_ptr<const LearnedModel> model, PolicySet given = {});
inline PolicySet buildPolicySet(const RunOptions &options, PolicySet given = {})
{
    return buildPolicySet(options.policies, options.model, std::move(given));
}

/** A problem of a policy selection: where (e.g. "policies.dispatch") and what. */
struct PolicyProblem
{
    std::string keyPath;
    std::string message;
};

/** What buildPolicySet would refuse in `selection`, but for missing trained weights
 *  (a scenario names its learned policies before they are trained). */
std::vector<PolicyProblem> policyProblems(const PolicySelection &selection);

} // namespace schedlab
