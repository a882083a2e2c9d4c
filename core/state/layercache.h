// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedlab {

/** A layer's key: the last eight bytes of its digest (all of a shorter one), random in a
 *  sha256 digest, so two digests with the same key are compared whole only when they
 *  are almost certainly the same. */
std::uint64_t layerKey(const std::string &digest);
/** The bit of a LayerCache's masks standing for the layers with key `key`. */
inline std::uint64_t layerBit(std::uint64_t key)
{
    return std::uint64_t(1) << ((key * 0x9E3779B97F4A7C15ull) >> 58);
}

/**
 * The image layers present on one node: least recently used layers that no
 * replica or pod uses are evicted when the disk would overflow (LRS Sec. III,
 * eq. 6). A layer being downloaded has an entry already (it holds its disk
 * space and is not downloaded twice) but is not yet present.
 */
class LayerCache
{
public:
    void setCapacity(double bytes) { mCapacity = bytes; }
    /** Bytes of `layers` this node lacks (LRS eq. 1: the download cost C). */
    double missingBytes(const std::vector<LayerSpec> &layers) const;
    /** Marks `layers` present and in use at `now`; evicts unused ones if over capacity. */
    void acquire(const std::vector<LayerSpec> &layers, double now);
    /** A replica using `layers` went away: they become evictable. */
    void release(const std::vector<LayerSpec> &layers);
    double used() const { return mUsed; }

    /** True if the layer is present or being downloaded. */
    bool has(const std::string &digest) const { return find(digest) != nullptr; }
    /** True if the layer is present (downloaded). */
    bool present(const std::string &digest) const;
    /** Bytes of `layers` present or being downloaded (LRS eq. 2: D). */
    double localBytes(const std::vector<LayerSpec> &layers) const;
    /** Bytes held by layers in use: what eviction cannot free (summed in arrival
     *  order whenever a layer's use changes). */
    double pinnedBytes() const { return mPinned; }
    /** Bytes of `layers` that are absent or unused: what using them adds to pinnedBytes(). */
    double unpinnedBytes(const std::vector<LayerSpec> &layers) const;
    /** Uses one layer at `now`: true if it was absent, and then it is being
     *  downloaded until markPresent(). Evicts unused layers if over capacity. */
    bool use(const LayerSpec &layer, double now);
    void markPresent(const std::string &digest, double now);
    /** Layers evicted so far. */
    long evictions() const { return mEvictions; }

    struct Entry
    {
        std::string digest;
        double size;
        double lastUse;
        int users;             ///< replicas using it; 0 = evictable
        bool present = true;   ///< false while being downloaded
        std::uint64_t key = 0; ///< layerKey(digest)
    };
    /** The layers on the node (present or downloading), in the order they arrived. */
    const std::vector<Entry> &entries() const { return mEntries; }
    /** The layer with `digest`, whose layerKey() is `key`; null if the node has none. */
    const Entry *find(const std::string &digest, std::uint64_t key) const;
    /** The layerBit()s of the layers held (present or downloading), of those present:
     *  a layer whose bit is clear is certainly not held, not present. */
    std::uint64_t heldMask() const { return mHeldMask; }
    std::uint64_t presentMask() const { return mPresentMask; }

private:
    Entry *find(const std::string &digest);
    const Entry *find(const std::string &digest) const;
    void add(const LayerSpec &layer, double now, bool present);
    void evict();
    /** Recomputes the pinned bytes and the masks from the entries. */
    void update();

    std::vector<Entry> mEntries;
    double mPinned = 0.0;
    std::uint64_t mHeldMask = 0;
    std::uint64_t mPresentMask = 0;
    double mCapacity = 0.0;
    double mUsed = 0.0;
    long mEvictions = 0;
};

} // namespace schedlab
