// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/subscribers.h"
#include "engine/policyset.h"
#include "metrics/runmetrics.h"
#include "model/scenario.h"
#include "state/calendar.h"
#include "state/random.h"
#include "state/simstate.h"
#include "state/topology.h"
#include "workload/arrivalsource.h"

#include <memory>
#include <span>
#include <string>

namespace schedlab {

class DispatchIndex;
class OnTimeCeiling;
class LayerCache;
class PullQueue;
struct ClusterView;
struct PlacementRecord;
struct PodRequest;
struct ServingState;

/** Hooks a front end implements to follow a run (OMNeT++'s cEnvir, SimGrid's signals). */
class SimObserver
{
public:
    virtual ~SimObserver() = default;
    virtual void onSlot(const SimState &state) {}
    virtual void onFrame(const SimState &state, const FramePoint &frame) {}
    /** Just before onDispatch: the edge nodes F (KaiS eq. 4) offered the dispatch policy
     *  for the request and the policy's answer `chosen` (a node outside `candidates` is
     *  sent to the cloud). */
    virtual void onCandidates(const SimState &state, std::int32_t request, int eap,
                              const std::vector<int> &candidates, int chosen)
    {
    }
    /** A request left eAP `eap` for edge node `target`, or for the cloud (`target` == kCloud). */
    virtual void onDispatch(const SimState &state, std::int32_t request, int eap, int target) {}
    /** A request missed its deadline while queued at `site`; `where` is the eAP, the
     *  node, or kCloud. The request is still readable in `state`. */
    virtual void onDrop(const SimState &state, std::int32_t request, DropSite site, int where) {}
    /** A request's result reached its device, in time for its deadline or not. */
    virtual void onComplete(const SimState &state, std::int32_t request, bool onTime) {}
    /** A pod was placed or found unschedulable; `record` says why (valid during the call). */
    virtual void onPlacement(const SimState &state, int pod, const PlacementRecord &record) {}
    /** Polled once per slot; true stops the run early (it is then reported as cancelled). */
    virtual bool stopRequested() { return false; }
};

/** A request leaving an eAP whose dispatch decision is taken outside the engine
 *  (Engine::setExternalDispatch). Valid until it is decided. */
struct PendingDispatch
{
    int eap = -1;
    std::int32_t request = -1;
    /** The edge nodes F (KaiS eq. 4) allows for it, as a DispatchPolicy is given them. */
    const std::vector<int> *candidates = nullptr;
};

/** What a run is, besides its scenario and policies. */
struct RunConfig
{
    std::uint64_t seed = 1;
    double duration = 0.0; ///< seconds; 0 = the scenario's
    /** Sites of at least this many edge nodes keep a ranking dispatch policy's
     *  candidates ordered (DispatchIndex); smaller ones are scanned. The
     *  decisions are the same either way: only their cost differs. */
    int indexSitesFrom = 256;
    /** Past this many requests in flight at once the run throws std::runtime_error. */
    std::size_t maxRequestsInFlight = kMaxRequestsInFlight;
};

/**
 * The discrete-event engine: slots and frames (KaiS Sec. II-B) over an event
 * calendar. Construct, then run() or stepSlot() repeatedly. Single-threaded and
 * deterministic: the same scenario, options and seed give the same result.
 */
class Engine
{
public:
    /** Runs `policies` (every plane set; registry/buildpolicies.h builds them from
     *  names). Throws std::invalid_argument with a clear message for a run too large
     *  to fit or an unreadable workload. */
    Engine(const Scenario &scenario, PolicySet policies, const RunConfig &config);
    ~Engine();
    Engine(const Engine &) = delete;
    Engine &operator=(const Engine &) = delete;

    /** `observer` is told of every event from now on, after those added before it. */
    void addObserver(SimObserver *observer) { mObservers.add(observer); }
    void removeObserver(SimObserver *observer) { mObservers.remove(observer); }

