// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/globalmodel.h"

#include <array>
#include <cstdint>

namespace schedlab::global {

/**
 * What the global resource DB holds about one cluster (design doc 2.3, 2.5.2):
 * cluster-level totals, the centroid of its nodes' allocable capacity (2.5.2.1)
 * and its "potentially feasible nodes" — the few nodes with the largest
 * allocable cpu, the few with the largest memory, the few with the most gpus —
 * against which the quantity check is done (2.5.2, Figure 2).
 */
struct ClusterSummary
{
    static constexpr int kPerResource = 3;
    static constexpr int kMaxFeasible = kPerResource * int(kResources);

    // What scoring reads comes first: a scheduler scans thousands of these per decision.
    Resources allocable;            ///< sum over nodes ("current" resources, 2.5.2.2)
    Resources capacity;             ///< sum over nodes when empty ("empty" resources, 2.5.2.2)
    Resources inverseCapacity;      ///< 1 / capacity, 0 for a type the cluster lacks
    double emptyNorm = 0.0;         ///< length of the empty ratio: sqrt(types the cluster has)
    double currentSimilarity = 1.0; ///< similarityToEmpty(allocable), kept up to date
    double health = 1.0;
    std::int32_t nodes = 0;
    std::uint8_t storage = 0; ///< union of the nodes' StorageBits
    std::uint8_t feasibleCount = 0;
    std::array<std::uint8_t, kMaxFeasible> feasibleStorage{};
    std::array<Resources, kMaxFeasible> feasible{};
    std::array<std::int32_t, kMaxFeasible> feasibleId{}; ///< node index of each entry

    /** Average per-node allocable capacity: the centroid of 2.5.2.1. */
    Resources centroid() const;
    /** The quantity check (2.5.2): one potentially feasible node holds `demand`. */
    bool quantityCheck(const Resources &demand, std::uint8_t storageBits) const
    {
        for (int i = 0; i < feasibleCount; ++i)
            if ((feasibleStorage[std::size_t(i)] & storageBits) == storageBits &&
                feasible[std::size_t(i)].holds(demand))
                return true;
        return false;
    }
    /** Of the feasible nodes that hold `demand`, the one with most cpu left; -1 if none. */
    int feasibleNode(const Resources &demand, std::uint8_t storageBits) const;
    /**
     * Books `demand` against the summary as a placement decision does on the
     * shared DB (2.5.1): totals and the feasible node the check found.
     */
    void subtract(const Resources &demand, std::uint8_t storageBits);
    /**
     * A VM/container deleted through the framework's API gives its resources back
     * in the DB at once (2.4: the API server persists every change); its node's
     * entry only if that node is one of the potentially feasible ones.
     */
    void credit(std::int32_t node, const Resources &demand);
    /**
     * 2.5.2.2: cosine similarity between a resource amount and the cluster's empty
     * resource ratio. Each type is taken as a fraction of the cluster's capacity, so
     * the empty ratio is all ones and cpu cores and MiB weigh alike; types the cluster
     * lacks (no gpus) are left out.
     */
    double similarityToEmpty(const Resources &amount) const;
};

/** Builds the summary of one cluster from its actual node state (the collector, 2.5.6). */
ClusterSummary summarise(const NodeTable &nodes, std::int32_t cluster);

} // namespace schedlab::global
