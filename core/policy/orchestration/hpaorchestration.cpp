// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/orchestration/orchestrationpolicies.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <vector>

namespace schedlab {

namespace {
/**
 * KaiS's "Native" orchestration baseline, the Kubernetes HPA rule evaluated every
 * frame per service: desired = ceil(current * metric / target), no change inside
 * the tolerance band, scale-down only to the highest recommendation of the
 * stabilisation window, bounded by the service's [max(min, 1), max]. Like the HPA
 * it does not scale a service up from zero replicas.
 */
class HpaOrchestration final : public OrchestrationPolicy
{
public:
    explicit HpaOrchestration(HpaSettings s) : mSettings(s) {}

    void reset(const SimState &state) override
    {
        mHistory.assign(state.scenario->sites.size() * std::size_t(state.serviceCount), {});
    }

    void onFrame(OrchestrationContext &ctx) override
    {
        const SimState &st = ctx.state();
        const double frame = ctx.frameSeconds();
        const auto window = std::size_t(std::max(1.0, std::ceil(mSettings.downStabilisation / frame)));
        for (int s = 0; s < st.serviceCount; ++s) {
            const ServiceSpec &spec = st.service(s);
            const int current = ctx.edgeReplicas(s);
            if (current == 0)
                continue;
            const double metric =
                ctx.frameBusyCoreSeconds(s) / (current * spec.replicaCpu * frame);
            const double ratio = metric / mSettings.targetUtilisation;
            int desired = current;
            if (std::abs(ratio - 1.0) > mSettings.tolerance)
                desired = int(std::ceil(current * ratio - 1e-9));
            desired = std::clamp(desired, std::max(spec.replicas.min, 1),
                                 std::max(spec.replicas.max, 1));

            auto &history = mHistory[std::size_t(ctx.site()) * st.serviceCount + s];
            history.push_back(desired);
            if (history.size() > window)
                history.pop_front();
            if (desired < current)
                desired = std::min(current, *std::max_element(history.begin(), history.end()));

            for (int k = current; k < desired && ctx.scaleUp(s); ++k) {
            }
            for (int k = desired; k < current && ctx.scaleDown(s); ++k) {
            }
        }
    }

private:
    HpaSettings mSettings;
    std::vector<std::deque<int>> mHistory;
};
} // namespace

std::unique_ptr<OrchestrationPolicy> makeHpaOrchestration(HpaSettings settings)
{
    return std::make_unique<HpaOrchestration>(settings);
}

} // namespace schedlab
