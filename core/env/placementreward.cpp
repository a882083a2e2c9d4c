// SPDX-License-Identifier: GPL-3.0-or-later
#include "env/placementreward.h"

#include "state/simstate.h"

namespace schedlab {

namespace {
struct Named
{
    RewardKind kind;
    const char *name;
};
constexpr Named kNames[] = {{RewardKind::Drs, "drs"},
                            {RewardKind::Rlsk, "rlsk"},
                            {RewardKind::DeepRm, "deeprm"},
                            {RewardKind::MultiDeepRm, "multi-deeprm"}};

/** −Σ 1/T_j over the pods that have arrived and not ended. */
double slowdownReward(const SimState &state)
{
    double sum = 0.0;
    for (const Pod &pod : state.pods) {
        if (pod.arrival > state.now)
            break; // pods are kept by arrival
        if (pod.phase == PodPhase::Succeeded || pod.phase == PodPhase::Failed)
            continue;
        if (pod.duration > 0)
            sum += 1.0 / pod.duration;
    }
    return -sum;
}
} // namespace

std::optional<RewardKind> rewardKindFromName(std::string_view name)
{
    for (const Named &n : kNames)
        if (name == n.name)
            return n.kind;
    return std::nullopt;
}

const char *rewardKindName(RewardKind kind)
{
    for (const Named &n : kNames)
        if (n.kind == kind)
            return n.name;
    return "?";
}

double placementReward(const RewardSettings &settings, std::span<const UsageProfile> nodes,
                       const SimState &state)
{
    static constexpr Metric cpuAndMemory[] = {Metric::Cpu, Metric::Memory};
    switch (settings.kind) {
    case RewardKind::Drs:
        return drsReward(clusterUtilisation(nodes), settings.alpha, settings.beta);
    case RewardKind::Rlsk:
        return drsReward(clusterUtilisation(nodes, cpuAndMemory), settings.alpha, settings.beta);
    case RewardKind::DeepRm:
    case RewardKind::MultiDeepRm:
        return slowdownReward(state);
    }
    return 0.0;
}

} // namespace schedlab
