// SPDX-License-Identifier: GPL-3.0-or-later
// TaintToleration and NodeAffinity (node selector, incl. kubernetes.io/arch).
#include "placement/kubeplugins.h"
#include "state/topology.h"

#include <algorithm>

namespace schedlab {

bool tolerates(const std::vector<Taint> *tolerations, const Taint &taint)
{
    if (!tolerations)
        return false;
    return std::any_of(tolerations->begin(), tolerations->end(), [&](const Taint &t) {
        return t.key == taint.key && (t.value.empty() || t.value == taint.value) &&
               (t.effect.empty() || t.effect == taint.effect);
    });
}

namespace {
class TaintToleration final : public PlacementPlugin
{
public:
    const char *name() const override { return "TaintToleration"; }
    bool hasFilter() const override { return true; }
    bool hasScore() const override { return true; }

    const char *filter(const PodRequest &pod, const ClusterView &view, int node) const override
    {
        for (const Taint &t : view.topology->nodes[node].taints)
            if (t.effect != "PreferNoSchedule" && !tolerates(pod.tolerations, t))
                return "node(s) had untolerated taint";
        return nullptr;
    }

    /** raw = untolerated PreferNoSchedule taints. */
    void score(const PodRequest &pod, const ClusterView &view, int node,
               PluginResult &out) const override
    {
        int count = 0;
        for (const Taint &t : view.topology->nodes[node].taints)
            if (t.effect == "PreferNoSchedule" && !tolerates(pod.tolerations, t))
                ++count;
        out.raw = count;
    }

    /** Kubernetes' DefaultNormalizeScore, reversed: fewest taints score 100. */
    void normalize(std::span<PluginResult> column, const std::vector<char> &feasible) const override
    {
        double most = 0.0;
        for (std::size_t n = 0; n < column.size(); ++n)
            if (feasible[n])
                most = std::max(most, column[n].raw);
        for (PluginResult &r : column)
            r.normalized = most > 0 ? kMaxNodeScore - kMaxNodeScore * r.raw / most : kMaxNodeScore;
    }
};

class NodeAffinity final : public PlacementPlugin
{
public:
    const char *name() const override { return "NodeAffinity"; }
    bool hasFilter() const override { return true; }

    const char *filter(const PodRequest &pod, const ClusterView &view, int node) const override
    {
        if (!pod.nodeSelector)
            return nullptr;
        const auto &labels = view.topology->nodes[node].labels;
        for (const auto &[key, value] : *pod.nodeSelector) {
            const auto it = labels.find(key);
            if (it == labels.end() || it->second != value)
                return "node(s) didn't match Pod's node affinity/selector";
        }
        return nullptr;
    }
};
} // namespace

std::unique_ptr<PlacementPlugin> makeTaintToleration()
{
    return std::make_unique<TaintToleration>();
}

std::unique_ptr<PlacementPlugin> makeNodeAffinity()
{
    return std::make_unique<NodeAffinity>();
}

} // namespace schedlab
