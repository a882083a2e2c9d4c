// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/runexplainer.h"

#include "engine/initialreplicas.h"

#include <algorithm>
#include <cstdio>

namespace schedlab {

namespace {
std::string seconds(double s)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g s", s);
    return text;
}

std::string joined(const std::vector<std::string> &names)
{
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return out;
}

std::string quoted(const std::string &name)
{
    return "'" + name + "'";
}

bool scales(const std::string &orchestration)
{
    return orchestration != "static";
}
} // namespace

const char *dropCauseKey(DropCause cause)
{
    switch (cause) {
    case DropCause::EapSlotWait:
        return "eap-slot-wait";
    case DropCause::EapCeiling:
        return "eap-dispatch-ceiling";
    case DropCause::NodeBusy:
        return "node-replicas-busy";
    case DropCause::NodeNoReplica:
        return "node-replica-removed";
    case DropCause::NodeLate:
        return "node-reached-late";
    case DropCause::CloudNoReplica:
        return "cloud-no-edge-replica";
    case DropCause::CloudChosen:
        return "cloud-cores-busy";
    case DropCause::CloudNoCores:
        return "cloud-no-cores";
    case DropCause::CloudLate:
        return "cloud-reached-late";
    }
    return "";
}

const char *dropCauseText(DropCause cause)
{
    switch (cause) {
    case DropCause::EapSlotWait:
        return "its deadline passed at the eAP before the next dispatch slot";
    case DropCause::EapCeiling:
        return "left waiting at the eAP by the dispatch ceiling (time.dispatch_per_slot) until "
               "past its deadline";
    case DropCause::NodeBusy:
        return "queued at the node past its deadline while its replicas of the service were busy";
    case DropCause::NodeNoReplica:
        return "queued at the node past its deadline after its replica of the service there was "
               "removed";
    case DropCause::NodeLate:
        return "reached the node already past its deadline";
    case DropCause::CloudNoReplica:
        return "no edge node in reach had a ready replica of the service (with room for the "
               "request), so it went to the cloud and waited there past its deadline";
    case DropCause::CloudChosen:
        return "sent to the cloud by the dispatch policy, then waited past its deadline for a "
               "free cloud core";
    case DropCause::CloudNoCores:
        return "sent to the cloud by the dispatch policy; the cloud has no nodes to run it";
    case DropCause::CloudLate:
        return "reached the cloud already past its deadline (the trip there is too long)";
    }
    return "";
}

const char *idleReasonKey(IdleReason reason)
{
    switch (reason) {
    case IdleReason::NoReplica:
        return "no-replica";
    case IdleReason::NoRequests:
        return "no-requests";
    case IdleReason::NeverOffered:
        return "never-offered";
    case IdleReason::NotChosen:
        return "not-chosen";
    }
    return "";
}

std::string RunExplanation::placeOf(const DropCount &d) const
{
    switch (d.cause) {
    case DropCause::EapSlotWait:
    case DropCause::EapCeiling:
        return "eAP " + eapNames[std::size_t(d.where)];
    case DropCause::NodeBusy:
    case DropCause::NodeNoReplica:
    case DropCause::NodeLate:
        return "node " + nodeNames[std::size_t(d.where)];
    default:
        return "the cloud";
    }
}

RunExplainer::RunExplainer(const Scenario &scenario, const Topology &topology,
                           PolicySelection policies)
    : mScenario(scenario), mTopology(topology), mPolicies(std::move(policies)),
      mServices(int(scenario.services.size())), mEaps(topology.eaps.size()),
      mNodes(std::size_t(topology.edgeCount)), mOffered(std::size_t(topology.edgeCount), 0),
      mEverReady(std::size_t(topology.edgeCount)),
      mSiteRequests(scenario.sites.size() * std::size_t(mServices), 0)
{
}

RunExplainer::Track &RunExplainer::track(std::int32_t request)
{
    if (std::size_t(request) >= mTracks.size())
        mTracks.resize(std::size_t(request) + 1);
    return mTracks[std::size_t(request)];
}

void RunExplainer::onSlot(const SimState &state)
{
    // A request still queued at its eAP at two slot ends in a row outlived the drop
    // check in between and was not taken: the dispatch ceiling passed it over.
    for (const auto &queue : state.eapQueues)
        for (const std::int32_t id : queue) {
            Track &t = track(id);
            t.passedOver = t.passedOver || t.queuedAtSlotEnd;
            t.queuedAtSlotEnd = true;
        }
    for (const Replica &r : state.replicas) {
        if (!r.alive || !r.ready || r.node >= mTopology.edgeCount)
            continue;
        auto &ready = mEverReady[std::size_t(r.node)];
        if (std::find(ready.begin(), ready.end(), int(r.service)) == ready.end())
            ready.push_back(int(r.service));
    }
}

