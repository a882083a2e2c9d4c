// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "snapshot.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace schedlab {
struct PlacementRecord;
struct SimState;
} // namespace schedlab

namespace schedlab::ui {

/**
 * The placement side of a SnapshotRecorder: copies the last kKeep placement
 * decisions out of the engine's reused PlacementRecord, and follows the pods
 * it bound so that pulls, running pods and failures show per node. Work per
 * decision is one copy of the record; per slot, a pass over the pods still alive.
 */
class PlacementHistory
{
public:
    static constexpr int kKeep = 50; ///< decisions a snapshot carries

    explicit PlacementHistory(int nodes);

    void record(const SimState &state, int pod, const PlacementRecord &record);
    /** Notes pods that failed or ended since the last call (ContainerCreate shows here). */
    void sweep(const SimState &state);
    /** Fills the snapshot's pod fields; starts a new interval for failure marks. */
    void fill(const SimState &state, Snapshot &snapshot);

private:
    void failed(int node, PodFailure kind);

    std::deque<std::shared_ptr<const LivePlacement>> mKept;
    std::shared_ptr<const LivePlacementList> mList; ///< what snapshots share; rebuilt on change
    std::shared_ptr<const LivePlugins> mPlugins;
    long mSequence = 0;
    std::vector<std::int32_t> mAlive;  ///< bound pods not yet ended or failed
    std::vector<PodFailure> mFailures; ///< per node, this interval
};

} // namespace schedlab::ui
