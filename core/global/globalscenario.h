// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/clusterscoring.h"
#include "global/globalmodel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedlab::global {

/** One kind of cluster the generator draws from: `weight` of the clusters look like this. */
struct ClusterProfile
{
    std::string name;
    ClusterKind kind = ClusterKind::EdgeSite;
    double weight = 1.0;
    int nodes = 4;
    Resources node; ///< capacity of each node
    std::uint8_t storage = kSsd;
    double energyEfficiency = 0.7;
};

/** A VM/container flavour requests draw from. */
struct RequestFlavor
{
    std::string name;
    double weight = 1.0;
    Resources demand;
    std::uint8_t storage = 0;
};

/** Modelled time a decision takes: what makes queueing delay real (design doc 1.3, 2.1). */
struct DecisionCost
{
    double base = 1e-3;       ///< s per decision
    double perCluster = 2e-6; ///< s per cluster record a global scheduler considers
    double perNode = 2e-6;    ///< s per node a node-level scheduler considers
    double clusterRtt = 0.02; ///< s, global scheduler <-> cluster scheduler round trip
};

enum class ConflictAvoidance { Forward, Threshold, None }; ///< design doc 2.5.5
enum class QueueDiscipline { Fair, Fifo };                 ///< design doc 2.5.8

/**
 * The generated multi-cluster world and its workload. Every field is a plain value
 * so that a sweep can vary it by editing the YAML document.
 */
struct GlobalScenario
{
    std::string name;
    std::string description;
    std::uint64_t seed = 1;
    double duration = 60.0; ///< s of arrivals
    double drain = 30.0;    ///< s after the arrivals for queues to empty before the run ends

    // World (design doc 1.2: up to 10K DCs + edge sites)
    int clusters = 100;
    int regions = 4;
    int zonesPerRegion = 5;
    std::vector<ClusterProfile> profiles;
    double prefillMin = 0.3; ///< fraction of each node already allocated, drawn uniformly
    double prefillMax = 0.8;
    double healthMin = 0.9;

    // Workload
    double rate = 100.0;      ///< requests per s
    double directRate = 0.0;  ///< requests per s straight to a cluster's own scheduler (2.5.6)
    double lifetime = 60.0;   ///< mean s a placed VM/container lives (exponential)
    double geoFraction = 0.7; ///< share of requests naming a geolocation/AZ (2.5.4 case 1)
    double regionFraction = 0.0;
    double affinityFraction = 0.0;
    double antiAffinityFraction = 0.0;
    std::vector<RequestFlavor> flavors;
    int tenants = 10;
    std::vector<double> tenantWeights; ///< empty: all alike
    int priorities = 1;
    std::vector<double> priorityWeights; ///< empty: all alike

    // Schedulers
    int schedulers = 8;            ///< G concurrent global schedulers
    double collectionPeriod = 5.0; ///< s between resource collections (2.5.6)
    double mapperPeriod = 10.0;    ///< s between partition rebalancing (2.5.3)
    double mapperTolerance = 0.25; ///< rebalance when max load exceeds mean by this share
    DecisionCost cost;
    ConflictAvoidance avoidance = ConflictAvoidance::Forward;
    double forwardThreshold = 0.2; ///< score gap that triggers a forward (2.5.5 alternative)
    QueueDiscipline discipline = QueueDiscipline::Fair;
    int tenantQueueLimit = 0;   ///< queued requests per tenant and scheduler; 0: none
    double starvationAge = 1.0; ///< s after which a waiting request is served first
    int maxAttempts = 8;        ///< decisions per request before it fails
    double patience = 10.0;     ///< s an unschedulable request waits for capacity
    ScoreWeights weights;
};

/** A small two-profile scenario: the defaults the generator and the tests start from. */
GlobalScenario defaultGlobalScenario();

} // namespace schedlab::global
