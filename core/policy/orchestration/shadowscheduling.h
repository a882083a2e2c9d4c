// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace schedlab {

/**
 * GSP-SS's shadow request scheduling for one edge site and frame (Farhadi et
 * al., INFOCOM'19, as KaiS Sec. V describes it): how much of each service's
 * known demand the site's nodes could serve, with replicas relaxed to real
 * numbers. With y[w,n] the rate of service w served on node n (requests/s) and
 * x[w,n] its replicas there, the linear program is
 *
 *   maximise    sum_{w,n} (1 + eps h[w,n]) y[w,n]              served demand
 *   subject to  sum_n y[w,n]                       <= rate_w       demand, each w
 *               work_w / perf_n y[w,n] - u x[w,n]  <= 0            a replica serves one
 *                                                                  request at a time, busy
 *                                                                  at most u of the time
 *               sum_w work_w / perf_n y[w,n]       <= u cpu_n      the node's cores
 *               sum_w cpu_w x[w,n]                 <= cpu_n        replicas' cpu requests
 *               sum_w mem_w x[w,n]                 <= mem_n        replicas' memory
 *               sum_n x[w,n]                       <= max_w        the service's bound
 *               y, x >= 0; y = x = 0 where w's image has no variant for n's arch.
 *
 * With `replicaBound` set, x[w,n] <= replicaBound[w,n] as well: the replicas
 * are where they are, and the LP only splits the requests (GSP-SS's dispatch half).
 *
 * h[w,n] = 1 where n hosts w already: among equally good solutions the LP keeps
 * replicas where they are (eps = 1e-3 cannot trade away served demand).
 */
struct ShadowProblem
{
    struct Service
    {
        double rate = 0.0;   ///< requests per second expected at the site
        double work = 0.0;   ///< mean core-seconds of a request at perf 1.0
        double cpu = 0.0;    ///< a replica's cpu request (cores)
        double memory = 0.0; ///< a replica's memory request (bytes)
        int maxReplicas = 0;
    };
    struct Node
    {
        double cpu = 0.0, memory = 0.0, perf = 1.0;
    };

    std::vector<Service> services;
    std::vector<Node> nodes;
    std::vector<char> allowed; ///< [service * nodes + node]
    std::vector<char> hosted;  ///< [service * nodes + node]; empty: none
    std::vector<double> replicaBound; ///< [service * nodes + node]; empty: no bound
    double utilisation = 0.6;  ///< u
};

struct ShadowSchedule
{
    double served = 0.0;          ///< requests per second, sum of y
    std::vector<double> demand;   ///< y, [service * nodes + node]
    std::vector<double> replicas; ///< x, same indexing
};

/** Solves the LP with GLPK's simplex; throws std::runtime_error when GLPK finds
 *  no optimum (the LP is always feasible, so that is a solver failure). */
ShadowSchedule solveShadowScheduling(const ShadowProblem &problem);

} // namespace schedlab