    /** Runs to the end (or until an observer asks to stop) and summarises. */
    RunResult run();
    /** Advances one slot; false once the run's duration is reached. */
    bool stepSlot();
    RunResult finish();

    /**
     * Takes the dispatch decisions of the eAPs marked 1 in `eaps` outside the engine,
     * one request at a time (an environment's agent); the others' stay with the
     * dispatch policy. Call before the first slot. Throws std::invalid_argument for a
     * centralised dispatch policy, which plans every eAP's slot at once.
     */
    void setExternalDispatch(std::vector<char> eaps);
    /** Runs to the next request of an external eAP, in the order the policy would
     *  have seen it, and returns it; null once the run is over. Until decideExternal()
     *  it stays pending and is returned again. */
    const PendingDispatch *nextExternalDecision();
    /** Sends the pending request to `target`: a node of its candidates, else the cloud. */
    void decideExternal(int target);

    const SimState &state() const { return mState; }
    /** mState.cpuLoad(n) and memAllocated(n) of every node, kept as they change. */
    std::span<const double> cpuLoads() const { return mCpuLoads; }
    std::span<const double> memAllocated() const { return mMemAllocated; }
    const Topology &topology() const { return mTopology; }
    long totalSlots() const { return mTotalSlots; }
    bool cancelled() const { return mCancelled; }
    /** What the run has measured so far (RunMetrics::totals() for running counts). */
    const RunMetrics &metrics() const { return mMetrics; }
    /** Requests arrived and neither completed nor dropped. */
    std::uint64_t inFlight() const { return mInFlight; }
    /** Calendar events handled so far (arrivals, transfers, completions, pulls). */
    std::uint64_t eventsProcessed() const { return mEventCount; }
    /** The image layers present on `node` (any node id, edge or cloud). */
    const LayerCache &layerCache(int node) const;
    /** The placement plane's last decision (why that node); null before the first. */
    const PlacementRecord *lastPlacement() const;
    /** The edge nodes as the placement plane sees them now. */
    ClusterView clusterView();
    /** What placement sees of pod `pod`: its requests, image and constraints. */
    PodRequest podRequest(std::int32_t pod) const;

private:
    friend class EngineOrchestration;
    friend class EnginePodBinder;
    enum EventKind : std::uint8_t {
        AtNode,
        AtCloud,
        NodeDone,
        CloudDone,
        PullDone,
        PodArrive,
        PodPull,
        PodStart,
        PodEnd,
        PodMonitor
    };

    /** A request taken off an eAP queue this slot (the cursor over the queues). */
    struct Leaving
    {
        int eap = 0;
        std::int32_t request = -1;
    };
    /** Where the slot's departures from the eAP queues have got to. */
    struct LeavingCursor
    {
        int eap = 0;
        int taken = 0;        ///< from this eAP, with a dispatchPerSlot limit
        std::size_t next = 0; ///< in this eAP's sorted queue, without one
        bool sorted = false;
    };

    /** A request on its way from its device to its eAP: there at `at`. */
    struct ToEap
    {
        double at;
        std::int32_t request;
    };

