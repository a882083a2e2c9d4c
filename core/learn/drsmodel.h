// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace schedlab {

/**
 * How the DRS family names its networks. The DQN agents (`drs`, `double-dqn`,
 * `dueling-dqn`) keep "<agent>.q", the Q-network a policy runs; a dueling model
 * also keeps its value and advantage streams ("dueling-dqn.value", ".advantage")
 * so training can resume, its ".q" being the two folded into one plain network.
 * `ppo` keeps "ppo.actor" (logits) and "ppo.critic" (V); `sac` "sac.actor" and
 * its two critics. This returns the network a policy acts with: the Q-values, or
 * the actor's logits.
 */
inline std::string drsPolicyNetName(std::string_view agent)
{
    return std::string(agent) + (agent == "ppo" || agent == "sac" ? ".actor" : ".q");
}

/** The agent of a model that holds every DRS-family network (`train --agent
 *  drs-family`): each of their policies runs its own from it. */
inline constexpr std::string_view kDrsFamilyAgent = "drs-family";

} // namespace schedlab
