// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/clustersummary.h"

#include <algorithm>
#include <cmath>

namespace schedlab::global {

Resources ClusterSummary::centroid() const
{
    Resources c;
    if (nodes > 0)
        for (std::size_t k = 0; k < kResources; ++k)
            c[k] = allocable[k] / nodes;
    return c;
}

int ClusterSummary::feasibleNode(const Resources &demand, std::uint8_t storageBits) const
{
    // Of the feasible nodes that hold the demand, the one with most cpu left: the
    // cluster-level scheduler spreads the same way (least allocated first).
    int best = -1;
    for (int i = 0; i < feasibleCount; ++i) {
        if ((feasibleStorage[std::size_t(i)] & storageBits) != storageBits ||
            !feasible[std::size_t(i)].holds(demand))
            continue;
        if (best < 0 || feasible[std::size_t(i)][Cpu] > feasible[std::size_t(best)][Cpu])
            best = i;
    }
    return best;
}

void ClusterSummary::subtract(const Resources &demand, std::uint8_t storageBits)
{
    allocable -= demand;
    currentSimilarity = similarityToEmpty(allocable);
    const int i = feasibleNode(demand, storageBits);
    if (i >= 0)
        feasible[std::size_t(i)] -= demand;
}

void ClusterSummary::credit(std::int32_t node, const Resources &demand)
{
    allocable += demand;
    currentSimilarity = similarityToEmpty(allocable);
    for (int i = 0; i < feasibleCount; ++i)
        if (feasibleId[std::size_t(i)] == node)
            feasible[std::size_t(i)] += demand;
}

double ClusterSummary::similarityToEmpty(const Resources &amount) const
{
    double dot = 0.0, norm = 0.0;
    for (std::size_t k = 0; k < kResources; ++k) {
        const double fraction = std::max(0.0, amount[k]) * inverseCapacity[k];
        dot += fraction;
        norm += fraction * fraction;
    }
    // Nothing left of any type is as balanced as it gets.
    if (emptyNorm <= 0.0 || norm <= 0.0)
        return 1.0;
    return std::clamp(dot / (std::sqrt(norm) * emptyNorm), 0.0, 1.0);
}

ClusterSummary summarise(const NodeTable &nodes, std::int32_t cluster)
{
    ClusterSummary s;
    const std::int32_t b = nodes.begin(cluster), e = nodes.end(cluster);
    s.nodes = e - b;
    double health = 0.0;
    // For each resource, the kPerResource nodes with most of it left (insertion into a
    // tiny sorted array: a cluster has tens of nodes, and this runs once per collection).
    std::array<std::array<std::int32_t, ClusterSummary::kPerResource>, kResources> top;
    for (auto &t : top)
        t.fill(kNone);
    for (std::int32_t n = b; n < e; ++n) {
        const Resources &f = nodes.free[std::size_t(n)];
        s.allocable += f;
        s.capacity += nodes.capacity[std::size_t(n)];
        s.storage |= nodes.storage[std::size_t(n)];
        health += nodes.health[std::size_t(n)];
        for (std::size_t k = 0; k < kResources; ++k) {
            auto &t = top[k];
            for (std::size_t slot = 0; slot < t.size(); ++slot) {
                if (t[slot] == kNone || f[k] > nodes.free[std::size_t(t[slot])][k]) {
                    std::copy_backward(t.begin() + std::ptrdiff_t(slot), t.end() - 1, t.end());
                    t[slot] = n;
                    break;
                }
            }
        }
    }
    s.health = s.nodes > 0 ? health / s.nodes : 0.0;
    int types = 0;
    for (std::size_t k = 0; k < kResources; ++k) {
        s.inverseCapacity[k] = s.capacity[k] > 0.0 ? 1.0 / s.capacity[k] : 0.0;
        types += s.capacity[k] > 0.0;
    }
    s.emptyNorm = std::sqrt(double(types));
    s.currentSimilarity = s.similarityToEmpty(s.allocable);
    std::array<std::int32_t, ClusterSummary::kMaxFeasible> chosen{};
    int count = 0;
    for (const auto &t : top)
        for (std::int32_t n : t)
            if (n != kNone &&
                std::find(chosen.begin(), chosen.begin() + count, n) == chosen.begin() + count)
                chosen[std::size_t(count++)] = n;
    for (int i = 0; i < count; ++i) {
        s.feasible[std::size_t(i)] = nodes.free[std::size_t(chosen[std::size_t(i)])];
        s.feasibleStorage[std::size_t(i)] = nodes.storage[std::size_t(chosen[std::size_t(i)])];
        s.feasibleId[std::size_t(i)] = chosen[std::size_t(i)];
    }
    s.feasibleCount = std::uint8_t(count);
    return s;
}

} // namespace schedlab::global
