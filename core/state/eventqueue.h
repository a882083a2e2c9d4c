// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace schedlab {

/** A calendar entry: ordered by time, then by insertion, so ties are deterministic. */
struct Event
{
    double time;
    std::uint64_t order; ///< insertion sequence << 8 | kind
    std::int32_t a;
    std::int32_t b;

    std::uint8_t kind() const { return std::uint8_t(order & 0xff); }
};

/** The event calendar: a binary min-heap over (time, insertion order). */
class EventQueue
{
public:
    void push(double time, std::uint8_t kind, std::int32_t a, std::int32_t b = 0)
    {
        mHeap.push_back({time, (mSeq++ << 8) | kind, a, b});
        std::push_heap(mHeap.begin(), mHeap.end(), Later{});
    }
    bool empty() const { return mHeap.empty(); }
    const Event &top() const { return mHeap.front(); }
    Event pop()
    {
        std::pop_heap(mHeap.begin(), mHeap.end(), Later{});
        Event e = mHeap.back();
        mHeap.pop_back();
        return e;
    }
    std::size_t size() const { return mHeap.size(); }

    /** A type, not a function pointer, so that the heap's comparisons are inlined. */
    struct Later
    {
        bool operator()(const Event &x, const Event &y) const
        {
            return x.time > y.time || (x.time == y.time && x.order > y.order);
        }
    };

private:
    std::vector<Event> mHeap;
    std::uint64_t mSeq = 0;
};

} // namespace schedlab
