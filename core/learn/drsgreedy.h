// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/fastmlp.h"

#include <span>
#include <string>
#include <vector>

namespace schedlab {

struct LearnedModel;

/**
 * A trained DRS-family agent at run time, without torch: its policy network (Q for
 * the DQN agents, the actor's logits for PPO) in FastMlp, and the greedy action of
 * eq. 5, argmax over the feasible nodes (lowest index on ties). Holds scratch
 * buffers: one instance per thread.
 */
class DrsGreedy
{
public:
    /** Throws std::invalid_argument when `model` is not `agent`'s or lacks its
     *  network, or the network's sizes are not 6·(n + 1) inputs for n outputs. */
    DrsGreedy(const LearnedModel &model, const std::string &agent);

    int nodeCount() const { return mNet.outputSize(); }
    int stateSize() const { return mNet.inputSize(); }
    /** The network's outputs for State_t. */
    std::span<const float> scores(std::span<const double> state) const;
    /** The best feasible action; -1 when none is feasible. */
    int act(std::span<const double> state, std::span<const char> feasible) const;

private:
    FastMlp mNet;
    mutable std::vector<float> mInput;
};

} // namespace schedlab
