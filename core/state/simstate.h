// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/pod.h"
#include "state/request.h"
#include "state/topology.h"

#include <array>
#include <cstdint>
#include <vector>

namespace schedlab {

/** A service instance on a node (KaiS d_{w,n}); serves one request at a time. */
struct Replica
{
    std::int32_t node = 0;
    std::uint32_t service = 0;
    double cpu = 0.0;          ///< cpu request (cores): what placement reserves
    double memory = 0.0;       ///< bytes
    std::int32_t busyWith = -1; ///< request id in service, or -1
    double remaining = 0.0;    ///< core-seconds (at perf 1.0) left of the request in service
    double cores = 0.0;        ///< cores it runs on now: its share of the node
    double since = 0.0;        ///< when `remaining` was last brought up to date
    double finishAt = 0.0;     ///< when the request in service completes at its share
    std::uint64_t finishOrder = 0; ///< ... and its place among the events at that time
    bool ready = false;        ///< false while its image is pulled
    bool draining = false;     ///< scaled down while busy: removed when it finishes
    bool alive = true;
};

/** What a node carries at run time; policies read it through SimState. */
struct NodeState
{
    double demand = 0.0;    ///< requests dispatched here and not finished: runnable threads
    double requestCpu = 0.0;    ///< cores those requests hold (ServiceSpec::requestCpu)
    double requestMemory = 0.0; ///< bytes those requests hold
    double busyCpu = 0.0;   ///< cores in use by requests in service
    int busy = 0;           ///< requests in service
    /** Use rates of the six DRS metrics in core units (cpu: cores in use; the
     *  others: cores in use weighted by each service's usage profile) and their
     *  integrals over time, so utilisation is a time average, not a sample. */
    std::array<double, kMetricCount> usageRate{};
    std::array<double, kMetricCount> usageIntegral{};
    double integratedUntil = 0.0;
    double cpuAlloc = 0.0;  ///< cpu requested by its replicas (cores)
    double memAlloc = 0.0;  ///< memory requested by its replicas (bytes)
    /** Bytes its image layers take on disk (present or downloading): the layer
     *  cache's use, mirrored here because policies see only SimState. */
    double diskUsed = 0.0;
    int idle = 0;           ///< ready replicas not serving a request
    int pods = 0;           ///< pods placed here and not ended (LRS eq. 7)
    int runningPods = 0;    ///< of which running: their use is in podRate
    std::array<double, kMetricCount> podRate{}; ///< running pods' use, as usageRate
    std::vector<std::int32_t> replicas; ///< ids into SimState::replicas
    std::vector<std::int32_t> queue;    ///< Q'_n: request ids waiting here
};

/**
 * The engine's state as policies see it: read-only to them, owned and mutated
 * only by the engine. Indices: node ids from Topology, services by scenario order.
 */
struct SimState
{
    const Topology *topology = nullptr;
    const Scenario *scenario = nullptr;
    std::uint64_t seed = 0; ///< the run's seed: an oracle baseline replays the workload with it
    double now = 0.0;
    long slot = 0;
    int serviceCount = 0;

    std::vector<NodeState> nodes;
    std::vector<Replica> replicas;
    std::vector<Request> requests;           ///< pool; ids are indices
    std::vector<std::vector<std::int32_t>> eapQueues; ///< Q_b
    std::vector<std::int32_t> cloudQueue;    ///< the cloud cluster's queue
    double cloudBusyCores = 0.0;
    std::vector<std::uint16_t> readyCount;   ///< [node * serviceCount + service]
    std::vector<std::uint16_t> freeCount;    ///< idle ready replicas, same indexing
    std::vector<std::uint16_t> pendingCount; ///< replicas still pulling, same indexing
    std::vector<Pod> pods; ///< every pod of the deployment streams, by arrival

    int ready(int node, int service) const { return readyCount[node * serviceCount + service]; }
    int idle(int node, int service) const { return freeCount[node * serviceCount + service]; }
    int pending(int node, int service) const
    {
        return pendingCount[node * serviceCount + service];
    }
    /** Requests on the node (in transit, queued, in service) per core: its load
     *  average; above 1 when they queue or share cores (the `greedy` measure). */
    double cpuLoad(int node) const { return nodes[node].demand / topology->nodes[node].cpu; }
    double memAllocated(int node) const
    {
        return nodes[node].memAlloc / topology->nodes[node].memory;
    }
    double cpuAllocated(int node) const
    {
        return nodes[node].cpuAlloc / topology->nodes[node].cpu;
    }
    const ServiceSpec &service(int s) const { return scenario->services[s]; }
};

} // namespace schedlab
