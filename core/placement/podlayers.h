// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementtypes.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedlab {

/**
 * A pod's image layers per node arch, resolved once per scheduling cycle, and the
 * layer-cache questions the plugins ask of every node. Each layer's key (layerKey())
 * and mask bit are computed here once: a node whose cache masks lack one of the
 * image's bits is answered without looking at its layers, and a digest is compared
 * whole only when its key matches.
 */
class PodLayers
{
public:
    struct Variant
    {
        const std::string *arch = nullptr; ///< null: every arch (a per-arch image)
        const std::vector<LayerSpec> *layers = nullptr;
        double bytes = 0.0;       ///< the layers' sizes summed in order
        bool sizesKnown = false;  ///< every size is >= 0, so a subset sums to at most `bytes`
        std::size_t distinct = 0; ///< distinct digests: a cache holding them all has as many layers
        std::vector<std::uint64_t> keys; ///< per layer: layerKey() of its digest
        std::uint64_t mask = 0;          ///< the layers' layerBit()s
    };

    void prepare(const PodRequest &pod);
    /** What pod.layersOn(arch) gives, with its sums; null if the image has none for it. */
    const Variant *on(const std::string &arch) const
    {
        for (const Variant &v : mVariants)
            if (!v.arch || *v.arch == arch)
                return &v;
        return nullptr;
    }

private:
    std::vector<Variant> mVariants;
};

/** LayerCache::present() of every layer of `v`. */
bool allPresent(const LayerCache &cache, const PodLayers::Variant &v);
/** LayerCache::unpinnedBytes() of `v`'s layers. */
double unpinnedBytes(const LayerCache &cache, const PodLayers::Variant &v);
/** LayerCache::localBytes() of `v`'s layers. */
double localBytes(const LayerCache &cache, const PodLayers::Variant &v);

} // namespace schedlab