void RunExplainer::onCandidates(const SimState &state, std::int32_t request, int eap,
                                const std::vector<int> &candidates, int chosen)
{
    Track &t = track(request);
    t.queuedAtSlotEnd = false;
    t.passedOver = false;
    for (const int n : candidates)
        ++mOffered[std::size_t(n)];
    const int service = int(state.requests[std::size_t(request)].service);
    ++mSiteRequests[std::size_t(mTopology.eaps[std::size_t(eap)].site) * mServices + service];
    t.sent = candidates.empty() ? Sent::NoReplica : Sent::Chosen;
    if (candidates.empty())
        ++mEaps[std::size_t(eap)].noReplica;
    (void)chosen;
}

void RunExplainer::onDispatch(const SimState &, std::int32_t, int eap, int target)
{
    EapCounts &e = mEaps[std::size_t(eap)];
    if (target == kCloud) {
        ++e.toCloud;
        ++mCloud.dispatched;
    } else {
        ++e.toEdge;
        ++mNodes[std::size_t(target)].dispatched;
    }
}

DropCause RunExplainer::causeOf(const SimState &state, std::int32_t request, DropSite site,
                                int where)
{
    const Request &r = state.requests[std::size_t(request)];
    const Track &t = track(request);
    switch (site) {
    case DropSite::Eap:
        return t.passedOver ? DropCause::EapCeiling : DropCause::EapSlotWait;
    case DropSite::Node: {
        if (r.enqueued > r.deadline)
            return DropCause::NodeLate;
        for (const std::int32_t id : state.nodes[std::size_t(where)].replicas) {
            const Replica &rep = state.replicas[std::size_t(id)];
            if (rep.service == r.service && rep.ready && !rep.draining)
                return DropCause::NodeBusy;
        }
        return DropCause::NodeNoReplica;
    }
    case DropSite::Cloud:
        // Why it went to the cloud first: with no replica in reach it had no other place.
        if (t.sent == Sent::NoReplica)
            return DropCause::CloudNoReplica;
        if (mTopology.cloudCores <= 0)
            return DropCause::CloudNoCores;
        if (r.enqueued > r.deadline)
            return DropCause::CloudLate;
        return DropCause::CloudChosen;
    }
    return DropCause::CloudChosen;
}

void RunExplainer::onDrop(const SimState &state, std::int32_t request, DropSite site, int where)
{
    const DropCause cause = causeOf(state, request, site, where);
    const int service = int(state.requests[std::size_t(request)].service);
    ++mDrops[{int(cause), where, service}];
    switch (site) {
    case DropSite::Eap:
        ++mEaps[std::size_t(where)].dropped;
        break;
    case DropSite::Node:
        ++mNodes[std::size_t(where)].dropped;
        break;
    case DropSite::Cloud:
        ++mCloud.dropped;
        break;
    }
    track(request) = Track{};
}

void RunExplainer::onComplete(const SimState &state, std::int32_t request, bool onTime)
{
    const int target = state.requests[std::size_t(request)].target;
    PlaceCounts &place = target == kCloud ? mCloud : mNodes[std::size_t(target)];
    ++(onTime ? place.onTime : place.late);
    track(request) = Track{};
}

std::string RunExplainer::idleWhy(int node, IdleReason &reason) const
{
    const NodeInfo &info = mTopology.nodes[std::size_t(node)];
    const std::string &site = mScenario.sites[std::size_t(info.site)].name;
    if (mOffered[std::size_t(node)] > 0) {
        reason = IdleReason::NotChosen;
        return "dispatch could choose it for " + std::to_string(mOffered[std::size_t(node)]) +
               " requests; " + mPolicies.dispatch + " chose other nodes or the cloud each time";
    }
    const std::vector<int> &ready = mEverReady[std::size_t(node)];
    if (ready.empty()) {
        reason = IdleReason::NoReplica;
        bool anyArch = false, anyFits = false;
        for (int s = 0; s < mServices; ++s) {
            const ImageSpec *image = mScenario.image(mScenario.services[std::size_t(s)].image);
            anyArch = anyArch || (image && image->variantFor(info.arch));
            anyFits = anyFits || replicaFits(mScenario, info, s, 0.0, 0.0);
        }
        if (!anyArch)
            return "held no replica: no service's image has a variant for its arch " + info.arch;
        if (!anyFits)
            return "held no replica: no service's replica (replica.cpu, replica.memory) fits it";
        return "held no replica of any service: site " + site +
               "'s initial replicas (replicas.edge per service) went to other nodes, and " +
               (scales(mPolicies.orchestration)
                    ? "orchestration " + mPolicies.orchestration + " placed none here"
                    : std::string("static orchestration never adds any"));
    }
    std::vector<std::string> names;
    std::uint64_t requests = 0;
    for (const int s : ready) {
        names.push_back(quoted(mScenario.services[std::size_t(s)].name));
        requests += mSiteRequests[std::size_t(info.site) * mServices + s];
    }
    if (requests == 0) {
        reason = IdleReason::NoRequests;
        return "held replicas of " + joined(names) + ", but no request for " +
               (names.size() == 1 ? "it" : "them") + " came to site " + site + "'s eAPs";
    }
    reason = IdleReason::NeverOffered;
    return "held replicas of " + joined(names) +
           ", but was never among the nodes dispatch could "
           "choose for the " +
           std::to_string(requests) + " requests for " + (names.size() == 1 ? "it" : "them") +
           " at site " + site + " (a ready replica with room for the request's cpu and memory)";
}

