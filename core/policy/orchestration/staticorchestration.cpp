// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/orchestration/orchestrationpolicies.h"

namespace schedlab {

namespace {
/** Keeps the scenario's initial replicas for the whole run. */
class StaticOrchestration final : public OrchestrationPolicy
{
public:
    void onFrame(OrchestrationContext &) override {}
};
} // namespace

std::unique_ptr<OrchestrationPolicy> makeStaticOrchestration()
{
    return std::make_unique<StaticOrchestration>();
}

} // namespace schedlab
