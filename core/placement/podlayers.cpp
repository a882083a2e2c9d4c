// SPDX-License-Identifier: GPL-3.0-or-later
#include "placement/podlayers.h"

#include "state/layercache.h"

#include <algorithm>

namespace schedlab {

void PodLayers::prepare(const PodRequest &pod)
{
    mVariants.clear();
    const auto add = [&](const std::string *arch, const std::vector<LayerSpec> &layers) {
        Variant v;
        v.arch = arch;
        v.layers = &layers;
        v.sizesKnown = true;
        for (std::size_t i = 0; i < layers.size(); ++i) {
            const LayerSpec &l = layers[i];
            v.bytes += l.size;
            v.sizesKnown = v.sizesKnown && l.size >= 0.0;
            v.keys.push_back(layerKey(l.digest));
            v.mask |= layerBit(v.keys.back());
            const auto first =
                std::find_if(layers.begin(), layers.begin() + std::ptrdiff_t(i),
                             [&](const LayerSpec &o) { return o.digest == l.digest; });
            v.distinct += first == layers.begin() + std::ptrdiff_t(i);
        }
        mVariants.push_back(std::move(v));
    };
    if (pod.fixedVariant)
        add(nullptr, pod.fixedVariant->layers);
    else if (pod.image)
        for (const ImageVariant &v : pod.image->variants)
            add(&v.arch, v.layers); // on() finds the first of an arch, as variantFor()
}

bool allPresent(const LayerCache &cache, const PodLayers::Variant &v)
{
    if ((cache.presentMask() & v.mask) != v.mask || cache.entries().size() < v.distinct)
        return false;
    // From the top layer down: the base layers are the ones most nodes share.
    for (std::size_t i = v.layers->size(); i-- > 0;) {
        const LayerCache::Entry *e = cache.find((*v.layers)[i].digest, v.keys[i]);
        if (!e || !e->present)
            return false;
    }
    return true;
}

double unpinnedBytes(const LayerCache &cache, const PodLayers::Variant &v)
{
    double bytes = 0.0;
    for (std::size_t i = 0; i < v.layers->size(); ++i) {
        const LayerCache::Entry *e = cache.find((*v.layers)[i].digest, v.keys[i]);
        if (!e || e->users == 0)
            bytes += (*v.layers)[i].size;
    }
    return bytes;
}

double localBytes(const LayerCache &cache, const PodLayers::Variant &v)
{
    double bytes = 0.0;
    for (std::size_t i = 0; i < v.layers->size(); ++i)
        if (cache.find((*v.layers)[i].digest, v.keys[i]))
            bytes += (*v.layers)[i].size;
    return bytes;
}

} // namespace schedlab
