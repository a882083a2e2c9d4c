// SPDX-License-Identifier: GPL-3.0-or-later
// KubeHICE PAS: the performance-aware Node Scorer (eq. 5).
#include "placement/hiceplugins.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

double pasScore(double cmin, double cmax, double kRel, const PasLevels &L)
{
    cmax = std::max(cmax, cmin);
    if (kRel >= 1.0 || cmax / kRel <= 1.0)
        return L.l0; // the quota it needs here still fits in one core: no loss
    if (cmin / kRel > std::ceil(cmin))
        return L.l3; // even the request needs more threads than the pod runs
    // The printed conditions of the L1 and L2 rows overlap with L3 and leave
    // C_max/k' > ⌈C_max⌉ uncovered; we read them by the levels' meaning: L1 (may
    // lose performance) while the scaled limit fits in the threads the limit
    // allows, L2 (the minimum is met, the peak is not) beyond.
    if (cmax / kRel <= std::ceil(cmax))
        return L.l1 + (L.l0 - L.l1) * kRel;
    return L.l2 + (L.l1 - L.l2) * kRel;
}

namespace {
class PerformanceAware final : public PlacementPlugin
{
public:
    explicit PerformanceAware(const PasLevels &levels) : mLevels(levels) {}
    const char *name() const override { return "PerformanceAware"; }
    bool hasFilter() const override { return true; }
    bool hasScore() const override { return true; }

    const char *filter(const PodRequest &pod, const ClusterView &view, int node) const override
    {
        if (score(pod, view, node) <= mLevels.l3)
            return "node(s) too slow for the Pod's cpu request (KubeHICE score 0)";
        return nullptr;
    }

    /** raw = k'_j = k_j / k_b, normalized = S (eq. 5). */
    void score(const PodRequest &pod, const ClusterView &view, int node,
               PluginResult &out) const override
    {
        out.raw = kRel(pod, view, node);
        out.normalized = score(pod, view, node);
    }

private:
    static double kRel(const PodRequest &pod, const ClusterView &view, int node)
    {
        const double kj = view.perf ? view.perf[node] : 1.0;
        return kj / pod.perfBase;
    }
    double score(const PodRequest &pod, const ClusterView &view, int node) const
    {
        const double cmax = pod.cpuLimit > 0 ? pod.cpuLimit : pod.cpu;
        return pasScore(pod.cpu, cmax, kRel(pod, view, node), mLevels);
    }

    PasLevels mLevels;
};
} // namespace

std::unique_ptr<PlacementPlugin> makePerformanceAware(const PasLevels &levels)
{
    return std::make_unique<PerformanceAware>(levels);
}

} // namespace schedlab
