// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placementhistory.h"
#include "engine/engine.h"
#include "snapshot.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace schedlab::ui {

/**
 * Follows an engine as its observer and turns its state into Snapshots on
 * request. Per event it does O(1) work: dispatches are reservoir-sampled into
 * a capped list, drops and cloud-bound bytes are counted; per slot it keeps a
 * short load/queue history of every edge node. Placement decisions are copied
 * as they happen (PlacementHistory). Lives on the engine's thread.
 */
class SnapshotRecorder final : public SimObserver
{
public:
    static constexpr int kMaxMoves = 160; ///< dispatch moves kept per snapshot
    static constexpr int kHistory = 240;  ///< slots of per-node history

    SnapshotRecorder(const Engine &engine, const Scenario &scenario);

    /** Set from any thread: a true value makes the engine stop at the next slot. */
    void setStopFlag(const std::atomic<bool> *stop) { mStop = stop; }
    /** Set from any thread: the edge node whose details snapshots carry (-1: none). */
    void setFocus(int node) { mFocus.store(node, std::memory_order_relaxed); }
    int focus() const { return mFocus.load(std::memory_order_relaxed); }
    /** Snapshots not taken while running carry `explainer`'s explanation. */
    void setExplainer(const RunExplainer *explainer) { mExplainer = explainer; }

    /** A snapshot of now; starts a new sampling interval for moves and drops. */
    SnapshotPtr take(double wallSeconds, bool running, bool finished = false);
    const std::shared_ptr<const LiveLayout> &layout() const { return mLayout; }

    void onSlot(const SimState &state) override;
    void onDispatch(const SimState &state, std::int32_t request, int eap, int target) override;
    void onDrop(const SimState &state, std::int32_t request, DropSite site, int where) override;
    void onPlacement(const SimState &state, int pod, const PlacementRecord &record) override;
    bool stopRequested() override;

    static std::shared_ptr<const LiveLayout> makeLayout(const Engine &engine,
                                                        const Scenario &scenario);

private:
    void fillFocus(LiveFocus &focus, int node) const;

    const Engine &mEngine;
    const Scenario &mScenario;
    std::shared_ptr<const LiveLayout> mLayout;
    const std::atomic<bool> *mStop = nullptr;
    const RunExplainer *mExplainer = nullptr;
    std::atomic<int> mFocus{-1};

    PlacementHistory mPlacements;
    std::vector<LiveMove> mMoves;
    std::uint64_t mSeen = 0;
    std::uint64_t mRandom =
        0x9e3779b97f4a7c15ull;        ///< for sampling only, never the engine's streams
    std::vector<int> mDrops;          ///< per edge node, this interval
    std::vector<double> mEapWanBytes; ///< per eAP, this slot
    std::vector<float> mEapWanLoad;   ///< per eAP, last slot
    float mWanLoad = 0;
    double mLastWanBytes = 0; ///< request + pulled bytes at the previous slot

    std::vector<float> mLoadRing; ///< [node * kHistory + slot % kHistory]
    std::vector<float> mQueueRing;
    long mRecorded = 0; ///< slots in the rings
};

} // namespace schedlab::ui
