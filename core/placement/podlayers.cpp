// SPDX-License-Identifier: GPL-3.0-or-later
#include "placement/podlayers.h"

#include "state/layercache.h"

#include <algorithm>
#include <cstring>

namespace schedlab {

std::uint64_t digestTail(const std::string &digest)
{
    std::uint64_t tail = 0;
    const std::size_t n = digest.size() < 8 ? digest.size() : 8;
    std::memcpy(&tail, digest.data() + digest.size() - n, n);
    return tail;
}

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
            v.tails.push_back(digestTail(l.digest));
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

namespace {
bool sameDigest(const LayerCache::Entry &e, const std::string &digest, std::uint64_t tail)
{
    return e.digest.size() == digest.size() && digestTail(e.digest) == tail && e.digest == digest;
}

/** LayerCache::find(): a cache holds a digest at most once. */
const LayerCache::Entry *findLayer(const LayerCache &cache, const std::string &digest,
                                   std::uint64_t tail)
{
    for (const LayerCache::Entry &e : cache.entries())
        if (sameDigest(e, digest, tail))
            return &e;
    return nullptr;
}
} // namespace

bool allPresent(const LayerCache &cache, const PodLayers::Variant &v)
{
    if (cache.entries().size() < v.distinct)
        return false;
    // From the top layer down: the base layers are the ones most nodes share. A digest
    // is held at most once, so a layer still downloading need not be compared.
    for (std::size_t i = v.layers->size(); i-- > 0;) {
        const std::string &digest = (*v.layers)[i].digest;
        const auto &entries = cache.entries();
        if (std::none_of(entries.begin(), entries.end(), [&](const LayerCache::Entry &e) {
                return e.present && sameDigest(e, digest, v.tails[i]);
            }))
            return false;
    }
    return true;
}

double unpinnedBytes(const LayerCache &cache, const PodLayers::Variant &v)
{
    double bytes = 0.0;
    for (std::size_t i = 0; i < v.layers->size(); ++i) {
        const LayerCache::Entry *e = findLayer(cache, (*v.layers)[i].digest, v.tails[i]);
        if (!e || e->users == 0)
            bytes += (*v.layers)[i].size;
    }
    return bytes;
}

double localBytes(const LayerCache &cache, const PodLayers::Variant &v)
{
    double bytes = 0.0;
    for (std::size_t i = 0; i < v.layers->size(); ++i)
        if (findLayer(cache, (*v.layers)[i].digest, v.tails[i]))
            bytes += (*v.layers)[i].size;
    return bytes;
}

} // namespace schedlab
