// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/pod.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace schedlab::ui {

/** The plugins of a run's placement policy; fixed for the run, shared by its decisions. */
struct LivePlugins
{
    std::vector<std::string> names; ///< in framework order
    std::vector<char> filters;      ///< per plugin: it has a Filter stage
    std::vector<char> scores;       ///< per plugin: it has a Score stage
};

/** One plugin's verdict on one node, copied out of a PlacementRecord. */
struct LivePluginCell
{
    std::string reason; ///< why the filter rejected the node; empty = passed
    double raw = 0;
    double normalized = 0; ///< 0..100
    double weight = 0;
};

/**
 * One placement decision as plain data: the pod, when, the node chosen or the
 * failure, and per node and plugin why (the Kubernetes scheduler simulator's
 * table). Immutable once recorded; snapshots share it.
 */
struct LivePlacement
{
    long sequence = 0; ///< 1 for the run's first decision
    double time = 0;   ///< simulated seconds
    int pod = 0;       ///< index into SimState::pods
    std::string name;  ///< the pod template's name
    std::string image; ///< the image as the template names it
    int chosen = -1;   ///< edge node, or -1: no node passed the filters
    /** Known at the decision: ImagePull (bound, no variant for the node) or
     *  Unschedulable; None otherwise (a later ContainerCreate shows on the node). */
    PodFailure failure = PodFailure::None;
    bool retried = false; ///< unschedulable now, tried again after a back-off
    std::shared_ptr<const LivePlugins> plugins;
    int nodeCount = 0;
    std::vector<LivePluginCell> cells; ///< plugin-major: cells[p * nodeCount + node]
    std::vector<char> feasible;        ///< per node: passed every filter
    std::vector<double> totals;        ///< per node: weighted sum (0 if infeasible)

    const LivePluginCell &cell(int plugin, int node) const
    {
        return cells[std::size_t(plugin) * nodeCount + node];
    }
    /** The first filter plugin that rejected `node`, or -1. */
    int rejectedBy(int node) const
    {
        for (std::size_t p = 0; plugins && p < plugins->names.size(); ++p)
            if (plugins->filters[p] && !cell(int(p), node).reason.empty())
                return int(p);
        return -1;
    }
};

using LivePlacementList = std::vector<std::shared_ptr<const LivePlacement>>;

/** The placement plane's running counts (RunMetrics' pod metrics). */
struct LivePodTotals
{
    std::uint64_t decisions = 0; ///< placement attempts so far
    std::uint64_t placed = 0;
    std::uint64_t imagePull = 0;
    std::uint64_t containerCreate = 0;
    std::uint64_t unschedulable = 0;
};

} // namespace schedlab::ui
