// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/layercache.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace schedlab {

std::uint64_t layerKey(const std::string &digest)
{
    std::uint64_t key = 0;
    const std::size_t n = digest.size() < 8 ? digest.size() : 8;
    std::memcpy(&key, digest.data() + digest.size() - n, n);
    return key;
}

const LayerCache::Entry *LayerCache::find(const std::string &digest, std::uint64_t key) const
{
    if (!(mHeldMask & layerBit(key)))
        return nullptr;
    for (const auto &e : mEntries)
        if (e.key == key && e.digest == digest)
            return &e;
    return nullptr;
}

const LayerCache::Entry *LayerCache::find(const std::string &digest) const
{
    return find(digest, layerKey(digest));
}

LayerCache::Entry *LayerCache::find(const std::string &digest)
{
    return const_cast<Entry *>(std::as_const(*this).find(digest));
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

void LayerCache::add(const LayerSpec &layer, double now, bool present)
{
    const std::uint64_t key = layerKey(layer.digest);
    mEntries.push_back({layer.digest, layer.size, now, 1, present, key});
    mUsed += layer.size;
    mHeldMask |= layerBit(key);
    if (present)
        mPresentMask |= layerBit(key);
}

bool LayerCache::use(const LayerSpec &layer, double now)
{
    if (Entry *e = find(layer.digest)) {
        e->lastUse = now;
        ++e->users;
        update();
        return false;
    }
    add(layer, now, false);
    update();
    evict();
    return true;
}

void LayerCache::markPresent(const std::string &digest, double now)
{
    if (Entry *e = find(digest)) {
        e->present = true;
        e->lastUse = now;
        mPresentMask |= layerBit(e->key);
    }
}

void LayerCache::acquire(const std::vector<LayerSpec> &layers, double now)
{
    for (const LayerSpec &l : layers) {
        if (Entry *e = find(l.digest)) {
            e->lastUse = now;
            ++e->users;
        } else {
            add(l, now, true);
        }
    }
    update();
    evict();
}

void LayerCache::release(const std::vector<LayerSpec> &layers)
{
    for (const LayerSpec &l : layers)
        if (Entry *e = find(l.digest))
            e->users = std::max(0, e->users - 1);
    update();
    evict();
}

void LayerCache::evict()
{
    bool evicted = false;
    while (mUsed > mCapacity) {
        auto victim = mEntries.end();
        for (auto it = mEntries.begin(); it != mEntries.end(); ++it)
            if (it->users == 0 && (victim == mEntries.end() || it->lastUse < victim->lastUse))
                victim = it;
        if (victim == mEntries.end())
            break; // everything left is in use
        mUsed -= victim->size;
        mEntries.erase(victim);
        ++mEvictions;
        evicted = true;
    }
    if (evicted)
        update();
}

void LayerCache::update()
{
    mPinned = 0.0;
    mHeldMask = 0;
    mPresentMask = 0;
    for (const Entry &e : mEntries) {
        if (e.users > 0)
            mPinned += e.size;
        mHeldMask |= layerBit(e.key);
        if (e.present)
            mPresentMask |= layerBit(e.key);
    }
}

} // namespace schedlab
