// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <vector>

namespace schedlab {

/**
 * A batch of the critic's inputs as the per-eAP critic makes them: every row is one
 * slot's global state, or that state with one eAP's block replaced by the local state
 * that eAP saw at its decision. The rows keep their slot's state once and their block
 * apart, so a step need not read the unchanged part of every row (CriticNet).
 */
class CriticRows
{
public:
    explicit CriticRows(int width = 0) : mWidth(width) {}

    int width() const { return mWidth; }
    int rows() const { return int(mTargets.size()); }
    int slots() const { return mWidth ? int(mSlotStates.size() / std::size_t(mWidth)) : 0; }

    /** A slot's state; returns its index for the rows that read it. */
    int addSlot(std::span<const float> state);
    /** A row: slot `slot`'s state, valued at `target`. */
    void addRow(int slot, float target);
    /** A row: slot `slot`'s state with `block` at `offset`, valued at `target`. */
    void addRow(int slot, int offset, std::span<const float> block, float target);
    /** Appends `other`'s slots and rows after these (an empty batch takes its width). */
    void append(const CriticRows &other);

    /** Row `i` in full (width() values). */
    std::vector<float> row(int i) const;

    std::span<const float> slotStates() const { return mSlotStates; }
    std::span<const int> slotOf() const { return mSlotOf; }
    std::span<const float> targets() const { return mTargets; }
    /** Row i's replaced block: its offset (−1 for none), its width and where its values
     *  start in blockValues(). */
    std::span<const int> blockOffset() const { return mBlockOffset; }
    std::span<const int> blockWidth() const { return mBlockWidth; }
    std::span<const int> blockStart() const { return mBlockStart; }
    std::span<const float> blockValues() const { return mBlockValues; }

private:
    int mWidth;
    std::vector<float> mSlotStates;
    std::vector<int> mSlotOf, mBlockOffset, mBlockWidth, mBlockStart;
    std::vector<float> mBlockValues, mTargets;
};

} // namespace schedlab
