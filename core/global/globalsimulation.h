// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/subscribers.h"
#include "global/clusterscoring.h"
#include "global/globalresult.h"
#include "global/globalscenario.h"
#include "global/globalworld.h"
#include "global/partitionmapper.h"
#include "global/schedulerqueue.h"
#include "policy/global/architecture.h"
#include "state/eventqueue.h"
#include "state/random.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace schedlab::global {

/** One step of a request's way through the framework, for observers and tests. */
struct GlobalTrace
{
    enum Kind { Commit, Reject, Place, Forward, Reschedule, Park, Fail };
    Kind kind;
    double time;
    std::int32_t request;
    std::int32_t scheduler;
    std::int32_t cluster;
};
/** Told of every global scheduling event of a run, as SimObserver is of the engine's. */
class GlobalObserver
{
public:
    virtual ~GlobalObserver() = default;
    virtual void onTrace(const GlobalTrace &trace) {}
};

/**
 * The cluster-level discrete-event simulation of multi-cluster global scheduling:
 * arrivals, the request distributor, G global schedulers with modelled decision
 * cost and run queues, the shared (or replicated, or exact) cluster view refreshed
 * by the resource collector, optimistic commits checked by the cluster-level
 * schedulers, forward-to-home, rescheduling, the partition mapper and requests
 * that bypass the framework for a cluster's own scheduler (2.5.6). The
 * architecture decides which of these a run has (design doc 1.3, 2.3-2.5).
 */
class GlobalSimulation
{
public:
    GlobalSimulation(const GlobalScenario &scenario, const GlobalArchitecture &architecture,
                     std::uint64_t seed);

    /** `observer` is told of every event from now on, after those added before it. */
    void addObserver(GlobalObserver *observer) { mObservers.add(observer); }
    void removeObserver(GlobalObserver *observer) { mObservers.remove(observer); }

    GlobalResult run();

private:
    enum EventKind : std::uint8_t {
        Arrival,
        DecisionDone,
        ClusterArrive,
        ClusterReply,
        Departure,
        Collect,
        Remap,
        DirectArrival,
        DirectDeparture
    };
    enum class Status : std::uint8_t { Queued, Placed, Failed, Throttled };
    struct RequestState
    {
        GlobalRequest spec;
        double arrival = 0.0;
        double lifetime = 0.0;
        double queuedSince = 0.0;
        double queueWait = 0.0;
        double finished = -1.0;
        std::int32_t scheduler = kNone; ///< whose queue or commit it is in
        std::int32_t cluster = kNone;   ///< committed or forwarded-to cluster
        std::int32_t node = kNone;
        std::int16_t attempts = 0;
        bool finalCheck = false;
        bool inQueue = false;
        bool parked = false; ///< forwarded for the home's final check (2.5.5)
        Status status = Status::Queued;
        std::vector<std::int32_t> excluded; ///< clusters that failed it (2.5.6)
    };
    struct Decision
    {
        enum Kind { Commit, Forward, Reschedule, Park, Fail } kind = Fail;
        std::int32_t cluster = kNone;
        std::int32_t to = kNone; ///< the home scheduler of a forward
    };
    struct Scheduler
    {
        explicit Scheduler(SchedulerQueue q) : queue(std::move(q)) {}
        SchedulerQueue queue;
        bool busy = false;
        std::int32_t current = kNone;
        Decision pending;
        std::vector<ClusterSummary> replica; ///< ViewKind::Replicated only
        std::vector<std::int32_t> parked;    ///< unschedulable until the next collection
    };

    // globalsimulation.cpp: events
    void onArrival();
    GlobalRequest drawRequest(std::int32_t &tenantOut);
    std::int32_t distribute(const GlobalRequest &r);
    void enqueue(std::int32_t s, std::int32_t request);
    void requeueAtHead(std::int32_t s, std::int32_t request);
    void kick(std::int32_t s);
    void onDecisionDone(std::int32_t s);
    void commit(std::int32_t s, std::int32_t request, std::int32_t cluster);
    void onClusterArrive(std::int32_t request);
    void onClusterReply(std::int32_t request);
    void onDeparture(std::int32_t request);
    void onCollect();
    void onRemap();
    void onDirectArrival();
    void onDirectDeparture(std::int32_t node, std::int32_t flavor);
    void placed(std::int32_t request, std::int32_t node, double at);
    void finish(std::int32_t request, Status status, double at);
    void refreshSchedulerTags();
    GlobalResult summarise() const;

    // globaldecision.cpp: the global scheduler's algorithm and its modelled cost
    double decide(std::int32_t s, std::int32_t request, Decision &out);
    Decision choose(std::int32_t s, const std::vector<Candidate> &candidates) const;
    std::vector<ClusterSummary> &viewOf(std::int32_t s);
    double costOf(std::int64_t clusters, std::int64_t nodes) const;
    std::int32_t homeOf(std::int32_t cluster) const;

    void trace(GlobalTrace::Kind kind, std::int32_t request, std::int32_t s, std::int32_t c);

    const GlobalScenario &mScenario;
    const GlobalArchitecture &mArch;
    std::uint64_t mSeed;
    Subscribers<GlobalObserver> mObservers;
    GlobalWorld mWorld;
    double mNow = 0.0;
    double mEnd = 0.0;
    EventQueue mEvents;
    Rng mArrivalRng, mRequestRng, mLifetimeRng;
    Rng mDirectRng; ///< requests past the framework: their own stream, so rate 0 changes nothing
    ClusterScorer mScorer;
    PartitionMapper mMapper;
    std::vector<std::int32_t> mSiloOfZone; ///< the static partition of `siloed`
    std::vector<std::vector<std::int32_t>> mPartitionClusters;
    std::vector<std::int32_t> mZoneNodes;      ///< nodes per zone, for PerNode costs
    std::vector<std::uint16_t> mSchedulerTags; ///< storage bits | kGpuTag of its zones
    std::vector<double> mZoneWork;             ///< decision seconds per zone in this mapper period
    std::vector<ClusterSummary> mSharedView;
    std::vector<Scheduler> mSchedulers;
    std::vector<RequestState> mRequests;
    std::uint32_t mRoundRobin = 0;
    std::vector<double> mTenantWeights, mPriorityWeights, mFlavorWeights;
    // counters
    std::int64_t mConflicts = 0, mReschedules = 0, mForwards = 0, mPartitionMoves = 0;
    std::int64_t mPlacedInWindow = 0;
    std::int64_t mDirectPlaced = 0, mDirectRejected = 0;
    double mUtilMeanSum = 0.0, mUtilStdSum = 0.0;
    int mUtilSamples = 0;
};

/** Runs `architecture` on `scenario` with `seed`; `observer`, if any, is told of every event. */
GlobalResult runGlobal(const GlobalScenario &scenario, const GlobalArchitecture &architecture,
                       std::uint64_t seed, GlobalObserver *observer = nullptr);

} // namespace schedlab::global
