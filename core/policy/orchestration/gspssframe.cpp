// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/orchestration/gspssframe.h"

#include "workload/arrivalrates.h"

namespace schedlab {

GspSsSite GspSsSite::observe(const SimState &st, int site, double from, double to,
                             ArrivalRateOracle &oracle)
{
    const Topology &topo = *st.topology;
    const Scenario &sc = *st.scenario;
    const int W = st.serviceCount;
    GspSsSite out;
    for (int n = 0; n < topo.edgeCount; ++n)
        if (topo.nodes[n].site == site && !isControlPlane(topo.nodes[n]) &&
            topo.nodes[n].cpu > 0 && topo.nodes[n].memory > 0)
            out.nodes.push_back(n);
    const int N = int(out.nodes.size());

    out.current.assign(std::size_t(W) * N, 0);
    for (int i = 0; i < N; ++i)
        for (std::int32_t id : st.nodes[out.nodes[i]].replicas) {
            const Replica &r = st.replicas[id];
            if (r.alive && !r.draining)
                ++out.current[std::size_t(r.service) * N + i];
        }

    // The requests that will arrive at the site's eAPs, known in advance.
    const std::vector<double> perEap = oracle.rates(from, to);
    std::vector<double> rates(std::size_t(W), 0.0);
    for (std::size_t e = 0; e < topo.eaps.size(); ++e)
        if (topo.eaps[e].site == site)
            for (int w = 0; w < W; ++w)
                rates[std::size_t(w)] += perEap[e * W + w];

    ShadowProblem &pb = out.problem;
    pb.utilisation = kUtilisation;
    for (int w = 0; w < W; ++w) {
        const ServiceSpec &s = st.service(w);
        pb.services.push_back(
            {rates[std::size_t(w)], s.work.mean(), s.replicaCpu, s.replicaMemory, s.replicas.max});
    }
    for (int n : out.nodes)
        pb.nodes.push_back({topo.nodes[n].cpu, topo.nodes[n].memory, topo.nodes[n].perf});
    pb.allowed.assign(std::size_t(W) * N, 0);
    pb.hosted.assign(std::size_t(W) * N, 0);
    for (int w = 0; w < W; ++w) {
        const ImageSpec *image = sc.image(st.service(w).image);
        for (int i = 0; i < N; ++i) {
            const std::size_t at = std::size_t(w) * N + i;
            pb.allowed[at] = image && image->variantFor(topo.nodes[out.nodes[i]].arch);
            pb.hosted[at] = out.current[at] > 0;
        }
    }
    return out;
}

} // namespace schedlab
