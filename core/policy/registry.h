// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace schedlab {

class DispatchPolicy;
class DequeuePolicy;
class OrchestrationPolicy;
class PlacementFramework;
struct LearnedModel;

/** Global: the multi-cluster scheduling architectures of core/global (design doc 1.3). */
enum class Plane { Dispatch, Dequeue, Orchestration, Placement, Global };

struct PolicyInfo
{
    Plane plane;
    std::string name;
    std::string summary;
    std::string source; ///< the paper section it follows
    /** Set for a learned policy: the `train --agent` whose checkpoint it runs. */
    std::string agent = {};
};

/** Every policy by plane, in the order YAML, CLI and GUI list them. */
const std::vector<PolicyInfo> &policyCatalog();
std::string planeName(Plane plane);
bool isKnownPolicy(Plane plane, const std::string &name);
/** "unknown dispatch policy 'gredy' (did you mean 'greedy'?); known: ..." */
std::string unknownPolicyMessage(Plane plane, const std::string &name);

/** The catalog entry of a policy; null for an unknown name. */
const PolicyInfo *findPolicy(Plane plane, const std::string &name);

/**
 * Null for an unknown name. A learned policy runs the networks of `model` (a
 * loaded checkpoint) and throws std::invalid_argument when there is none or it
 * lacks the networks it needs; other policies ignore `model`.
 */
std::unique_ptr<DispatchPolicy> makeDispatchPolicy(const std::string &name,
                                                   const LearnedModel *model = nullptr);
std::unique_ptr<DequeuePolicy> makeDequeuePolicy(const std::string &name);
std::unique_ptr<OrchestrationPolicy> makeOrchestrationPolicy(const std::string &name,
                                                             const LearnedModel *model = nullptr);
std::unique_ptr<PlacementFramework> makePlacementPolicy(const std::string &name,
                                                        const LearnedModel *model = nullptr);
/** True when a checkpoint of `agent` holds the weights `policy` runs: its own
 *  agent's, or `kais`'s (cMMAC and GPG trained together) for cmmac and gpg. */
bool agentTrains(const std::string &agent, const PolicyInfo &policy);
/** "dispatch policy 'cmmac' is learned: train it first (...)" */
std::string needsCheckpointMessage(const PolicyInfo &info);

} // namespace schedlab
