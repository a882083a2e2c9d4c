// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/dispatchpolicies.h"
#include "policy/orchestration/gspssframe.h"
#include "workload/arrivalrates.h"

#include <cmath>
#include <memory>

namespace schedlab {

namespace {
/**
 * The request-scheduling half of KaiS Sec. V's GSP-SS (Farhadi et al.,
 * INFOCOM'19): at the first dispatch of each frame, every edge site solves the
 * shadow scheduling LP (shadowscheduling.h) on the requests the oracle knows
 * will arrive at its eAPs during the frame, with the replicas where they are
 * (x bounded by each node's replicas, ready or pulling). Its solution y[w,n] is
 * the rate of service w each node serves; what it leaves of w's rate goes to
 * the cloud. Requests of w are then sent to the nodes and the cloud in those
 * proportions by smooth weighted round robin (nginx's), among the targets the
 * resource context F allows at that moment; a request with none goes to the
 * cloud. A service the oracle foresees no request of in a frame keeps the split
 * of its last frame (a request may wait in the queue across a frame boundary).
 *
 * Paired with `--orchestration gsp-ss`, the orchestration places replicas by
 * the same LP at the frame's start, so the two halves act on one solution.
 */
class GspSsDispatch final : public DispatchPolicy
{
public:
    void reset(const SimState &state) override
    {
        mOracle = std::make_unique<ArrivalRateOracle>(*state.scenario, *state.topology, state.seed);
        const int sites = int(state.scenario->sites.size());
        mSites.assign(std::size_t(sites), {});
        mFrame = -1;
        mFrameSeconds = state.scenario->time.slot * state.scenario->time.frame;
    }

    int dispatch(const DispatchContext &ctx) override
    {
        const SimState &st = ctx.state;
        const long frame = long(std::floor(st.now / mFrameSeconds + 1e-9));
        if (frame != mFrame) {
            mFrame = frame;
            for (Site &s : mSites)
                s.planned = false;
        }
        Site &site = mSites[std::size_t(st.topology->eaps[ctx.eap].site)];
        if (!site.planned)
            plan(st, st.topology->eaps[ctx.eap].site, double(frame) * mFrameSeconds, site);

        const int w = int(ctx.request.service);
        const int N = int(site.nodes.size());
        const std::size_t row = std::size_t(w) * (N + 1);
        // Smooth weighted round robin over the targets available now.
        double total = 0.0;
        int best = -1;
        auto offer = [&](int t) {
            const double weight = site.weight[row + t];
            if (weight <= 0.0)
                return;
            total += weight;
            site.credit[row + t] += weight;
            if (best < 0 || site.credit[row + t] > site.credit[row + best])
                best = t;
        };
        for (int n : ctx.candidates)
            if (const int i = site.index(n); i >= 0)
                offer(i);
        offer(N); // the cloud
        if (best < 0)
            return kCloud;
        site.credit[row + best] -= total;
        return best == N ? kCloud : site.nodes[best];
    }

private:
    struct Site
    {
        bool planned = false;
        std::vector<int> nodes;
        std::vector<int> position;  ///< node id -> index in nodes, or -1
        std::vector<double> weight; ///< [service * (N + 1) + target], target N is the cloud
        std::vector<double> credit; ///< same indexing

        int index(int node) const
        {
            return node < int(position.size()) ? position[std::size_t(node)] : -1;
        }
    };

    void plan(const SimState &st, int siteIndex, double from, Site &site)
    {
        GspSsSite view = GspSsSite::observe(st, siteIndex, from, from + mFrameSeconds, *mOracle);
        const int W = st.serviceCount, N = int(view.nodes.size());
        view.problem.replicaBound.assign(view.current.begin(), view.current.end());
        const ShadowSchedule shadow = solveShadowScheduling(view.problem);
        if (site.nodes != view.nodes) {
            site.nodes = view.nodes;
            site.position.assign(st.topology->nodes.size(), -1);
            for (int i = 0; i < N; ++i)
                site.position[std::size_t(view.nodes[i])] = i;
            site.weight.assign(std::size_t(W) * (N + 1), 0.0);
            site.credit.assign(site.weight.size(), 0.0);
        }
        for (int w = 0; w < W; ++w) {
            const double rate = view.problem.services[w].rate;
            if (rate <= 0.0)
                continue; // keeps its last split
            const std::size_t row = std::size_t(w) * (N + 1);
            double served = 0.0;
            for (int i = 0; i < N; ++i) {
                site.weight[row + i] = shadow.demand[std::size_t(w) * N + i];
                served += site.weight[row + i];
            }
            site.weight[row + N] = std::max(0.0, rate - served);
        }
        site.planned = true;
    }

    std::unique_ptr<ArrivalRateOracle> mOracle;
    std::vector<Site> mSites;
    long mFrame = -1;
    double mFrameSeconds = 1.0;
};
} // namespace

std::unique_ptr<DispatchPolicy> makeGspSsDispatch() { return std::make_unique<GspSsDispatch>(); }

} // namespace schedlab
