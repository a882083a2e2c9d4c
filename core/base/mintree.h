// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace schedlab {

/**
 * A tournament tree over `size` slots, each empty or holding a key: the slot of
 * the least key in O(1), a slot's key set or cleared in O(log size). Of equal
 * keys the lower slot wins, so a scan that keeps the first of equals ("first
 * wins ties") and the tree agree to the slot. Each match keeps a copy of its
 * winner's key, so replaying one reads its two entries side by side.
 */
template <typename Key, typename Less> class MinTree
{
public:
    /** `size` slots, all empty. */
    explicit MinTree(int size = 0, Less less = Less()) : mLess(less)
    {
        while (mBase < size)
            mBase *= 2;
        mEntries.assign(std::size_t(2 * mBase), Entry{});
    }

    void set(int slot, const Key &key)
    {
        mEntries[std::size_t(mBase + slot)] = {key, slot};
        replay(slot);
    }
    void clear(int slot)
    {
        mEntries[std::size_t(mBase + slot)].slot = -1;
        replay(slot);
    }
    /** The slot of the least key; -1 when every slot is empty. */
    int top() const { return mEntries[1].slot; }

private:
    struct Entry
    {
        Key key{};
        int slot = -1; ///< the winner's; -1: empty
    };

    const Entry &winnerOf(const Entry &left, const Entry &right) const
    {
        if (left.slot < 0)
            return right;
        if (right.slot < 0 || !mLess(right.key, left.key))
            return left;
        return right;
    }
    /** Replays the matches above `slot`'s leaf. Once a match keeps a winner other
     *  than `slot`, whose key did not change, every match above it stands. */
    void replay(int slot)
    {
        for (std::size_t at = std::size_t(mBase + slot) / 2; at >= 1; at /= 2) {
            const Entry &w = winnerOf(mEntries[2 * at], mEntries[2 * at + 1]);
            Entry &match = mEntries[at];
            if (w.slot == match.slot && w.slot != slot)
                return;
            match = w;
        }
    }

    Less mLess;
    int mBase = 1;
    std::vector<Entry> mEntries; ///< [1] the final; leaves from mBase, in slot order
};

} // namespace schedlab
