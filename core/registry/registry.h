// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <list>
#include <string>
#include <vector>

namespace schedlab {

struct LearnedModel;
struct PolicySet;

/** Global: the multi-cluster scheduling architectures of core/global (design doc 1.3). */
enum class Plane { Dispatch, Dequeue, Orchestration, Placement, Global };

/** Builds a policy into its plane's slot of `set`. `model` is the loaded checkpoint a
 *  learned policy runs (never null for one); other policies ignore it. */
using PolicyFactory = void (*)(PolicySet &set, const LearnedModel *model);

/** A placement plugin whose weight a policy sets itself, and how. */
struct OwnWeight
{
    std::string plugin;
    std::string how;
};

/** One row of the registry: everything SchedLab knows of a policy by its name. */
struct PolicyInfo
{
    Plane plane;
    std::string name;
    std::string summary;
    std::string source; ///< the paper section it follows
    /** Null on the global plane, whose architectures core/global runs. */
    PolicyFactory make = nullptr;
    /** Set for a learned policy: the `train --agent` whose checkpoint it runs. */
    std::string agent = {};
    /** Placement: plugins whose weight the policy sets itself, so that
     *  `placement_weights` may not. */
    std::vector<OwnWeight> ownWeights = {};
};

/** Every policy by plane, in the order YAML, CLI and GUI list them: registry.cpp's
 *  rows, then the registered ones. */
const std::list<PolicyInfo> &policyCatalog();
/**
 * Adds a row to the catalog, for a program or test that brings its own policy; from
 * then on it is known everywhere a built-in one is (validation, runs, lists). Call
 * before runs start. Throws std::invalid_argument for a name its plane already has
 * or a row without a factory.
 */
void registerPolicy(PolicyInfo info);
std::string planeName(Plane plane);
/** The catalog entry of a policy; null for an unknown name. */
const PolicyInfo *findPolicy(Plane plane, const std::string &name);
bool isKnownPolicy(Plane plane, const std::string &name);
/** The names of a plane's policies, in catalog order. */
std::vector<std::string> policyNames(Plane plane);
/** "unknown dispatch policy 'gredy' (did you mean 'greedy'?); known: ..." */
std::string unknownPolicyMessage(Plane plane, const std::string &name);

/** True when a checkpoint of `agent` holds the weights `policy` runs: its own
 *  agent's, or `kais`'s (cMMAC and GPG trained together) for cmmac and gpg. */
bool agentTrains(const std::string &agent, const PolicyInfo &policy);
/** "dispatch policy 'cmmac' is learned: train it first (...)" */
std::string needsCheckpointMessage(const PolicyInfo &info);

/** The plugins of a placement policy, in the order it runs them; empty for an
 *  unknown or a learned one (its plugins come with its weights). */
std::vector<std::string> placementPluginNames(const std::string &policy);
/** Why `placement_weights` cannot set `plugin` of `policy`; empty when it can. */
std::string placementWeightProblem(const std::string &policy, const std::string &plugin);

} // namespace schedlab
