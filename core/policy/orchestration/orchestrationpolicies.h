// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/orchestrationpolicy.h"

#include <memory>

namespace schedlab {

/** The Kubernetes HorizontalPodAutoscaler's parameters (its documented defaults but the target). */
struct HpaSettings
{
    double targetUtilisation = 0.6;   ///< of each replica's cpu request
    double tolerance = 0.1;           ///< no change while |metric/target - 1| <= tolerance
    double downStabilisation = 300.0; ///< seconds: scale down to the highest recent recommendation
};

std::unique_ptr<OrchestrationPolicy> makeStaticOrchestration();
std::unique_ptr<OrchestrationPolicy> makeHpaOrchestration(HpaSettings settings = {});
/** KaiS V's GSP-SS: shadow scheduling LP on the known arrival rates, greedy placement. */
std::unique_ptr<OrchestrationPolicy> makeGspSsOrchestration();

} // namespace schedlab
