// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/drsutilisation.h"

#include <optional>
#include <span>
#include <string_view>

namespace schedlab {

struct SimState;

/**
 * The reward settings DRS compares in Table 5 (Sec. 5.3.5), each computed in the
 * same environment:
 * - `drs`: eq. 14 over the six metrics (α·AvgUtil − β·ImBalance);
 * - `rlsk`: eq. 14 over cpu and memory only, the two resources RLSK balances;
 * - `deeprm`: DeepRM's slowdown reward −Σ_{j∈J} 1/T_j over the pods J in the system
 *   (arrived, not ended), T_j a pod's running time;
 * - `multi-deeprm`: the same sum taken machine by machine plus the pods still
 *   waiting; on one cluster it equals `deeprm` (the two behave alike in Table 5).
 */
enum class RewardKind { Drs, Rlsk, DeepRm, MultiDeepRm };

struct RewardSettings
{
    RewardKind kind = RewardKind::Drs;
    double alpha = kDrsAlpha;
    double beta = kDrsBeta;
};

/** "drs", "rlsk", "deeprm", "multi-deeprm"; nothing if unknown. */
std::optional<RewardKind> rewardKindFromName(std::string_view name);
const char *rewardKindName(RewardKind kind);

/** The reward now: `nodes` are the monitor's states (eq. 8) of the action-space nodes. */
double placementReward(const RewardSettings &settings, std::span<const UsageProfile> nodes,
                       const SimState &state);

} // namespace schedlab
