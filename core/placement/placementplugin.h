// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementtypes.h"

#include <span>

namespace schedlab {

/**
 * A plugin of the Kubernetes scheduling framework: any of PreFilter, Filter,
 * Score and NormalizeScore. Stateless between pods except for what preFilter()
 * computes for the pod at hand.
 */
class PlacementPlugin
{
public:
    virtual ~PlacementPlugin() = default;
    virtual const char *name() const = 0;
    virtual bool hasFilter() const { return false; }
    virtual bool hasScore() const { return false; }

    virtual void preFilter(const PodRequest &, const ClusterView &) {}
    /** Null if `node` passes, else the reason (a string with static storage). */
    virtual const char *filter(const PodRequest &, const ClusterView &, int) const
    {
        return nullptr;
    }
    /** Sets `out.raw` and, when the score is already 0..100, `out.normalized`. */
    virtual void score(const PodRequest &, const ClusterView &, int, PluginResult &) const {}

    /** filter() on each of `nodes`, into `column[node].reason` (the column is indexed by
     *  node id). A plugin overrides it to do the pod's share of the work once, not per
     *  node; it must give what filter() gives. */
    virtual void filterNodes(const PodRequest &pod, const ClusterView &view,
                             std::span<const int> nodes, PluginResult *column) const
    {
        for (const int n : nodes)
            column[n].reason = filter(pod, view, n);
    }
    /** score() on each of `nodes`, into `column[node]`; as filterNodes(), the same results. */
    virtual void scoreNodes(const PodRequest &pod, const ClusterView &view,
                            std::span<const int> nodes, PluginResult *column) const
    {
        for (const int n : nodes)
            score(pod, view, n, column[n]);
    }
    /** Maps the feasible nodes' results to 0..100 (default: already normalised). */
    virtual void normalize(std::span<PluginResult>, const std::vector<char> &) const {}
};

/** MB as the Kubernetes scheduler counts it (ImageLocality thresholds). */
constexpr double kKubeMiB = 1024.0 * 1024.0;
constexpr double kMaxNodeScore = 100.0;
/** Kubernetes' default kubelet limit on pods per node (LRS eq. 7, C_n). */
constexpr int kMaxPodsPerNode = 110;

} // namespace schedlab
