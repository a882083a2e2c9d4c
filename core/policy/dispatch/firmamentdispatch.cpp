// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/centralroundtrip.h"
#include "policy/dispatch/dispatchpolicies.h"
#include "policy/dispatch/schedulingnetwork.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace schedlab {

namespace {
std::int64_t micros(double seconds)
{
    return std::llround(seconds * 1e6);
}

/**
 * KaiS Sec. V baseline "Firmament" (Gog et al., OSDI'16): a centralised
 * scheduler that summarises the system state as a flow network and places the
 * slot's requests by min-cost max-flow (SchedulingNetwork, solved with LEMON).
 *
 * Cost model: the expected response time of a request on each destination, from
 * what the eAPs report (node queue lengths, load, link latencies; KaiS III-A
 * local state), in microseconds:
 *  - edge node n, request of service w from eAP b: LAN there and back, the
 *    request's mean work at the node's speed, and the wait for a free replica of
 *    w on n: max(0, queued_w + 1 - idle_w) / ready_w mean works;
 *  - the cloud: WAN there and back (the eAP's link), the mean work at the cloud's
 *    speed, and the wait for a free core when its cores are all taken;
 *  - load spreading (Firmament's load-spreading cost model): the k-th request
 *    sent to n this slot pays the mean work of the services times
 *    (requests already on n + k) / n's cores, a convex cost of load.
 * Only nodes the resource context of eq. 4 marks available get an arc.
 *
 * Delay model (KaiS V-A, Fig. 9(c): centralised dispatch "requires additional
 * time to upload local observations and wait for dispatch decisions"): the
 * scheduler runs in the cloud. Each slot every eAP uploads its requests'
 * records and its nodes' state over its WAN link; the solve starts when the
 * last upload is in; each eAP's decisions then come back over its link. A
 * request leaves its eAP only then (decisionDelay), which the run reports as
 * scheduling_delay_ms_mean. The message sizes and the solve's simulated time are
 * the scenario's `central_dispatch` (CentralDispatchSpec); the solve's measured
 * wall time is in decision_time_us_mean, and not in simulated time, so that runs
 * stay reproducible.
 */
class FirmamentDispatch final : public DispatchPolicy
{
public:
    bool centralised() const override { return true; }

    void reset(const SimState &state) override
    {
        mDelay.assign(state.topology->eaps.size(), 0.0);
        mPlan.clear();
    }

    void beginSlot(const SimState &state, const std::vector<SlotRequest> &batch) override
    {
        const SchedulingNetwork network = buildNetwork(state, batch);
        const std::optional<SchedulingPlan> plan = solveSchedulingNetwork(network);
        if (!plan)
            throw std::runtime_error("firmament: LEMON's network simplex found no optimal flow "
                                     "for the requests of slot " +
                                     std::to_string(state.slot));
        mPlan.clear();
        for (std::size_t i = 0; i < batch.size(); ++i)
            mPlan[batch[i].request] = plan->target[i];
        mDelay = centralRoundTrip(state, batch);
    }

    int dispatch(const DispatchContext &ctx) override
    {
        const auto it = mPlan.find(requestId(ctx));
        return it == mPlan.end() ? kCloud : it->second;
    }

    double decisionDelay(int eap) const override { return mDelay[std::size_t(eap)]; }

private:
    /** The context's request is an element of the state's request pool. */
    static std::int32_t requestId(const DispatchContext &ctx)
    {
        return std::int32_t(&ctx.request - ctx.state.requests.data());
    }

    SchedulingNetwork buildNetwork(const SimState &st, const std::vector<SlotRequest> &batch) const
    {
        const Topology &topo = *st.topology;
        double meanWork = 0.0;
        for (int s = 0; s < st.serviceCount; ++s)
            meanWork += st.service(s).work.mean() / st.serviceCount;

        SchedulingNetwork net;
        net.requestCount = int(batch.size());
        net.nodeMarginal.resize(std::size_t(topo.edgeCount));
        std::map<std::pair<int, int>, int> classOf; // (eAP, service) -> index
        std::vector<int> offered(std::size_t(topo.edgeCount), 0);
        for (std::size_t i = 0; i < batch.size(); ++i) {
            const SlotRequest &q = batch[i];
            const int w = int(st.requests[q.request].service);
            const auto [it, added] = classOf.try_emplace({q.eap, w}, int(net.classes.size()));
            if (added)
                net.classes.push_back(makeClass(st, q, w, meanWork));
            net.classes[it->second].requests.push_back(int(i));
            for (int n : *q.candidates)
                ++offered[std::size_t(n)];
        }
        for (int n = 0; n < topo.edgeCount; ++n) {
            const double perRequest = meanWork / topo.nodes[n].perf / topo.nodes[n].cpu;
            for (int k = 0; k < offered[std::size_t(n)]; ++k)
                net.nodeMarginal[std::size_t(n)].push_back(
                    micros(perRequest * (st.nodes[n].demand + k)));
        }
        return net;
    }

    static SchedulingNetwork::Class makeClass(const SimState &st, const SlotRequest &q, int w,
                                              double meanWork)
    {
        const Topology &topo = *st.topology;
        const Scenario &sc = *st.scenario;
        const ServiceSpec &spec = st.service(w);
        const double work = spec.work.mean();
        const double size = spec.size.mean();
        SchedulingNetwork::Class c;
        for (int n : *q.candidates) {
            const double run = work / topo.nodes[n].perf;
            int queued = 0;
            for (std::int32_t id : st.nodes[n].queue)
                queued += int(st.requests[id].service) == w;
            const int ahead = std::max(0, queued + 1 - st.idle(n, w));
            const double wait = ahead * run / std::max(1, st.ready(n, w));
            const double seconds =
                transferSeconds(sc.network.lan, size) + sc.network.lan.latency + run + wait;
            c.nodes.push_back({n, micros(seconds)});
        }
        const LinkSpec &wan = topo.eaps[std::size_t(q.eap)].toCloud;
        const double cores = std::max(1.0, topo.cloudCores);
        const double backlog = double(st.cloudQueue.size()) + st.cloudBusyCores + 1.0 - cores;
        const double cloudWait = std::max(0.0, backlog) / cores * meanWork / topo.cloudPerf;
        c.cloudCost =
            micros(transferSeconds(wan, size) + wan.latency + work / topo.cloudPerf + cloudWait);
        return c;
    }

    std::unordered_map<std::int32_t, int> mPlan; ///< request id -> destination, this slot
    std::vector<double> mDelay;                  ///< per eAP, this slot
};
} // namespace

std::unique_ptr<DispatchPolicy> makeFirmamentDispatch()
{
    return std::make_unique<FirmamentDispatch>();
}

} // namespace schedlab
