// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "state/topology.h"

#include <span>
#include <vector>

namespace schedlab {

/**
 * How DRS lays out State_t (eq. 7–9) on a topology, shared by the training
 * environment and the learned placement policies so both feed a network the same
 * vector. The action space (eq. 10) is the edge nodes without the control-plane
 * taint, in topology order. State_t is, per action node, its six normalised
 * utilisations (eq. 8), then the pending pod's six (eq. 9); 6·(n + 1) values in [0, 1].
 */
class DrsStateLayout
{
public:
    DrsStateLayout() = default;
    /** Throws std::invalid_argument when every edge node is a control-plane node. */
    explicit DrsStateLayout(const Topology &topology);

    int nodeCount() const { return int(mWorkers.size()); }
    int size() const { return kMetricCount * (nodeCount() + 1); }
    /** Engine node id of action `a`. */
    int engineNode(int a) const { return mWorkers[a]; }
    const std::vector<int> &workers() const { return mWorkers; }
    /** Mean capacities of the action nodes: the scale of eq. 9. */
    const NodeInfo &meanNode() const { return mMeanNode; }

    /** Writes Node_t^a (eq. 8) of every action node into `state`. */
    void writeNodes(std::span<const UsageProfile> nodes, std::span<double> state) const;
    /**
     * Writes Pod_t (eq. 9): the pod's cpu, network and disk use over the mean
     * node's cores, and its memory request over the mean node's memory; `cores` is
     * its cpu limit, or its request if unlimited.
     */
    void writePod(const PodTemplate &pod, double cores, double memory,
                  std::span<double> state) const;

private:
    std::vector<int> mWorkers;
    NodeInfo mMeanNode;
};

} // namespace schedlab
