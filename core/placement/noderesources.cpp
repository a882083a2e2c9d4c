// SPDX-License-Identifier: GPL-3.0-or-later
// NodeResourcesFit (filter + LeastAllocated score) and NodeResourcesBalancedAllocation.
#include "placement/kubeplugins.h"
#include "placement/podlayers.h"
#include "state/layercache.h"
#include "state/simstate.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

namespace {
class NodeResourcesFit final : public PlacementPlugin
{
public:
    const char *name() const override { return "NodeResourcesFit"; }
    bool hasFilter() const override { return true; }
    bool hasScore() const override { return true; }

    const char *filter(const PodRequest &pod, const ClusterView &view, int node) const override
    {
        const NodeInfo &info = view.topology->nodes[node];
        const NodeState &ns = view.nodes[node];
        if (ns.pods >= kMaxPodsPerNode) // LRS eq. 7
            return "Too many pods";
        if (ns.cpuAlloc + pod.cpuOn(node) > info.cpu + 1e-9)
            return "Insufficient cpu";
        if (ns.memAlloc + pod.memory > info.memory + 1e-9)
            return "Insufficient memory";
        // LRS eq. 6: the layers it adds, with those in use, must fit the disk
        // once every unused layer is evicted.
        if (const auto *layers = pod.layersOn(info.arch)) {
            const LayerCache &cache = view.caches[node];
            if (cache.pinnedBytes() + cache.unpinnedBytes(*layers) > info.disk + 1e-9)
                return "Insufficient disk for the image layers";
        }
        return nullptr;
    }

    void preFilter(const PodRequest &pod, const ClusterView &) override { mLayers.prepare(pod); }

    /** filter() with the image's layers looked up once per arch, and no digest compared
     *  on a node with disk for every layer of the image beside those in use. */
    void filterNodes(const PodRequest &pod, const ClusterView &view, std::span<const int> nodes,
                     PluginResult *column) const override
    {
        for (const int node : nodes) {
            const NodeInfo &info = view.topology->nodes[node];
            const NodeState &ns = view.nodes[node];
            const char *&reason = column[node].reason;
            reason = nullptr;
            if (ns.pods >= kMaxPodsPerNode)
                reason = "Too many pods";
            else if (ns.cpuAlloc + pod.cpuOn(node) > info.cpu + 1e-9)
                reason = "Insufficient cpu";
            else if (ns.memAlloc + pod.memory > info.memory + 1e-9)
                reason = "Insufficient memory";
            else if (const PodLayers::Variant *v = mLayers.on(info.arch)) {
                const LayerCache &cache = view.caches[node];
                const double pinned = cache.pinnedBytes();
                // The unpinned bytes are a subset of the sizes summed in the same order:
                // at most v->bytes, rounding being monotone.
                if ((!v->sizesKnown || pinned + v->bytes > info.disk + 1e-9) &&
                    pinned + unpinnedBytes(cache, *v) > info.disk + 1e-9)
                    reason = "Insufficient disk for the image layers";
            }
        }
    }

    /** LeastAllocated: mean over cpu and memory of (capacity − requested) / capacity × 100,
     *  the pod's request included. */
    void score(const PodRequest &pod, const ClusterView &view, int node,
               PluginResult &out) const override
    {
        const NodeInfo &info = view.topology->nodes[node];
        const NodeState &ns = view.nodes[node];
        const auto least = [](double requested, double capacity) {
            return capacity > 0 && requested <= capacity
                       ? (capacity - requested) * kMaxNodeScore / capacity
                       : 0.0;
        };
        out.raw = 0.5 * (least(ns.cpuAlloc + pod.cpuOn(node), info.cpu) +
                         least(ns.memAlloc + pod.memory, info.memory));
        out.normalized = out.raw;
    }
    void scoreNodes(const PodRequest &pod, const ClusterView &view, std::span<const int> nodes,
                    PluginResult *column) const override
    {
        for (const int n : nodes)
            NodeResourcesFit::score(pod, view, n, column[n]);
    }

private:
    PodLayers mLayers;
};

class BalancedAllocation final : public PlacementPlugin
{
public:
    const char *name() const override { return "NodeResourcesBalancedAllocation"; }
    bool hasScore() const override { return true; }

    /** (1 − std of the cpu and memory fractions) × 100; for two resources the
     *  std is |cpu − memory| / 2. raw = that std. */
    void score(const PodRequest &pod, const ClusterView &view, int node,
               PluginResult &out) const override
    {
        const NodeInfo &info = view.topology->nodes[node];
        const NodeState &ns = view.nodes[node];
        const double cpu = std::min(1.0, (ns.cpuAlloc + pod.cpuOn(node)) / info.cpu);
        const double mem = std::min(1.0, (ns.memAlloc + pod.memory) / info.memory);
        out.raw = std::abs(cpu - mem) / 2.0;
        out.normalized = (1.0 - out.raw) * kMaxNodeScore;
    }
    void scoreNodes(const PodRequest &pod, const ClusterView &view, std::span<const int> nodes,
                    PluginResult *column) const override
    {
        for (const int n : nodes)
            BalancedAllocation::score(pod, view, n, column[n]);
    }
};
} // namespace

std::unique_ptr<PlacementPlugin> makeNodeResourcesFit()
{
    return std::make_unique<NodeResourcesFit>();
}

std::unique_ptr<PlacementPlugin> makeBalancedAllocation()
{
    return std::make_unique<BalancedAllocation>();
}

} // namespace schedlab
