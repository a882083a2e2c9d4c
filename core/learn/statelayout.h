// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace schedlab {

/**
 * The cMMAC local state s_{b,t} of one eAP agent (KaiS Sec. III-A-1, "State"),
 * a flat float vector of `size()` entries in this order:
 *
 *  - [0, W)            (i)   service of the request r_{b,t}: one-hot over the W services
 *  - W                 (i)   its delay requirement left, max(0, deadline − now), seconds
 *  - W + 1             (ii)  |Q_b|: requests waiting at the eAP, a count, as SimState
 *                            holds the queue when the agent decides
 *  - W + 2             (v)   N_b / P: the share of the pool the eAP manages
 *  - W + 3             (vi)  eAP–cloud latency, seconds (the WAN link's, after overrides)
 *  - W + 4 + kPerNode·j      node j of the eAP's pool (the action space), j = 0..P−1,
 *                            kPerNode values each:
 *        +0  (iii) |Q'_n| / cores: requests queued at the node (not in service) per core
 *        +1  (iv)  CPU left: 1 − (cores serving requests) / cores, in [0, 1]
 *        +2  (iv)  memory left: 1 − (memory its replicas and pods request) / memory, in [0, 1]
 *        +3  (iv)  storage left: 1 − (bytes of image layers on disk) / disk, in [0, 1]
 *        +4        1 when the eAP manages the node itself (n ∈ N_b), else 0
 *
 * Fractions and per-core counts keep nodes of different sizes comparable, so one
 * actor serves every eAP; a capacity of 0 gives 0 left. Times stay in seconds, the
 * scale of the delay requirements. The pool is every edge node of the eAP's site,
 * in topology order; LocalStateBuilder (learn/localstate.h) writes this layout and
 * GlobalStateBuilder (learn/globalstate.h) the critic's.
 *
 * The paper lists (iii)–(iv) for N_b; every node of the pool is a dispatch action
 * (Sec. III-A-1, "Action space"), so the state describes the whole pool and marks N_b.
 * The actor's output has P + 1 entries: index 0 is the cloud (action j = 0),
 * index j + 1 the pool's node j. The global state of the critic concatenates the
 * local states of all eAPs and the cloud queue per cloud core (Sec. III-A-1).
 */
struct LocalStateLayout
{
    static constexpr int kHeader = 4;
    static constexpr int kPerNode = 5;

    int services = 0; ///< W
    int pool = 0;     ///< P: edge nodes of the eAP's pool

    constexpr int serviceOffset() const { return 0; }
    constexpr int delayOffset() const { return services; }
    constexpr int eapQueueOffset() const { return services + 1; }
    constexpr int managedCountOffset() const { return services + 2; }
    constexpr int cloudLatencyOffset() const { return services + 3; }
    constexpr int nodeOffset(int j) const { return services + kHeader + kPerNode * j; }
    constexpr int size() const { return services + kHeader + kPerNode * pool; }
    /** Actor outputs: the cloud and every node of the pool (eq. 4's N + 1). */
    constexpr int actions() const { return pool + 1; }
};

} // namespace schedlab
