// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/resources.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedlab::global {

enum class ClusterKind : std::uint8_t { DataCenter, EdgeSite };

/** Storage types a node offers, as bits (design doc 2.5.3: resource profile). */
enum StorageBits : std::uint8_t { kSsd = 1, kSas = 2, kSata = 4 };

/**
 * A DC or edge site: its tags for filtering and partitioning and its static scores.
 * Zones are numbered globally; a zone lies in one region (design doc 2.5.3 geolocation/AZ).
 */
struct ClusterInfo
{
    ClusterKind kind = ClusterKind::EdgeSite;
    std::int32_t region = 0;
    std::int32_t zone = 0;
    double latitude = 0.0;
    double longitude = 0.0;
    double health = 1.0;           ///< 1 - runtime error rate, in [0, 1] (2.5.2 factor 3)
    double energyEfficiency = 1.0; ///< in [0, 1] (2.5.2 factor 4)
};

/**
 * Every node of every cluster as structure of arrays: cluster c owns nodes
 * [first[c], first[c + 1]). `free` is the actual allocable capacity, what a
 * cluster-level scheduler sees; the global schedulers only see summaries of it.
 */
struct NodeTable
{
    std::vector<std::int32_t> first{0};
    std::vector<Resources> capacity;
    std::vector<Resources> free;
    std::vector<std::uint8_t> storage; ///< StorageBits
    std::vector<double> health;        ///< per node, in [0, 1]

    std::int32_t clusterCount() const { return std::int32_t(first.size()) - 1; }
    std::int32_t nodeCount() const { return std::int32_t(capacity.size()); }
    std::int32_t begin(std::int32_t cluster) const { return first[std::size_t(cluster)]; }
    std::int32_t end(std::int32_t cluster) const { return first[std::size_t(cluster) + 1]; }

    std::int32_t addNode(const Resources &cap, std::uint8_t storageBits, double nodeHealth = 1.0)
    {
        capacity.push_back(cap);
        free.push_back(cap);
        storage.push_back(storageBits);
        health.push_back(nodeHealth);
        return nodeCount() - 1;
    }
    /** Closes the current cluster: the nodes added since the last close are its own. */
    void closeCluster() { first.push_back(nodeCount()); }
};

inline constexpr std::int32_t kNone = -1;

/** A VM/container request to the global scheduling framework (design doc 2.5.2 filters). */
struct GlobalRequest
{
    Resources demand;
    std::uint8_t storage = 0;              ///< required StorageBits (0: any)
    std::int32_t zone = kNone;             ///< geolocation/AZ constraint (2.5.4 case 1)
    std::int32_t region = kNone;           ///< region constraint
    std::int32_t affinityZone = kNone;     ///< must share this zone (affinity, 2.5.2 factor 3)
    std::int32_t antiAffinityZone = kNone; ///< must avoid this zone (anti-affinity)
    std::int32_t tenant = 0;
    std::int32_t priority = 0; ///< higher is more urgent (2.5.8)
};

} // namespace schedlab::global
