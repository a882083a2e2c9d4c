// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/calendar.h"

namespace schedlab {

void Calendar::setKeyed(int key, const Event &e)
{
    int &at = mPlace[std::size_t(key)];
    if (at < 0) {
        at = int(mKeyed.size());
        mKeyed.push_back({e, key});
        siftUp(std::size_t(at));
        return;
    }
    Event &held = mKeyed[std::size_t(at)].event;
    if (held.order == e.order) // orders are unique: the same event
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
    std::sort(mFresh.begin(), mFresh.end(),
              [](const Event &x, const Event &y) { return earlier(x, y); });
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
        removeKeyedAt(0);
        break;
    case None:
        break;
    }
    return true;
}

} // namespace schedlab
