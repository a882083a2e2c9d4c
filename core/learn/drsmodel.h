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
 * `ppo` keeps "ppo.actor" (logits) and "ppo.critic" (V).
 */
inline bool isDrsAgent(std::string_view agent)
{
    return agent == "drs" || agent == "double-dqn" || agent == "dueling-dqn" || agent == "ppo";
}

/** The network a DRS-family policy acts with: Q-values or actor logits. */
inline std::string drsPolicyNetName(std::string_view agent)
{
    return std::string(agent) + (agent == "ppo" ? ".actor" : ".q");
}

} // namespace schedlab
