// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

namespace schedlab::global {

/**
 * The Dynamic Partition Mapper (design doc 2.4, 2.5.3): each geolocation/AZ has
 * exactly one home global scheduler; a scheduler may be home to many zones. The
 * mapper starts from a balance of cluster counts and then moves zones from the most
 * loaded scheduler to the least loaded one when loads drift apart.
 */
class PartitionMapper
{
public:
    /** Zones go, largest first, to the scheduler with the fewest clusters so far. */
    PartitionMapper(const std::vector<int> &clustersPerZone, int schedulers);

    int home(int zone) const { return mHome[std::size_t(zone)]; }
    const std::vector<int> &homes() const { return mHome; }
    int schedulers() const { return mSchedulers; }

    /**
     * One rebalancing step over the load each zone brought in the last period.
     * When the busiest scheduler's load exceeds the mean by more than `tolerance`
     * (a share of the mean), moves to the idlest scheduler the zone that best halves
     * the gap without overshooting it. Returns whether a zone moved.
     */
    bool rebalance(const std::vector<double> &zoneLoad, double tolerance);

private:
    std::vector<int> mHome;
    int mSchedulers;
};

} // namespace schedlab::global
