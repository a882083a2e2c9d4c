// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementframework.h"
#include "policy/dispatchpolicy.h"
#include "policy/orchestrationpolicy.h"

#include <memory>
#include <string>

namespace schedlab {

struct LearnedModel;

/** KaiS cMMAC's actors (learn/cmmacmodel.h names their networks in `model`). */
std::unique_ptr<DispatchPolicy> makeCmmacDispatch(const LearnedModel &model);
/** The same actors run in the cloud, paying the round trip (KaiS Fig. 9c). */
std::unique_ptr<DispatchPolicy> makeCentralCmmacDispatch(const LearnedModel &model);

/** KaiS GPG (Sec. III-B) on the networks of a gpg model; checked against the
 *  scenario at reset (std::invalid_argument when they do not fit). */
std::unique_ptr<OrchestrationPolicy> makeGpgOrchestration(const LearnedModel &model);

/**
 * The learned DRS-family placement policies `drs`, `double-dqn`, `dueling-dqn` and
 * `ppo`: the DRS scheduler (filters, then the agent's node) with a trained agent
 * choosing greedily among the feasible worker nodes. Throws std::invalid_argument
 * when `model` is not that agent's; a model trained on another number of worker
 * nodes is refused at the first decision.
 */
std::unique_ptr<PlacementFramework> makeDrsPlacement(const std::string &agent,
                                                     const LearnedModel &model);

} // namespace schedlab