    bool openSlot();
    bool closeSlot();
    void processUntil(double until);
    void admitArrivals(double until);
    void toEap(int eap, const ToEap &request);
    void reachEaps(double until);
    void dropExpired();
    /** The slot's next request to leave an eAP queue, in Ψ order, at most
     *  dispatchPerSlot from each eAP; false once none is left. */
    bool nextLeaving(Leaving &out);
    void dispatchSlotCentrally();
    void sortByPriority(std::vector<std::int32_t> &queue, int queueIndex);
    /** The edge nodes F (KaiS eq. 4) allows for request `id` at `eap`: those of the
     *  eAP's site with a ready replica of its service and, when requests carry
     *  demands, room for them (then written into `scratch`). */
    const std::vector<int> &candidatesFor(int eap, std::int32_t id,
                                          std::vector<int> &scratch) const;
    /** Node `node`'s load or allocation changed: a ranking dispatch policy re-ranks it. */
    void nodeChanged(int node)
    {
        if (mIndex)
            touchIndex(node);
    }
    void touchIndex(int node);
    /** Its requests (NodeState::demand) changed: so did its load. */
    void demandChanged(int node)
    {
        mCpuLoads[std::size_t(node)] = mState.cpuLoad(node);
        nodeChanged(node);
    }
    /** Its replicas' allocation (NodeState::cpuAlloc, memAlloc) changed. */
    void allocationChanged(int node);
    /** A request leaves its edge node (finished or dropped) and frees what it held. */
    void leaveNode(int node, const Request &r);
    void dispatchRequest(int eap, std::int32_t id);
    void sendRequest(int eap, std::int32_t id, const std::vector<int> &candidates, int target);
    /** Starts what the node's idle replicas can take; true if it started any (and
     *  so reshared the node). */
    bool tryStartNode(int node);
    /** Takes the request at `i` of the node's queue to an idle replica of its service. */
    bool startQueued(int node, int i);
    void joinNodeQueue(int node, std::int32_t id);
    /** Requests of `service` queued at the node may start now (see mMayStart). */
    void mayStartToo(int node, int service);
    void tryStartCloud();
    void startOnReplica(std::int32_t replica, std::int32_t id);
    void advanceBusy(int node);
    bool startAdvance(int node);
    void advance(Replica &rep, double perf, std::size_t siteBase);
    void reshare(int node);
    void integrateUsage(int node);
    void completeRequest(std::int32_t id, bool atCloud, double delivered);
    void endFrame();

    int pickFromQueue(const std::vector<std::int32_t> &queue, int queueIndex, bool needIdleReplica,
                      int node) const;

    // Replicas (enginereplicas.cpp)
    void placeInitialReplicas();
    int chooseNodeFor(int service, int site) const;
    bool fits(int node, int service) const;
    std::int32_t addReplica(int node, int service, bool initial);
    void removeReplica(std::int32_t replica);
    void replicaReady(std::int32_t replica);
    void setFree(const Replica &r, int delta);
    std::int32_t newRequest();
    void freeRequest(std::int32_t id);
    int edgeReplicaCount(int service, int site) const;

    // Pods of the deployment streams (enginepods.cpp)
    void initPods();
    void handlePodEvent(const Event &e);
    void podArrive(std::int32_t id);
    bool reservePod(std::int32_t id, int node, const PodRequest &request);
    void bindPod(std::int32_t id, int node);
    void podPulled(std::int32_t id);
    void podStart(std::int32_t id);
    void podEnd(std::int32_t id, std::uint32_t version);
    /** The `usage` pods on `node` started or one ended: their work is brought up to
     *  date, their paces shared anew and their ends moved. */
    void sharePodsOn(int node);
    void setPodRate(Pod &pod, const UsageProfile &rate);
    void failPod(std::int32_t id, int kind);
    void releasePod(Pod &pod, bool layers);
    void schedulePull(int node);
    void pullsDone(int node, std::uint32_t version);
    void finishPods();

    // Serving streams and the performance analyser (engineserving.cpp)
    void initServing();
    void servingStarted(std::int32_t id);
    void servingEnded(std::int32_t id);
    void reshareStream(int stream);
    void monitorServing();
    void finishServing();

    const Scenario &mScenario;
    RunConfig mConfig;
    Topology mTopology;
    SimState mState;
    RunMetrics mMetrics;
    Calendar mEvents;
    std::unique_ptr<ArrivalSource> mArrivals;
    PolicySet mPolicies;
    DispatchPolicy *mDispatch; ///< mPolicies' planes, read on every decision
    DequeuePolicy *mDequeue;
    OrchestrationPolicy *mOrchestration;
    PlacementFramework *mPlacement;
    std::unique_ptr<LayerCache[]> mCaches;
    std::unique_ptr<PullQueue[]> mPulls;             ///< per node, only with deployments
    std::vector<std::vector<std::int32_t>> mSharing; ///< per node: its running `usage` pods
    std::unique_ptr<ServingState> mServing;          ///< only with serving streams
    bool mPodsPlaced = false;
    Subscribers<SimObserver> mObservers;
    Rng mDispatchRng;
    Rng mPlacementRng;

