// SPDX-License-Identifier: GPL-3.0-or-later
// ImageLocality (Kubernetes) and LRScheduler's LayerSharing: the two scores that
// look at what a node already holds.
#include "placement/kubeplugins.h"
#include "placement/podlayers.h"
#include "state/layercache.h"
#include "state/topology.h"

#include <algorithm>

namespace schedlab {

namespace {
double sizeOf(const std::vector<LayerSpec> &layers)
{
    double bytes = 0.0;
    for (const LayerSpec &l : layers)
        bytes += l.size;
    return bytes;
}

/**
 * Kubernetes ImageLocality: a node that holds the pod's image scores its size
 * times the fraction of nodes holding it (spread), clamped to [23 MB, 1000 MB]
 * per container and scaled to 0..100. An image is held when all layers of the
 * node's variant are present (what the kubelet reports in node status).
 */
class ImageLocality final : public PlacementPlugin
{
public:
    static constexpr double kMin = 23.0 * kKubeMiB;
    static constexpr double kMax = 1000.0 * kKubeMiB;

    const char *name() const override { return "ImageLocality"; }
    bool hasScore() const override { return true; }

    /** Which nodes hold the image, over every node (the spread counts them all), with
     *  the image's layers looked up once per arch. */
    void preFilter(const PodRequest &pod, const ClusterView &view) override
    {
        mLayers.prepare(pod);
        mHeld.assign(view.nodeCount, nullptr);
        mHolders = 0;
        for (int n = 0; n < view.nodeCount; ++n) {
            const PodLayers::Variant *v = mLayers.on(view.topology->nodes[n].arch);
            if (v && allPresent(view.caches[n], *v)) {
                mHeld[n] = v;
                ++mHolders;
            }
        }
    }

    void score(const PodRequest &pod, const ClusterView &view, int node,
               PluginResult &out) const override
    {
        out.raw = 0.0;
        if (mHeld[node]) {
            const double spread = double(mHolders) / double(view.nodeCount);
            out.raw = sizeOf(*pod.layersOn(view.topology->nodes[node].arch)) * spread;
        }
        const double sum = std::clamp(out.raw, kMin, kMax);
        out.normalized = kMaxNodeScore * (sum - kMin) / (kMax - kMin);
    }

    void scoreNodes(const PodRequest &, const ClusterView &view, std::span<const int> nodes,
                    PluginResult *column) const override
    {
        const double spread = double(mHolders) / double(view.nodeCount);
        for (const int n : nodes) {
            PluginResult &out = column[n];
            out.raw = mHeld[n] ? mHeld[n]->bytes * spread : 0.0;
            const double sum = std::clamp(out.raw, kMin, kMax);
            out.normalized = kMaxNodeScore * (sum - kMin) / (kMax - kMin);
        }
    }

private:
    PodLayers mLayers;
    std::vector<const PodLayers::Variant *> mHeld; ///< per node: its variant if it holds it
    int mHolders = 0;
};

/** LRS eq. 2–3: D = bytes of the pod's layers on the node (present or being
 *  downloaded: neither is downloaded again), S_Layer = D / Σ sizes × 100. */
class LayerSharing final : public PlacementPlugin
{
public:
    const char *name() const override { return "LayerSharing"; }
    bool hasScore() const override { return true; }

    void score(const PodRequest &pod, const ClusterView &view, int node,
               PluginResult &out) const override
    {
        const auto *layers = pod.layersOn(view.topology->nodes[node].arch);
        const double total = layers ? sizeOf(*layers) : 0.0;
        out.raw = layers ? view.caches[node].localBytes(*layers) : 0.0;
        out.normalized = total > 0 ? out.raw / total * kMaxNodeScore : 0.0;
    }

    void preFilter(const PodRequest &pod, const ClusterView &) override { mLayers.prepare(pod); }
    void scoreNodes(const PodRequest &, const ClusterView &view, std::span<const int> nodes,
                    PluginResult *column) const override
    {
        for (const int n : nodes) {
            PluginResult &out = column[n];
            const PodLayers::Variant *v = mLayers.on(view.topology->nodes[n].arch);
            const double total = v ? v->bytes : 0.0;
            out.raw = v ? localBytes(view.caches[n], *v) : 0.0;
            out.normalized = total > 0 ? out.raw / total * kMaxNodeScore : 0.0;
        }
    }

private:
    PodLayers mLayers;
};
} // namespace

std::unique_ptr<PlacementPlugin> makeImageLocality()
{
    return std::make_unique<ImageLocality>();
}

std::unique_ptr<PlacementPlugin> makeLayerSharing()
{
    return std::make_unique<LayerSharing>();
}

} // namespace schedlab
