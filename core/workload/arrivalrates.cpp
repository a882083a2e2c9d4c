// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/arrivalrates.h"

#include "state/topology.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace schedlab {

std::vector<double> centredMemoryRanks(const Scenario &scenario)
{
    const int n = int(scenario.services.size());
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return scenario.services[x].replicaMemory < scenario.services[y].replicaMemory;
    });
    std::vector<double> rank(n, 0.0);
    for (int i = 0; i < n && n > 1; ++i)
        rank[order[i]] = 2.0 * i / (n - 1) - 1.0; // -1 lightest .. +1 heaviest
    return rank;
}

ArrivalRateOracle::ArrivalRateOracle(const Scenario &scenario, const Topology &topology,
                                     std::uint64_t seed)
    : mScenario(scenario), mTopology(topology), mSeed(seed),
      mEaps(int(topology.eaps.size())), mServices(int(scenario.services.size()))
{
    restart();
}

void ArrivalRateOracle::restart()
{
    std::string error;
    mSource = makeArrivalSource(mScenario, mTopology, mSeed, &error);
    if (!mSource)
        throw std::invalid_argument(error);
    mHasPending = mSource->next(mPending);
    mFrom = mTo = -std::numeric_limits<double>::infinity();
}

std::vector<double> ArrivalRateOracle::rates(double from, double to)
{
    if (from == mFrom && to == mTo)
        return mLast; // every site of a frame asks for the same window
    if (from < mTo)
        restart(); // the window overlaps what was counted already
    mFrom = from;
    mTo = to;
    mLast.assign(std::size_t(mEaps) * mServices, 0.0);
    for (; mHasPending && mPending.time < to; mHasPending = mSource->next(mPending))
        if (mPending.time >= from && to > from)
            mLast[std::size_t(mPending.eap) * mServices + mPending.service] += 1.0 / (to - from);
    return mLast;
}

std::vector<double> ArrivalRateOracle::serviceRates(double from, double to)
{
    const std::vector<double> perEap = rates(from, to);
    std::vector<double> out(std::size_t(mServices), 0.0);
    for (std::size_t i = 0; i < perEap.size(); ++i)
        out[i % mServices] += perEap[i];
    return out;
}

} // namespace schedlab
