// SPDX-License-Identifier: GPL-3.0-or-later
#include "placement/perfanalyzer.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

PerfAnalyzer::PerfAnalyzer(int nodes, int reference, double threshold)
    : mK(nodes, 1.0), mKnown(nodes, 0), mSum(nodes), mWeight(nodes), mError(nodes),
      mThreshold(threshold)
{
    if (reference >= 0 && reference < nodes)
        mKnown[reference] = 1;
}

void PerfAnalyzer::update(std::span<const PerfObservation> obs)
{
    // A node estimated in one pass can be the reference of another application
    // in the next: repeat while passes make new nodes known.
    std::vector<char> done(mK.size(), 0);
    while (pass(obs, done)) {
    }
}

bool PerfAnalyzer::pass(std::span<const PerfObservation> obs, std::vector<char> &done)
{
    std::fill(mSum.begin(), mSum.end(), 0.0);
    std::fill(mWeight.begin(), mWeight.end(), 0.0);
    std::fill(mError.begin(), mError.end(), 0.0);
    std::vector<int> apps;
    for (const PerfObservation &o : obs)
        if (std::find(apps.begin(), apps.end(), o.app) == apps.end())
            apps.push_back(o.app);
    std::sort(apps.begin(), apps.end());

    const auto usable = [](const PerfObservation &o) { return o.cpu > 0 && o.load > 0; };
    for (const int app : apps) {
        // Reference container i0: on the lowest-numbered node whose k is known.
        const PerfObservation *ref = nullptr;
        for (const PerfObservation &o : obs)
            if (o.app == app && usable(o) && mKnown[o.node] && (!ref || o.node < ref->node))
                ref = &o;
        if (!ref)
            continue;
        const double k0 = mK[ref->node];
        // eq. 3: P_ij with the current estimates, and their geometric mean.
        double logSum = 0.0;
        int count = 0;
        for (const PerfObservation &o : obs)
            if (o.app == app && usable(o)) {
                logSum += std::log(o.cpu * mK[o.node] / o.load);
                ++count;
            }
        const double pMean = std::exp(logSum / count);
        for (const PerfObservation &o : obs) {
            if (o.app != app || !usable(o) || &o == ref)
                continue;
            const double dW = o.load / ref->load;                                 // eq. 1: ΔW_ij0
            const double kj = ref->cpu * k0 * dW / o.cpu;                         // eq. 2
            const double p = o.cpu * mK[o.node] / o.load;                         // eq. 3
            mError[o.node] = std::max(mError[o.node], std::abs(1.0 - p / pMean)); // eq. 4
            // Several applications on a node: a mean weighted by their load.
            mSum[o.node] += o.load * kj;
            mWeight[o.node] += o.load;
        }
    }
    bool newlyKnown = false;
    for (std::size_t n = 0; n < mK.size(); ++n) {
        if (done[n] || mWeight[n] <= 0 || (mKnown[n] && mError[n] <= mThreshold))
            continue;
        newlyKnown = newlyKnown || !mKnown[n];
        mK[n] = mSum[n] / mWeight[n];
        mKnown[n] = 1;
        done[n] = 1;
        ++mUpdates;
    }
    return newlyKnown;
}

} // namespace schedlab
