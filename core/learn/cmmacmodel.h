// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/statelayout.h"

#include <string>

namespace schedlab {

/**
 * How a cmmac model names its networks. eAPs share one actor (KaiS Sec. III-A-2:
 * distributed actors, parameters synchronised from the centre) as long as their
 * local states have the same layout; sites whose pools differ in size get one
 * actor per layout. The critic is one, over the global state.
 */
inline std::string cmmacActorName(const LocalStateLayout &layout)
{
    return "cmmac.actor.w" + std::to_string(layout.services) + "p" + std::to_string(layout.pool);
}

inline const char *const kCmmacCriticName = "cmmac.critic";

} // namespace schedlab
