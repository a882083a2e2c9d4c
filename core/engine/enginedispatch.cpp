// SPDX-License-Identifier: GPL-3.0-or-later
// The dispatch plane's side of the engine: requests leave the eAP queues in Ψ order
// each slot, F (KaiS eq. 4) is found for each, and the policy's decision (or an
// external one) sends it to an edge node or the cloud.
#include "engine/engine.h"

#include "engine/dispatchindex.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <stdexcept>

namespace schedlab {

namespace {
std::int64_t nanosSince(std::chrono::steady_clock::time_point t0)
{
    using namespace std::chrono;
    return duration_cast<nanoseconds>(steady_clock::now() - t0).count();
}
} // namespace

bool Engine::nextLeaving(Leaving &out)
{
    const int limit = mScenario.time.dispatchPerSlot;
    LeavingCursor &c = mLeaving;
    for (; c.eap < int(mTopology.eaps.size()); ++c.eap, c.taken = 0, c.next = 0, c.sorted = false) {
        auto &queue = mState.eapQueues[std::size_t(c.eap)];
        if (limit > 0) {
            if (c.taken == limit || queue.empty())
                continue;
            const int i = pickFromQueue(queue, c.eap, false, -1);
            out = {c.eap, queue[std::size_t(i)]};
            queue.erase(queue.begin() + i);
            ++c.taken;
            return true;
        }
        // `all`: the whole queue leaves this slot, in Ψ order.
        if (!c.sorted) {
            sortByPriority(queue, c.eap);
            c.sorted = true;
        }
        if (c.next < queue.size()) {
            out = {c.eap, queue[c.next++]};
            return true;
        }
        queue.clear();
    }
    return false;
}

void Engine::setExternalDispatch(std::vector<char> eaps)
{
    if (eaps.size() != mTopology.eaps.size())
        throw std::invalid_argument("external dispatch: give one flag per eAP (" +
                                    std::to_string(mTopology.eaps.size()) + ")");
    if (mCentralised && std::count(eaps.begin(), eaps.end(), 1) > 0)
        throw std::invalid_argument("external dispatch: a centralised dispatch policy plans "
                                    "every eAP's slot; the other eAPs need a decentralised one");
    mExternal = std::move(eaps);
}

const PendingDispatch *Engine::nextExternalDecision()
{
    if (mHasExternalPending)
        return &mExternalPending;
    for (;;) {
        if (!mSlotOpen && !openSlot())
            return nullptr;
        for (Leaving next; nextLeaving(next);) {
            if (mExternal.empty() || !mExternal[std::size_t(next.eap)]) {
                dispatchRequest(next.eap, next.request);
                continue;
            }
            mState.requests[next.request].dequeued = mState.now;
            mExternalPending = {next.eap, next.request,
                                &candidatesFor(next.eap, next.request, mCandidates)};
            mHasExternalPending = true;
            return &mExternalPending;
        }
        closeSlot();
    }
}

void Engine::decideExternal(int target)
{
    if (!mHasExternalPending)
        throw std::logic_error("decideExternal: no decision is pending");
    mHasExternalPending = false;
    sendRequest(mExternalPending.eap, mExternalPending.request, *mExternalPending.candidates,
                target);
}

void Engine::sortByPriority(std::vector<std::int32_t> &queue, int queueIndex)
{
    if (mFifo)
        return;
    mScratchPriority.resize(queue.size());
    for (std::size_t i = 0; i < queue.size(); ++i)
        mScratchPriority[i] = mDequeue->priority(queueIndex, mState.requests[queue[i]], mState.now);
    std::vector<std::size_t> order(queue.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return mScratchPriority[x] > mScratchPriority[y];
    });
    std::vector<std::int32_t> sorted(queue.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        sorted[i] = queue[order[i]];
    queue.swap(sorted);
}

/**
 * A centralised dispatcher plans the whole slot: the same requests leave the
 * same queues in the same Ψ order as for a decentralised one, but all of them
 * are handed to the policy before the first is dispatched.
 */
void Engine::dispatchSlotCentrally()
{
    mSlotBatch.clear();
    for (Leaving next; nextLeaving(next);)
        mSlotBatch.push_back({next.eap, next.request, nullptr});
    if (mSlotBatch.empty())
        return;
    mSlotCandidates.resize(mSlotBatch.size());
    for (std::size_t i = 0; i < mSlotBatch.size(); ++i)
        mSlotBatch[i].candidates =
            &candidatesFor(mSlotBatch[i].eap, mSlotBatch[i].request, mSlotCandidates[i]);
    const auto t0 = std::chrono::steady_clock::now();
    mDispatch->beginSlot(mState, mSlotBatch);
    mMetrics.dispatchPlanning(nanosSince(t0));
    for (const SlotRequest &q : mSlotBatch)
        dispatchRequest(q.eap, q.request);
}

const std::vector<int> &Engine::candidatesFor(int eap, std::int32_t id,
                                              std::vector<int> &scratch) const
{
    const int site = mTopology.eaps[eap].site;
    const Request &r = mState.requests[id];
    const std::vector<int> &hosting = mHosting[std::size_t(site) * mState.serviceCount + r.service];
    if (!mRequestDemands)
        return hosting;
    // KaiS eq. 4: a node is an available action only with the request's cpu and
    // memory left over the requests it already holds.
    constexpr double kSlack = 1e-9;
    scratch.clear();
    for (const int n : hosting) {
        const NodeInfo &info = mTopology.nodes[std::size_t(n)];
        const NodeState &ns = mState.nodes[std::size_t(n)];
        if (ns.requestCpu + r.cpu <= info.cpu + kSlack &&
            ns.requestMemory + r.memory <= info.memory + kSlack)
            scratch.push_back(n);
    }
    return scratch;
}

void Engine::dispatchRequest(int eap, std::int32_t id)
{
    Request &r = mState.requests[id];
    r.dequeued = mState.now;
    const auto &candidates = candidatesFor(eap, id, mCandidates);

    // Reading the clock costs as much as a cheap decision: one decentralised decision
    // in kTimedEvery is timed. A centralised policy's are all timed, as its slot plans are.
    const bool timed = mCentralised || mDecisions++ % kTimedEvery == 0;
    const auto t0 =
        timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    std::optional<int> least;
    const int site = mTopology.eaps[eap].site;
    if (mIndex && mIndex->covers(site)) // F is the site's hosting nodes: no demands filter it
        least = mIndex->least(site, int(r.service));
    const DispatchContext ctx{mState,      eap,  r, candidates, mDispatchRng,
                              least,       mCpuLoads, mMemAllocated};
    const int target = mDispatch->dispatch(ctx);
    if (timed)
        mMetrics.dispatchDecision(nanosSince(t0));
    sendRequest(eap, id, candidates, target);
}

void Engine::sendRequest(int eap, std::int32_t id, const std::vector<int> &candidates, int target)
{
    Request &r = mState.requests[id];
    const EapInfo &info = mTopology.eaps[eap];
    mObservers.notify(&SimObserver::onCandidates, mState, id, eap, candidates, target);

    if (target != kCloud && !std::binary_search(candidates.begin(), candidates.end(), target))
        target = kCloud; // a policy may only pick nodes that F (eq. 4) marks available
    r.target = target;
    mMetrics.dispatched(target == kCloud);
    mObservers.notify(&SimObserver::onDispatch, mState, id, eap, target);
    // The request leaves the eAP once its decision is there (+ 0.0 changes no time).
    const double delay = mDispatch->decisionDelay(eap);
    if (mCentralised)
        mMetrics.schedulingDelay(delay);
    const double leaves = mState.now + delay;
    if (target == kCloud) {
        mMetrics.wanRequestBytes(r.size);
        mEvents.pushInBulk(leaves + transferSeconds(info.toCloud, r.size), AtCloud, id);
        return;
    }
    NodeState &ns = mState.nodes[target];
    ns.demand += 1.0;
    ns.requestCpu += r.cpu;
    ns.requestMemory += r.memory;
    demandChanged(target);
    mMetrics.lanRequestBytes(r.size);
    mEvents.pushInBulk(leaves + transferSeconds(mScenario.network.lan, r.size), AtNode, id, target);
}

} // namespace schedlab
