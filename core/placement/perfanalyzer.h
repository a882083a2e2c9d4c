// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <vector>

namespace schedlab {

/** One monitor report: container i of application `app` on `node` over a window. */
struct PerfObservation
{
    int app = 0;
    int node = 0;
    double cpu = 0.0;  ///< C_ij: cores it used
    double load = 0.0; ///< W_ij: its load level (requests forwarded to it per second)
};

/**
 * KubeHICE's Performance Analyzer (Sec. III-D, IV-E): estimates each node's
 * single-thread performance k_j from the cpu use and load of the replicas of
 * the same application on different nodes (eq. 1–4). k is relative to the
 * reference node, whose k_0 is 1; pods' k_b use the same scale.
 */
class PerfAnalyzer
{
public:
    /** `threshold`: k_j is updated only when its ΔP_ij (eq. 4) exceeds it. */
    PerfAnalyzer(int nodes, int reference = 0, double threshold = 0.1);

    /** Folds one round of reports into the estimates. */
    void update(std::span<const PerfObservation> observations);

    const double *k() const { return mK.data(); }
    double k(int node) const { return mK[node]; }
    /** The node has an estimate (the reference always has). */
    bool estimated(int node) const { return mKnown[node] != 0; }
    /** How many times an estimate was written (the analyzer's "label updates"). */
    long updates() const { return mUpdates; }

private:
    bool pass(std::span<const PerfObservation> observations, std::vector<char> &done);

    std::vector<double> mK;
    std::vector<char> mKnown;
    std::vector<double> mSum, mWeight, mError; ///< scratch per node
    double mThreshold;
    long mUpdates = 0;
};

} // namespace schedlab
