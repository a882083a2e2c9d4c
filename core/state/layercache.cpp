// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/layercache.h"

#include <algorithm>

namespace schedlab {

LayerCache::Entry *LayerCache::find(const std::string &digest)
{
    for (auto &e : mEntries)
        if (e.digest == digest)
            return &e;
    return nullptr;
}

const LayerCache::Entry *LayerCache::find(const std::string &digest) const
{
    for (const auto &e : mEntries)
        if (e.digest == digest)
            return &e;
    return nullptr;
}

double LayerCache::missingBytes(const std::vector<LayerSpec> &layers) const
{
    double bytes = 0.0;
    for (const LayerSpec &l : layers)
        if (!find(l.digest))
            bytes += l.size;
    return bytes;
}

bool LayerCache::present(const std::string &digest) const
{
    const Entry *e = find(digest);
    return e && e->present;
}

double LayerCache::localBytes(const std::vector<LayerSpec> &layers) const
{
    double bytes = 0.0;
    for (const LayerSpec &l : layers)
        if (find(l.digest))
            bytes += l.size;
    return bytes;
}

double LayerCache::pinnedBytes() const
{
    double bytes = 0.0;
    for (const Entry &e : mEntries)
        if (e.users > 0)
            bytes += e.size;
    return bytes;
}

double LayerCache::unpinnedBytes(const std::vector<LayerSpec> &layers) const
{
    double bytes = 0.0;
    for (const LayerSpec &l : layers) {
        const Entry *e = find(l.digest);
        if (!e || e->users == 0)
            bytes += l.size;
    }
    return bytes;
}

bool LayerCache::use(const LayerSpec &layer, double now)
{
    if (Entry *e = find(layer.digest)) {
        e->lastUse = now;
        ++e->users;
        return false;
    }
    mEntries.push_back({layer.digest, layer.size, now, 1, false});
    mUsed += layer.size;
    evict();
    return true;
}

void LayerCache::markPresent(const std::string &digest, double now)
{
    if (Entry *e = find(digest)) {
        e->present = true;
        e->lastUse = now;
    }
}

void LayerCache::acquire(const std::vector<LayerSpec> &layers, double now)
{
    for (const LayerSpec &l : layers) {
        if (Entry *e = find(l.digest)) {
            e->lastUse = now;
            ++e->users;
        } else {
            mEntries.push_back({l.digest, l.size, now, 1});
            mUsed += l.size;
        }
    }
    evict();
}

void LayerCache::release(const std::vector<LayerSpec> &layers)
{
    for (const LayerSpec &l : layers)
        if (Entry *e = find(l.digest))
            e->users = std::max(0, e->users - 1);
    evict();
}

void LayerCache::evict()
{
    while (mUsed > mCapacity) {
        auto victim = mEntries.end();
        for (auto it = mEntries.begin(); it != mEntries.end(); ++it)
            if (it->users == 0 && (victim == mEntries.end() || it->lastUse < victim->lastUse))
                victim = it;
        if (victim == mEntries.end())
            return; // everything left is in use
        mUsed -= victim->size;
        mEntries.erase(victim);
        ++mEvictions;
    }
}

} // namespace schedlab
