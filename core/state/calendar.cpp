// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/calendar.h"

#include <array>
#include <cstring>
#include <utility>

namespace schedlab {

namespace {
/** Sorts events that are in insertion order by time, keeping that order among
 *  equal times: a stable radix sort on the time's bits, since non-negative
 *  doubles order as their bit patterns do. A slot's transfers come in random
 *  order, where comparisons mispredict; only the bytes that differ are passed. */
void sortByTime(std::vector<Event> &events, std::vector<Event> &scratch)
{
    auto earlier = [](const Event &x, const Event &y) { return EventQueue::Later{}(y, x); };
    const auto bitsOf = [](double t) {
        std::uint64_t k;
        std::memcpy(&k, &t, sizeof k);
        return k;
    };
    constexpr std::size_t kFew = 64;
    if (events.size() < kFew || std::any_of(events.begin(), events.end(),
                                            [](const Event &e) { return !(e.time >= 0.0); })) {
        std::sort(events.begin(), events.end(), earlier);
        return;
    }
    std::array<std::array<std::uint32_t, 256>, 8> counts{};
    for (const Event &e : events) {
        const std::uint64_t k = bitsOf(e.time);
        for (int d = 0; d < 8; ++d)
            ++counts[std::size_t(d)][(k >> (8 * d)) & 0xff];
    }
    scratch.resize(events.size());
    for (int d = 0; d < 8; ++d) {
        auto &count = counts[std::size_t(d)];
        if (std::find(count.begin(), count.end(), std::uint32_t(events.size())) != count.end())
            continue; // every time has the same byte here
        std::uint32_t at = 0;
        for (std::uint32_t &c : count)
            at += std::exchange(c, at);
        for (const Event &e : events)
            scratch[count[(bitsOf(e.time) >> (8 * d)) & 0xff]++] = e;
        events.swap(scratch);
    }
}
} // namespace

void Calendar::setKeyed(int key, const Event &e)
{
    const bool taken = key == mTaken;
    if (taken)
        mTaken = -1; // its place is reused: one sift instead of a removal and an insertion
    int &at = mPlace[std::size_t(key)];
    if (at < 0) {
        at = int(mKeyed.size());
        mKeyed.push_back({e, key});
        siftUp(std::size_t(at));
        return;
    }
    Event &held = mKeyed[std::size_t(at)].event;
    if (held.order == e.order && !taken) // orders are unique: the same event
        return;
    const bool sooner = earlier(e, held);
    held = e;
    if (sooner)
        siftUp(std::size_t(at));
    else
        siftDown(std::size_t(at));
}

void Calendar::clearKeyed(int key)
{
    if (key == mTaken)
        mTaken = -1;
    const int at = mPlace[std::size_t(key)];
    if (at >= 0)
        removeKeyedAt(std::size_t(at));
}

void Calendar::removeKeyedAt(std::size_t at)
{
    mPlace[std::size_t(mKeyed[at].key)] = -1;
    const Keyed last = mKeyed.back();
    mKeyed.pop_back();
    if (at == mKeyed.size())
        return;
    const bool sooner = earlier(last.event, mKeyed[at].event);
    place(at, last);
    if (sooner)
        siftUp(at);
    else
        siftDown(at);
}

void Calendar::place(std::size_t at, const Keyed &k)
{
    mKeyed[at] = k;
    mPlace[std::size_t(k.key)] = int(at);
}

void Calendar::siftUp(std::size_t at)
{
    const Keyed k = mKeyed[at];
    while (at > 0) {
        const std::size_t parent = (at - 1) / 2;
        if (!earlier(k.event, mKeyed[parent].event))
            break;
        place(at, mKeyed[parent]);
        at = parent;
    }
    place(at, k);
}

void Calendar::siftDown(std::size_t at)
{
    const Keyed k = mKeyed[at];
    const std::size_t n = mKeyed.size();
    for (;;) {
        std::size_t child = 2 * at + 1;
        if (child >= n)
            break;
        if (child + 1 < n && earlier(mKeyed[child + 1].event, mKeyed[child].event))
            ++child;
        if (!earlier(mKeyed[child].event, k.event))
            break;
        place(at, mKeyed[child]);
        at = child;
    }
    place(at, k);
}

/** A slot's transfers become the run. Ones pushed while an older run is still
 *  being read join it by a merge, or through the heap when they are few. */
void Calendar::settleFresh()
{
    sortByTime(mFresh, mMerged);
    const std::size_t left = mRun.size() - mRunNext;
    if (left == 0) {
        mRun.swap(mFresh);
        mRunNext = 0;
    } else if (mFresh.size() * 8 < left) {
        for (const Event &e : mFresh) {
            mHeap.push_back(e);
            std::push_heap(mHeap.begin(), mHeap.end(), EventQueue::Later{});
        }
    } else {
        mMerged.clear();
        std::merge(mRun.begin() + std::ptrdiff_t(mRunNext), mRun.end(), mFresh.begin(),
                   mFresh.end(), std::back_inserter(mMerged),
                   [](const Event &x, const Event &y) { return earlier(x, y); });
        mRun.swap(mMerged);
        mRunNext = 0;
    }
    mFresh.clear();
}

bool Calendar::popBefore(double until, Event &out)
{
    if (mTaken >= 0) {
        removeKeyedAt(std::size_t(mPlace[std::size_t(mTaken)]));
        mTaken = -1;
    }
    if (!mFresh.empty())
        settleFresh();
    enum { None, Heap, Run, Key } from = None;
    const Event *best = nullptr;
    if (!mHeap.empty()) {
        best = &mHeap.front();
        from = Heap;
    }
    if (mRunNext < mRun.size() && (!best || earlier(mRun[mRunNext], *best))) {
        best = &mRun[mRunNext];
        from = Run;
    }
    if (!mKeyed.empty() && (!best || earlier(mKeyed.front().event, *best))) {
        best = &mKeyed.front().event;
        from = Key;
    }
    if (!best || !(best->time < until))
        return false;
    out = *best;
    switch (from) {
    case Heap:
        std::pop_heap(mHeap.begin(), mHeap.end(), EventQueue::Later{});
        mHeap.pop_back();
        break;
    case Run:
        if (++mRunNext == mRun.size()) {
            mRun.clear();
            mRunNext = 0;
        }
        break;
    case Key:
        mTaken = mKeyed.front().key; // left in place until its key is next set
        break;
    case None:
        break;
    }
    return true;
}

} // namespace schedlab
