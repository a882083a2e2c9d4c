// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace schedlab {

/** What a policy network maps: a state of stateSize() values to one output per action. */
class NetShape
{
public:
    int stateSize() const { return mStateSize; }
    int actions() const { return mActions; }

protected:
    /** Throws std::invalid_argument, naming `net`, unless both sizes are positive. */
    NetShape(int stateSize, int actions, const char *net);

private:
    int mStateSize;
    int mActions;
};

} // namespace schedlab
