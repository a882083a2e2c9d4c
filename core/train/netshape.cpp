// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/netshape.h"

#include <stdexcept>
#include <string>

namespace schedlab {

NetShape::NetShape(int stateSize, int actions, const char *net)
    : mStateSize(stateSize), mActions(actions)
{
    if (stateSize <= 0 || actions <= 0)
        throw std::invalid_argument(std::string(net) + ": state size and actions must be positive");
}

} // namespace schedlab
