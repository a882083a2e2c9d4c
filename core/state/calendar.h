// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/eventqueue.h"

#include <cstdint>
#include <vector>

namespace schedlab {

/**
 * The engine's calendar: events come out in the order of an EventQueue (time,
 * then insertion), but are held where they cost least.
 * - Events scheduled one at a time go to a heap.
 * - Events scheduled in bulk (a slot's transfers) go to a run that is sorted
 *   once when next read, instead of each being sifted through the heap.
 * - A keyed event (a node's next completion) has one place per key and is moved
 *   there when it changes, so a rescheduled completion leaves no stale event.
 */
class Calendar
{
public:
    void setKeys(int keys) { mPlace.assign(std::size_t(keys), -1); }

    void push(double time, std::uint8_t kind, std::int32_t a, std::int32_t b = 0)
    {
        mHeap.push_back({time, reserve(kind), a, b});
        std::push_heap(mHeap.begin(), mHeap.end(), EventQueue::Later{});
    }
    void pushInBulk(double time, std::uint8_t kind, std::int32_t a, std::int32_t b = 0)
    {
        mFresh.push_back({time, reserve(kind), a, b});
    }

    /** The insertion order an event pushed now would have; for a keyed event. */
    std::uint64_t reserve(std::uint8_t kind) { return (mSeq++ << 8) | kind; }
    /** Key `key`'s event is now `e` (its order from reserve()). Setting or clearing the
     *  key of the event just taken is cheapest before the next is taken. */
    void setKeyed(int key, const Event &e);
    void clearKeyed(int key);

    /** Takes the next event if it comes before `until`. */
    bool popBefore(double until, Event &out);

private:
    struct Keyed
    {
        Event event;
        int key;
    };
    static bool earlier(const Event &x, const Event &y) { return EventQueue::Later{}(y, x); }
    void settleFresh();
    void place(std::size_t at, const Keyed &k);
    void siftUp(std::size_t at);
    void siftDown(std::size_t at);
    void removeKeyedAt(std::size_t at);

    std::vector<Event> mHeap;
    std::vector<Event> mRun; ///< sorted; read from mRunNext on
    std::size_t mRunNext = 0;
    std::vector<Event> mFresh; ///< pushed in bulk since the run was last read
    std::vector<Event> mMerged;
    std::vector<Keyed> mKeyed; ///< a min-heap
    std::vector<int> mPlace;   ///< per key: its index in mKeyed, or -1
    int mTaken = -1;           ///< the key whose event was taken last, while still held
    std::uint64_t mSeq = 0;
};

} // namespace schedlab
