// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/clustersummary.h"
#include "global/globalmodel.h"

#include <cstdint>
#include <span>
#include <vector>

namespace schedlab::global {

/** Weights of the factor scores in the ranking's inner product (design doc 2.5.2). */
struct ScoreWeights
{
    double capacity = 1.0;    ///< average per-node allocable capacity (2.5.2.1)
    double equivalence = 1.0; ///< resource equivalence (2.5.2.2)
    double health = 0.5;
    double energy = 0.5;
};

/** A cluster that passed the filter, with its factor scores (each in [0, 1]) and rank. */
struct Candidate
{
    std::int32_t cluster = kNone;
    double capacity = 0.0;
    double equivalence = 0.0;
    double health = 0.0;
    double energy = 0.0;
    double score = 0.0;
    // Cosine similarities to the empty resource ratio, before and after the placement.
    double currentSimilarity = 0.0;
    double leftoverSimilarity = 0.0;
};

/**
 * Filtering phase (2.5.2): geolocation/zone/region, storage type, affinity and
 * anti-affinity zones, then the quantity check against the potentially feasible nodes.
 */
bool passesFilter(const ClusterInfo &info, const ClusterSummary &view, const GlobalRequest &r);

/**
 * 2.5.2.1: one minus the mean of requested / centroid capacity over the resource
 * types the request asks for, clamped to [0, 1]: more room per average node, higher.
 */
double capacityScore(const ClusterSummary &view, const Resources &demand);

/** 2.5.2.2, see ClusterSummary::similarityToEmpty. */
double similarityToEmpty(const ClusterSummary &view, const Resources &amount);

/**
 * The scoring phase of 2.5.2 over a list of clusters, reusing scratch storage.
 * Clusters in `excluded` (failed ones, 2.5.6) are skipped.
 */
class ClusterScorer
{
public:
    explicit ClusterScorer(ScoreWeights weights = {}) : mWeights(weights) {}

    /** Filters and scores `clusters`; the candidates stay in the order given. */
    const std::vector<Candidate> &rank(const GlobalRequest &r,
                                       std::span<const std::int32_t> clusters,
                                       std::span<const ClusterInfo> infos,
                                       std::span<const ClusterSummary> view,
                                       std::span<const std::int32_t> excluded = {});
    const std::vector<Candidate> &candidates() const { return mCandidates; }
    const ScoreWeights &weights() const { return mWeights; }

private:
    void scoreEquivalence();

    ScoreWeights mWeights;
    std::vector<Candidate> mCandidates;
};

/** The highest-ranked candidate (first on ties), or null. */
const Candidate *best(const std::vector<Candidate> &candidates);

} // namespace schedlab::global
