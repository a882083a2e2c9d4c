// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace schedlab {

/**
 * The GPG node state s̃_{n,τ} of one edge node (KaiS Sec. III-B-1, "Embedding of
 * edge nodes"), a flat float vector of `size()` entries in this order:
 *
 *  - 0                  (i)   CPU unallocated: 1 − (cores its replicas request) / cores
 *  - 1                  (i)   CPU idle: 1 − (cores serving requests) / cores
 *  - 2                  (i)   memory unallocated: 1 − (memory requested) / memory
 *  - 3                  (i)   storage left: 1 − (bytes of image layers on disk) / disk
 *  - 4                  (ii)  latency node–eAP, seconds (the LAN's)
 *  - 5                  (ii)  latency eAP–cloud, seconds (its eAP's WAN link, after overrides)
 *  - 6                  (iii) |Q'_n| / cores: requests queued at the node, not in service
 *  - 7 + w              (iii) of which for service w, per core, w = 0..W−1
 *  - 7 + W + w          (iv)  replicas of service w on the node, ready or pulling (a count)
 *
 * Fractions lie in [0, 1] (0 without capacity) and queues are per core, as in the
 * cMMAC local state (LocalStateLayout), so nodes of different sizes compare and one
 * set of networks serves every node, eAP and site. Replica counts stay raw: they are
 * small integers (a service's `replicas.max`). (iii) is read as "the queue
 * information": the total and its split by service, which is what tells the scaling
 * network θ_q which service is short of replicas; (iv)'s "indexes of deployed
 * services" are the entries with a nonzero count.
 *
 * The embeddings x_n, y_b and z have the width of s̃ (`embedding()`): eq. 10 adds
 * s̃_n to h_1's output, which fixes x_n's width, and y_b and z are "computed as
 * (10)" with the same shapes, so one width serves the three levels. It grows as
 * 2W + 7, with the per-service information θ_q must resolve, so no level squeezes
 * the W services through a narrower vector.
 *
 * The scaling action l ∈ {−W, ..., W} (size 2W + 1) is output index W + l: index W
 * is l = 0 (nothing), W + w + 1 adds a replica of service w (0-based), W − w − 1
 * deletes one.
 */
struct GpgLayout
{
    static constexpr int kHeader = 7;
    static constexpr int kQueueOffset = 6;

    int services = 0; ///< W
    /** State stacking (KaiS Fig. 13b) over this many nodes: θ_g and θ_q read
     *  [s̃_n, s̃ of every node of the site] instead of [x_n, y_b, z]; 0: the GNN. */
    int stacked = 0;

    constexpr int serviceQueueOffset() const { return kHeader; }
    constexpr int replicaOffset() const { return kHeader + services; }
    constexpr int size() const { return kHeader + 2 * services; }
    constexpr int embedding() const { return size(); }
    /** The width of θ_g's and θ_q's input. */
    constexpr int policyInput() const
    {
        return stacked > 0 ? embedding() * (1 + stacked) : 3 * embedding();
    }
    /** Outputs of θ_q: the 2W + 1 scaling actions. */
    constexpr int actions() const { return 2 * services + 1; }
    constexpr int noAction() const { return services; }
    constexpr int addAction(int service) const { return services + 1 + service; }
    constexpr int deleteAction(int service) const { return services - 1 - service; }
    /** +1 adds, −1 deletes, 0 does nothing. */
    constexpr int direction(int action) const
    {
        return action > services ? 1 : action < services ? -1 : 0;
    }
    /** The service an add or delete action names; −1 for index W. */
    constexpr int serviceOf(int action) const
    {
        return action > services   ? action - services - 1
               : action < services ? services - 1 - action
                                   : -1;
    }
};

} // namespace schedlab
