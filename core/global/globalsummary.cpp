// SPDX-License-Identifier: GPL-3.0-or-later
// The run's metrics from the requests' final states.
#include "global/globalsimulation.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace schedlab::global {

namespace {
double percentile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0.0;
    const auto k =
        std::size_t(std::min<double>(double(v.size()) - 1, std::ceil(q * double(v.size())) - 1));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    return v[k];
}
} // namespace

GlobalResult GlobalSimulation::summarise() const
{
    GlobalResult out;
    out.architecture = mArch.name;
    out.seed = mSeed;
    out.clusters = mWorld.nodes.clusterCount();
    out.nodes = mWorld.nodes.nodeCount();
    out.conflicts = mConflicts;
    out.reschedules = mReschedules;
    out.forwards = mForwards;
    out.partitionMoves = mPartitionMoves;
    out.directPlaced = mDirectPlaced;
    out.directRejected = mDirectRejected;
    out.simulatedSeconds = mEnd;
    out.tenants.resize(mTenantWeights.size());
    out.priorities.resize(mPriorityWeights.size());
    std::vector<double> latencies, waits;
    std::vector<std::vector<double>> tenantLatencies(out.tenants.size()),
        priorityLatencies(out.priorities.size());
    for (const RequestState &r : mRequests) {
        GroupOutcome &t = out.tenants[std::size_t(r.spec.tenant)];
        GroupOutcome &p = out.priorities[std::size_t(r.spec.priority)];
        ++out.arrived;
        ++t.arrived;
        ++p.arrived;
        double wait = r.queueWait;
        double end = r.finished;
        switch (r.status) {
        case Status::Throttled:
            ++out.throttled;
            ++t.throttled;
            ++p.throttled;
            continue;
        case Status::Failed:
            ++out.failed;
            ++t.failed;
            ++p.failed;
            continue;
        case Status::Placed:
            ++out.placed;
            ++t.placed;
            ++p.placed;
            break;
        case Status::Queued:
            ++out.unfinished;
            end = mEnd;
            if (r.inQueue || r.parked) // it has waited since it was queued
                wait += mEnd - r.queuedSince;
            break;
        }
        const double latency = (end - r.arrival) * 1000.0;
        latencies.push_back(latency);
        tenantLatencies[std::size_t(r.spec.tenant)].push_back(latency);
        priorityLatencies[std::size_t(r.spec.priority)].push_back(latency);
        waits.push_back(wait * 1000.0);
    }
    out.schedLatencyP50Ms = percentile(latencies, 0.50);
    out.schedLatencyP99Ms = percentile(latencies, 0.99);
    out.queueWaitMeanMs =
        waits.empty() ? 0.0
                      : std::accumulate(waits.begin(), waits.end(), 0.0) / double(waits.size());
    out.allocationRate =
        mScenario.duration > 0 ? double(mPlacedInWindow) / mScenario.duration : 0.0;
    out.placedShare = out.arrived > 0 ? double(out.placed) / double(out.arrived) : 0.0;
    out.clusterUtilMean = mUtilSamples > 0 ? mUtilMeanSum / mUtilSamples : 0.0;
    out.clusterUtilStd = mUtilSamples > 0 ? mUtilStdSum / mUtilSamples : 0.0;
    auto describe = [](std::vector<GroupOutcome> &groups,
                       const std::vector<std::vector<double>> &latencies) {
        for (std::size_t g = 0; g < groups.size(); ++g) {
            const auto &l = latencies[g];
            groups[g].latencyMeanMs =
                l.empty() ? 0.0 : std::accumulate(l.begin(), l.end(), 0.0) / double(l.size());
            groups[g].latencyP99Ms = percentile(l, 0.99);
        }
    };
    describe(out.tenants, tenantLatencies);
    describe(out.priorities, priorityLatencies);
    return out;
}

} // namespace schedlab::global
