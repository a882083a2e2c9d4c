// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/gpglayout.h"

#include <span>
#include <vector>

namespace schedlab {

struct Scenario;
struct SimState;
struct Topology;

/**
 * The graph GPG embeds for one edge site (KaiS Sec. III-B-1): its edge nodes in
 * topology order, each in the group of its managing eAP, and their node states s̃_n
 * in GpgLayout. Fixed at construction; writing allocates nothing. Plain C++.
 */
/**
 * The node count a state-stacking GPG stacks on `scenario`'s topology (KaiS Fig.
 * 13b): every edge site's, which must be the same; 0 when the scenario's encoder is
 * the GNN. Throws std::invalid_argument when the edge sites differ in size.
 */
int gpgStackedNodes(const Scenario &scenario, const Topology &topology);

class GpgSiteGraph
{
public:
    GpgSiteGraph() = default;
    /** `site` indexes Scenario::sites; a site without edge nodes gives an empty graph. */
    GpgSiteGraph(const Topology &topology, int services, int site);

    const GpgLayout &layout() const { return mLayout; }
    int site() const { return mSite; }
    /** Edge nodes of the site, topology ids; graph node j is nodes()[j]. */
    const std::vector<int> &nodes() const { return mNodes; }
    int nodeCount() const { return int(mNodes.size()); }
    /** Per graph node: its eAP group, 0..groups() − 1 (the site's eAPs in order). */
    const std::vector<int> &groupOf() const { return mGroupOf; }
    int groups() const { return mGroups; }

    /** s̃_n of every graph node, row-major: nodeCount() × layout().size() values. */
    void write(const SimState &state, std::span<float> out) const;
    /** Σ_n |Q'_n| over the site's edge nodes: requests queued there, not in service. */
    int queuedRequests(const SimState &state) const;

private:
    GpgLayout mLayout;
    int mSite = -1;
    std::vector<int> mNodes;
    std::vector<int> mGroupOf;
    int mGroups = 0;
    std::vector<float> mWanLatency; ///< per graph node: its eAP's link to the cloud, seconds
};

} // namespace schedlab
