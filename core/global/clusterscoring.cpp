// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/clusterscoring.h"

#include <algorithm>
#include <cmath>

namespace schedlab::global {

bool passesFilter(const ClusterInfo &info, const ClusterSummary &view, const GlobalRequest &r)
{
    if (r.zone != kNone && info.zone != r.zone)
        return false;
    if (r.region != kNone && info.region != r.region)
        return false;
    if (r.affinityZone != kNone && info.zone != r.affinityZone)
        return false;
    if (r.antiAffinityZone != kNone && info.zone == r.antiAffinityZone)
        return false;
    if ((view.storage & r.storage) != r.storage)
        return false;
    return view.quantityCheck(r.demand, r.storage);
}

double capacityScore(const ClusterSummary &view, const Resources &demand)
{
    // Y_k / X_k with X_k = allocable_k / nodes, the centroid coordinate.
    double sum = 0.0;
    int asked = 0;
    for (std::size_t k = 0; k < kResources; ++k) {
        if (demand[k] <= 0.0)
            continue;
        ++asked;
        sum += view.allocable[k] > 0.0 ? std::min(1.0, demand[k] * view.nodes / view.allocable[k])
                                       : 1.0;
    }
    return asked == 0 ? 1.0 : std::clamp(1.0 - sum / asked, 0.0, 1.0);
}

double similarityToEmpty(const ClusterSummary &view, const Resources &amount)
{
    return view.similarityToEmpty(amount);
}

const std::vector<Candidate> &ClusterScorer::rank(const GlobalRequest &r,
                                                  std::span<const std::int32_t> clusters,
                                                  std::span<const ClusterInfo> infos,
                                                  std::span<const ClusterSummary> view,
                                                  std::span<const std::int32_t> excluded)
{
    mCandidates.clear();
    for (std::int32_t c : clusters) {
        const ClusterSummary &s = view[std::size_t(c)];
        const ClusterInfo &info = infos[std::size_t(c)];
        if (!passesFilter(info, s, r) ||
            (!excluded.empty() && std::find(excluded.begin(), excluded.end(), c) != excluded.end()))
            continue;
        Candidate cand;
        cand.cluster = c;
        cand.capacity = capacityScore(s, r.demand);
        cand.health = std::clamp(info.health * s.health, 0.0, 1.0);
        cand.energy = std::clamp(info.energyEfficiency, 0.0, 1.0);
        Resources leftover = s.allocable;
        leftover -= r.demand;
        cand.currentSimilarity = s.currentSimilarity;
        cand.leftoverSimilarity = s.similarityToEmpty(leftover);
        mCandidates.push_back(cand);
    }
    scoreEquivalence();
    for (Candidate &c : mCandidates)
        c.score = mWeights.capacity * c.capacity + mWeights.equivalence * c.equivalence +
                  mWeights.health * c.health + mWeights.energy * c.energy;
    return mCandidates;
}

void ClusterScorer::scoreEquivalence()
{
    // 2.5.2.2 case 1: some placements bring a cluster closer to its empty ratio. Among
    // those, the cluster whose current ratio deviates most scores highest (the worst
    // balanced gets rebalanced); placements that skew further score zero.
    // Case 2: every placement skews; the least skewed leftover scores highest.
    constexpr double kEps = 1e-12;
    double worstDeviation = 0.0;
    bool anyCloser = false;
    for (const Candidate &c : mCandidates) {
        if (c.leftoverSimilarity > c.currentSimilarity + kEps) {
            anyCloser = true;
            worstDeviation = std::max(worstDeviation, 1.0 - c.currentSimilarity);
        }
    }
    if (anyCloser) {
        for (Candidate &c : mCandidates) {
            const bool closer = c.leftoverSimilarity > c.currentSimilarity + kEps;
            c.equivalence = !closer                 ? 0.0
                            : worstDeviation > kEps ? (1.0 - c.currentSimilarity) / worstDeviation
                                                    : 1.0;
        }
        return;
    }
    double lo = 1.0, hi = 0.0;
    for (const Candidate &c : mCandidates) {
        lo = std::min(lo, c.leftoverSimilarity);
        hi = std::max(hi, c.leftoverSimilarity);
    }
    for (Candidate &c : mCandidates)
        c.equivalence = hi - lo > kEps ? (c.leftoverSimilarity - lo) / (hi - lo) : 1.0;
}

const Candidate *best(const std::vector<Candidate> &candidates)
{
    const Candidate *top = nullptr;
    for (const Candidate &c : candidates)
        if (!top || c.score > top->score)
            top = &c;
    return top;
}

} // namespace schedlab::global
