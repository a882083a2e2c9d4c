// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <string>
#include <vector>

namespace schedlab {

/**
 * The image layers present on one node: least recently used layers that no
 * replica uses are evicted when the disk would overflow (LRS Sec. III).
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

    struct Entry
    {
        std::string digest;
        double size;
        double lastUse;
        int users; ///< replicas using it; 0 = evictable
    };
    /** The layers present, in the order they arrived. */
    const std::vector<Entry> &entries() const { return mEntries; }

private:
    Entry *find(const std::string &digest);
    const Entry *find(const std::string &digest) const;
    void evict();

    std::vector<Entry> mEntries;
    double mCapacity = 0.0;
    double mUsed = 0.0;
};

} // namespace schedlab
