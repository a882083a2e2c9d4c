// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/runexplainer.h"
#include "liveplacement.h"
#include "metrics/runmetrics.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace schedlab::ui {

/** Names and sizes of a run's elements; fixed for the run, shared by all its snapshots. */
struct LiveLayout
{
    std::vector<std::string> nodes; ///< edge nodes, by topology id
    std::vector<double> nodeCpu;    ///< cores per edge node
    std::vector<int> nodeEap;       ///< the managing eAP of each edge node
    std::vector<std::string> eaps;
    std::vector<std::string> services;
    std::string cloud; ///< the cloud site's name (empty without one)
    double slotSeconds = 0.25;
    int frameSlots = 100;
    long totalSlots = 0;
};

/** One edge node at the snapshot's instant. */
struct LiveNode
{
    float load = 0;   ///< requests on the node per core (SimState::cpuLoad)
    float busy = 0;   ///< fraction of cores serving requests
    int queue = 0;    ///< Q'_n length
    int replicas = 0; ///< ready replicas
    int pulling = 0;  ///< replicas whose image is being pulled
    int dropped = 0;  ///< deadline drops here since the previous snapshot
    int podsRunning = 0;
    int podsPulling = 0; ///< pods bound here whose layers are downloading
    /** The last pod failure here since the previous snapshot (ImagePull, ContainerCreate). */
    PodFailure podFailure = PodFailure::None;
};

/** A sampled dispatch decision, for animation: eAP to edge node or cloud (-1). */
struct LiveMove
{
    int eap = 0;
    int target = -1;
    std::uint32_t service = 0;
};

/** Detail of one node, recorded only for the node the user looks at. */
struct LiveFocus
{
    int node = -1;
    std::vector<int> ready;   ///< replicas per service
    std::vector<int> pending; ///< replicas per service still pulling
    struct Layer
    {
        std::string digest;
        double size = 0;
        bool inUse = false;
        bool downloading = false;
    };
    std::vector<Layer> layers;
    double diskUsed = 0;
    std::vector<float> loadHistory;  ///< one value per slot, oldest first
    std::vector<float> queueHistory; ///< same slots
};

/**
 * An immutable picture of a running simulation, made on the worker thread and
 * drawn by the GUI. Sizes are bounded: a handful of numbers per node plus a
 * capped sample of dispatch moves.
 */
struct Snapshot
{
    std::shared_ptr<const LiveLayout> layout;
    double time = 0; ///< simulated seconds
    long slot = 0;   ///< slots done
    std::vector<LiveNode> nodes;
    std::vector<int> eapQueues;
    std::vector<float>
        eapWanLoad; ///< per eAP: request bytes to the cloud / WAN capacity, last slot
    int cloudQueue = 0;
    float cloudBusy = 0;         ///< fraction of the cloud's cores in use
    float wanLoad = 0;           ///< all WAN traffic (requests + image pulls) / capacity, last slot
    std::vector<LiveMove> moves; ///< sample of the dispatches since the previous snapshot
    std::uint64_t movesSeen = 0; ///< how many dispatches that sample stands for
    RunTotals totals;
    std::uint64_t inFlight = 0;
    std::uint64_t events = 0; ///< calendar events so far
    double wallSeconds = 0;   ///< wall time spent running so far
    LiveFocus focus;
    /** The last placement decisions, oldest first; shared until a new one is made. */
    std::shared_ptr<const LivePlacementList> placements;
    LivePodTotals pods;
    bool hasPods = false; ///< the scenario has deployments
    /** Where requests went and why some were dropped: at a pause, a step or the end. */
    std::shared_ptr<const RunExplanation> explanation;
    bool running = false; ///< taken while running, not at a pause, step or the end
    bool finished = false;
    bool cancelled = false;

    double progress() const
    {
        return layout && layout->totalSlots ? double(slot) / double(layout->totalSlots) : 0.0;
    }
};

using SnapshotPtr = std::shared_ptr<const Snapshot>;

} // namespace schedlab::ui
