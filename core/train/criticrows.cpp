// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/criticrows.h"

#include <algorithm>
#include <stdexcept>

namespace schedlab {

int CriticRows::addSlot(std::span<const float> state)
{
    if (int(state.size()) != mWidth)
        throw std::invalid_argument("critic rows: a slot's state of " +
                                    std::to_string(state.size()) + " values, not " +
                                    std::to_string(mWidth));
    mSlotStates.insert(mSlotStates.end(), state.begin(), state.end());
    return slots() - 1;
}

void CriticRows::addRow(int slot, float target)
{
    if (slot < 0 || slot >= slots())
        throw std::out_of_range("critic rows: no slot " + std::to_string(slot));
    mSlotOf.push_back(slot);
    mBlockOffset.push_back(-1);
    mBlockWidth.push_back(0);
    mBlockStart.push_back(int(mBlockValues.size()));
    mTargets.push_back(target);
}

void CriticRows::addRow(int slot, int offset, std::span<const float> block, float target)
{
    if (offset < 0 || offset + int(block.size()) > mWidth)
        throw std::out_of_range("critic rows: a block of " + std::to_string(block.size()) +
                                " values at " + std::to_string(offset) + " overruns " +
                                std::to_string(mWidth));
    addRow(slot, target);
    mBlockOffset.back() = offset;
    mBlockWidth.back() = int(block.size());
    mBlockValues.insert(mBlockValues.end(), block.begin(), block.end());
}

void CriticRows::append(const CriticRows &other)
{
    if (slots() == 0 && rows() == 0)
        mWidth = other.mWidth;
    if (other.mWidth != mWidth)
        throw std::invalid_argument("critic rows: appending rows of another width");
    const int slotBase = slots();
    const int blockBase = int(mBlockValues.size());
    mSlotStates.insert(mSlotStates.end(), other.mSlotStates.begin(), other.mSlotStates.end());
    for (int s : other.mSlotOf)
        mSlotOf.push_back(slotBase + s);
    for (int b : other.mBlockStart)
        mBlockStart.push_back(blockBase + b);
    mBlockOffset.insert(mBlockOffset.end(), other.mBlockOffset.begin(), other.mBlockOffset.end());
    mBlockWidth.insert(mBlockWidth.end(), other.mBlockWidth.begin(), other.mBlockWidth.end());
    mBlockValues.insert(mBlockValues.end(), other.mBlockValues.begin(), other.mBlockValues.end());
    mTargets.insert(mTargets.end(), other.mTargets.begin(), other.mTargets.end());
}

std::vector<float> CriticRows::row(int i) const
{
    const std::size_t slot = std::size_t(mSlotOf.at(std::size_t(i)));
    std::vector<float> out(mSlotStates.begin() + std::ptrdiff_t(slot * std::size_t(mWidth)),
                           mSlotStates.begin() + std::ptrdiff_t((slot + 1) * std::size_t(mWidth)));
    const int offset = mBlockOffset[std::size_t(i)];
    if (offset >= 0)
        std::copy_n(mBlockValues.begin() + mBlockStart[std::size_t(i)], mBlockWidth[std::size_t(i)],
                    out.begin() + offset);
    return out;
}

} // namespace schedlab