std::vector<std::string> RunExplainer::hints(const RunExplanation &e) const
{
    std::uint64_t byCause[kDropCauseCount] = {};
    for (const DropCount &d : e.drops)
        byCause[int(d.cause)] += d.count;
    std::vector<std::string> out;
    const bool roomless = std::any_of(e.idle.begin(), e.idle.end(), [&](const IdleNode &n) {
        if (n.reason != IdleReason::NoReplica)
            return false;
        for (int s = 0; s < mServices; ++s)
            if (replicaFits(mScenario, mTopology.nodes[std::size_t(n.node)], s, 0.0, 0.0))
                return true;
        return false;
    });
    // Hints about busy nodes only when their drops matter (1% of the arrivals or more).
    const bool busyDrops = byCause[int(DropCause::NodeBusy)] > 0 &&
                           byCause[int(DropCause::NodeBusy)] * 100 >= e.arrived;
    if (busyDrops && !scales(mPolicies.orchestration))
        out.push_back(std::string("static orchestration keeps each site's initial replicas "
                                  "(replicas.edge per service) for the whole run") +
                      (roomless ? ", and a node with room for one stayed without any" : "") +
                      "; try gpg or an orchestration policy that scales (hpa, gsp-ss)");
    std::uint64_t toCloud = 0;
    for (const EapCounts &c : e.eaps)
        toCloud += c.toCloud;
    if (mPolicies.dispatch == "greedy" && toCloud == 0 && busyDrops)
        out.push_back("greedy sends a request to the cloud only when no edge node in reach hosts "
                      "its service, never because the nodes are busy");
    if (byCause[int(DropCause::EapCeiling)] > 0)
        out.push_back(
            "time.dispatch_per_slot: " + std::to_string(mScenario.time.dispatchPerSlot) +
            " holds requests at the eAPs past their deadlines; raise it or set it to all");
    if (byCause[int(DropCause::EapSlotWait)] > 0)
        out.push_back("requests wait at their eAP for the next slot (time.slot: " +
                      seconds(mScenario.time.slot) +
                      ") and some deadlines are shorter than that wait");
    if (mTopology.cloudCores <= 0 && e.cloud.dispatched > 0)
        out.push_back("the scenario has no cloud nodes: a request sent to the cloud never runs");
    if (byCause[int(DropCause::CloudNoReplica)] > 0) {
        std::vector<std::string> services;
        for (const DropCount &d : e.drops)
            if (d.cause == DropCause::CloudNoReplica &&
                std::find(services.begin(), services.end(), quoted(e.serviceNames[d.service])) ==
                    services.end())
                services.push_back(quoted(e.serviceNames[std::size_t(d.service)]));
        out.push_back("no edge node in reach had a ready replica of " + joined(services) +
                      " for some requests: give the service replicas at every site (replicas.edge)"
                      " or room for one");
    }
    return out;
}

RunExplanation RunExplainer::explain(const Engine &engine) const
{
    RunExplanation e;
    const RunTotals totals = engine.metrics().totals();
    e.arrived = totals.arrived;
    e.onTime = totals.onTime;
    e.late = totals.late;
    e.dropped = totals.dropped;
    e.inFlight = engine.inFlight();
    for (const EapInfo &eap : mTopology.eaps)
        e.eapNames.push_back(eap.name);
    for (int n = 0; n < mTopology.edgeCount; ++n)
        e.nodeNames.push_back(mTopology.nodes[std::size_t(n)].name);
    for (const ServiceSpec &s : mScenario.services)
        e.serviceNames.push_back(s.name);
    e.eaps = mEaps;
    e.nodes = mNodes;
    e.cloud = mCloud;
    for (const auto &[key, count] : mDrops) {
        const auto [cause, where, service] = key;
        e.drops.push_back({DropCause(cause), where, service, count});
    }
    std::stable_sort(e.drops.begin(), e.drops.end(),
                     [](const DropCount &a, const DropCount &b) { return a.count > b.count; });
    for (int n = 0; n < mTopology.edgeCount; ++n) {
        if (mNodes[std::size_t(n)].dispatched > 0)
            continue;
        IdleNode idle{n, IdleReason::NoReplica, {}};
        idle.why = idleWhy(n, idle.reason);
        e.idle.push_back(std::move(idle));
    }
    e.hints = hints(e);
    return e;
}

} // namespace schedlab