    /** The requests on their way to one eAP: by arrival there, then by creation... */
    struct ToEapList
    {
        std::vector<ToEap> list;
        bool unsorted = false; ///< ... unless this is set
    };
    std::vector<ToEapList> mToEaps; ///< per eAP
    Arrival mPending;
    bool mHasPending = false;
    std::vector<std::int32_t> mFreeRequests;
    std::vector<std::int32_t> mFreeReplicas;
    std::vector<std::vector<int>>
        mHosting;                 ///< [site * W + service] -> edge nodes with a ready replica
    bool mRequestDemands = false; ///< some service's requests need cpu or memory (F filters)
    std::unique_ptr<DispatchIndex> mIndex; ///< a ranking dispatch policy's candidates, ordered
    std::vector<char> mImageRuns;          ///< [node * W + service]: an image variant for its arch
    std::unique_ptr<OnTimeCeiling> mCeiling;       ///< whether an arriving request could be on time
    std::vector<int> mCandidates;                  ///< F's nodes of the request being dispatched
    std::vector<std::vector<int>> mSlotCandidates; ///< ... of each request of a central slot
    std::vector<double> mPullFreeAt;               ///< per node: when its image downloads are done
    std::vector<double> mFrameBusy;     ///< [site * W + service]: core-seconds busy this frame
    std::vector<double> mReturnLatency; ///< per node: result back to the device
    std::vector<double> mCpuLoads;      ///< per node: mState.cpuLoad(node), kept as demand changes
    std::vector<double> mMemAllocated;  ///< per node: mState.memAllocated(node), kept likewise
    std::vector<double> mAdvancedAt;    ///< per node: when its busy work was last advanced
    /** Per node: which of its queued requests may start: none (kSettled), those of
     *  one service (its index), or any (kAnyService). An idle replica more lets
     *  only its own service's requests start. */
    std::vector<int> mMayStart;
    bool mFifo = false;        ///< mDequeue->isFifo(), asked once
    bool mCentralised = false; ///< mDispatch->centralised(), asked once
    static constexpr int kSettled = -1, kAnyService = -2;
    std::vector<std::vector<std::uint32_t>> mQueueServices; ///< per node: its queue's services
    std::vector<std::uint32_t>
        mQueuedOf; ///< [node * services + service]: its requests queued there
    /** Per node: its busy replicas, in the order of NodeState::replicas (by when
     *  they were added), so sums over them come out as over all its replicas. */
    std::vector<std::vector<std::int32_t>> mBusyOn;
    std::vector<std::uint64_t> mAddedAt; ///< per replica id: when it was added (a count)
    std::uint64_t mAdded = 0;
    std::vector<UsageProfile> mProfiles; ///< per service: its usage profile, close together
    std::vector<double> mScratchPriority;
    std::vector<SlotRequest> mSlotBatch; ///< a centralised dispatcher's slot
    std::uint64_t mInFlight = 0;
    std::uint64_t mEventCount = 0;
    static constexpr std::uint64_t kTimedEvery = 16;
    std::uint64_t mDecisions = 0; ///< decentralised ones: one in kTimedEvery is timed
    long mTotalSlots = 0;
    double mSimSeconds = 0.0;
    double mWallStart = 0.0;
    bool mCancelled = false;
    bool mFinished = false;
    bool mSlotOpen = false; ///< dispatching from the eAP queues (between openSlot and closeSlot)
    LeavingCursor mLeaving;
    std::vector<char> mExternal; ///< per eAP: decisions taken outside (empty: none)
    PendingDispatch mExternalPending;
    bool mHasExternalPending = false;
};

} // namespace schedlab
