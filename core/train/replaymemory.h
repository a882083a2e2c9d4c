// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/random.h"

#include <cstdint>
#include <vector>

namespace schedlab {

/** One transition (State_t, Action_t, Reward_t, State_{t+1}) of Algorithm 2, line 10. */
struct Transition
{
    std::vector<float> state;
    std::vector<std::uint8_t> feasible; ///< the state's own feasible actions (SAC's actor)
    int action = 0;
    float reward = 0.0f;
    std::vector<float> next;
    std::vector<std::uint8_t> nextFeasible; ///< the actions the target's max may take
    bool terminal = false;
};

/**
 * The experience pool D of capacity N (DRS Sec. 4.2): once full, a new transition
 * replaces the oldest. counter() counts every transition stored, as Algorithm 2's
 * D.counter does, so learning can start once it exceeds N (line 11).
 */
class ReplayMemory
{
public:
    explicit ReplayMemory(int capacity) : mCapacity(capacity)
    {
        mItems.reserve(std::size_t(capacity));
    }

    int capacity() const { return mCapacity; }
    int size() const { return int(mItems.size()); }
    long counter() const { return mCounter; }

    void store(Transition t)
    {
        if (int(mItems.size()) < mCapacity)
            mItems.push_back(std::move(t));
        else
            mItems[std::size_t(mCounter % mCapacity)] = std::move(t);
        ++mCounter;
    }

    /** `batch` transitions drawn uniformly, with replacement (line 12). */
    std::vector<const Transition *> sample(int batch, Rng &rng) const
    {
        std::vector<const Transition *> out;
        for (int i = 0; i < batch && !mItems.empty(); ++i)
            out.push_back(&mItems[rng.below(std::uint32_t(mItems.size()))]);
        return out;
    }

private:
    int mCapacity;
    long mCounter = 0;
    std::vector<Transition> mItems;
};

} // namespace schedlab
