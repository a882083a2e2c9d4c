// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/partitionmapper.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace schedlab::global {

PartitionMapper::PartitionMapper(const std::vector<int> &clustersPerZone, int schedulers)
    : mHome(clustersPerZone.size(), 0), mSchedulers(std::max(1, schedulers))
{
    std::vector<int> order(clustersPerZone.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return clustersPerZone[std::size_t(a)] > clustersPerZone[std::size_t(b)];
    });
    std::vector<long> clusters(std::size_t(mSchedulers), 0);
    for (int zone : order) {
        const auto s = std::min_element(clusters.begin(), clusters.end()) - clusters.begin();
        mHome[std::size_t(zone)] = int(s);
        clusters[std::size_t(s)] += clustersPerZone[std::size_t(zone)];
    }
}

bool PartitionMapper::rebalance(const std::vector<double> &zoneLoad, double tolerance)
{
    if (mSchedulers < 2)
        return false;
    std::vector<double> load(std::size_t(mSchedulers), 0.0);
    for (std::size_t z = 0; z < mHome.size(); ++z)
        load[std::size_t(mHome[z])] += zoneLoad[z];
    const auto busiest = int(std::max_element(load.begin(), load.end()) - load.begin());
    const auto idlest = int(std::min_element(load.begin(), load.end()) - load.begin());
    const double mean = std::accumulate(load.begin(), load.end(), 0.0) / mSchedulers;
    if (mean <= 0.0 || load[std::size_t(busiest)] <= mean * (1.0 + tolerance))
        return false;
    const double gap = load[std::size_t(busiest)] - load[std::size_t(idlest)];
    int move = -1;
    double bestDistance = 0.0;
    for (std::size_t z = 0; z < mHome.size(); ++z) {
        if (mHome[z] != busiest || zoneLoad[z] <= 0.0 || zoneLoad[z] >= gap)
            continue;
        const double distance = std::abs(zoneLoad[z] - gap / 2);
        if (move < 0 || distance < bestDistance) {
            move = int(z);
            bestDistance = distance;
        }
    }
    if (move < 0)
        return false;
    mHome[std::size_t(move)] = idlest;
    return true;
}

} // namespace schedlab::global
