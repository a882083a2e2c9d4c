// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/ontimeceiling.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

OnTimeCeiling::OnTimeCeiling(const Scenario &scenario, const Topology &topology,
                             const std::vector<char> &imageRuns, bool demands)
    : mScenario(scenario), mTopology(topology), mImageRuns(imageRuns), mDemands(demands),
      mServices(int(scenario.services.size())), mBySite(scenario.sites.size())
{
    for (int n = 0; n < topology.edgeCount; ++n) {
        const NodeInfo &info = topology.nodes[std::size_t(n)];
        if (info.cpu > 0.0 && info.perf > 0.0)
            mBySite[std::size_t(info.site)].push_back(
                {n, info.perf * std::min(1.0, info.cpu), info.cpu, info.memory, &info.hosts});
    }
    for (auto &site : mBySite)
        std::stable_sort(site.begin(), site.end(),
                         [](const Candidate &a, const Candidate &b) { return a.speed > b.speed; });
}

namespace {
/** Rounding the engine's sums another way must not make a possible request impossible. */
constexpr double kTimeSlack = 1e-9;
} // namespace

/** 0 when no node of the site could take the request. */
double OnTimeCeiling::bestEdgeSpeed(int site, const Request &r) const
{
    constexpr double kSlack = 1e-9;
    const ServiceSpec &service = mScenario.services[r.service];
    for (const Candidate &c : mBySite[std::size_t(site)]) {
        // A replica pinned with `hosts` runs there whether or not it fits.
        const bool pinned = c.pins->count(service.name) > 0;
        if (!pinned && !mImageRuns[std::size_t(c.node) * std::size_t(mServices) + r.service])
            continue;
        if (!pinned &&
            (service.replicaCpu > c.cpu + kSlack || service.replicaMemory > c.memory + kSlack))
            continue;
        if (mDemands && (r.cpu > c.cpu + kSlack || r.memory > c.memory + kSlack))
            continue;
        return c.speed; // the fastest that fits
    }
    return 0.0;
}

bool OnTimeCeiling::possible(const Request &r) const
{
    const double slot = mScenario.time.slot;
    const LinkSpec &access = mScenario.network.access;
    const double atEap = r.created + transferSeconds(access, r.size);
    // Dispatched at the first slot start k·slot after it reached its eAP, by the
    // engine's own test (it joins the queue of the slot ending at k·slot when at < k·slot).
    double k = std::floor(atEap / slot) + 1.0;
    while (k > 1.0 && (k - 1.0) * slot > atEap)
        k -= 1.0;
    while (k * slot <= atEap)
        k += 1.0;
    const double leaves = k * slot;
    if (leaves > r.deadline)
        return false; // dropped at the eAP before it could leave
    const EapInfo &eap = mTopology.eaps[std::size_t(r.eap)];
    if (const double speed = bestEdgeSpeed(eap.site, r); speed > 0.0) {
        // Summed as the engine sums them; the slack leans towards possible.
        const LinkSpec &lan = mScenario.network.lan;
        const double done =
            leaves + transferSeconds(lan, r.size) + r.work / speed + (lan.latency + access.latency);
        if (done <= r.deadline + kTimeSlack)
            return true;
    }
    if (!(mTopology.cloudCores + 1e-9 >= 1.0 && mTopology.cloudPerf > 0.0))
        return false; // the cloud starts a request when a whole core is free
    const double done = leaves + transferSeconds(eap.toCloud, r.size) +
                        r.work / mTopology.cloudPerf + (eap.toCloud.latency + access.latency);
    return done <= r.deadline + kTimeSlack;
}

} // namespace schedlab
