// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/orchestration/orchestrationpolicies.h"
#include "policy/orchestration/gspssframe.h"
#include "workload/arrivalrates.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <tuple>
#include <vector>

namespace schedlab {

namespace {
/**
 * KaiS Sec. V baseline GSP-SS (Farhadi et al., INFOCOM'19): at every frame and
 * edge site, the shadow request scheduling LP (shadowscheduling.h) on the
 * services' arrival rates, then greedy service placement by its shadow demand.
 *
 * The arrival rates are known in advance, as GSP-SS assumes: the oracle
 * (ArrivalRateOracle) replays the run's workload and gives the true rate of
 * each service at the site's eAPs in the coming frame. No other policy gets
 * this knowledge: it is what makes the baseline an optimum under a model, not
 * a policy a deployment could run. The dispatch half (`--dispatch gsp-ss`)
 * follows the same LP's request split.
 *
 * Greedy placement plans the site afresh each frame, as GSP-SS does: (service,
 * node) pairs in order of shadow demand y, largest first, each asking for
 * ceil(work / perf * y / u) replicas (busy at most u of the time); a replica
 * goes on the pair's node while its cpu and memory requests fit there, else on
 * the node of the site that hosts the service already or has most room. Each
 * service's `min` is placed before any demand (where room is), and no service
 * gets more than its `max`. The plan is then applied: replicas it does not keep
 * are removed (an idle one at once, a busy one drains) and the new ones added
 * with scaleUpOn.
 */
class GspSsOrchestration final : public OrchestrationPolicy
{
public:
    void reset(const SimState &state) override
    {
        mOracle = std::make_unique<ArrivalRateOracle>(*state.scenario, *state.topology, state.seed);
    }

    void onFrame(OrchestrationContext &ctx) override
    {
        const SimState &st = ctx.state();
        const int W = st.serviceCount;
        const GspSsSite site = GspSsSite::observe(st, ctx.site(), st.now, st.now + ctx.frameSeconds(), *mOracle);
        const std::vector<int> &nodes = site.nodes;
        const int N = int(nodes.size());
        if (N == 0 || W == 0)
            return;

        const ShadowSchedule shadow = solveShadowScheduling(site.problem);
        const std::vector<int> plan = planPlacement(st, nodes, site.problem, shadow, site.current);
        const std::vector<int> &current = site.current;

        for (int w = 0; w < W; ++w)
            for (int i = 0; i < N; ++i) {
                const std::size_t at = std::size_t(w) * N + i;
                for (int k = plan[at]; k < current[at] && ctx.scaleDownOn(w, nodes[i]); ++k) {
                }
            }
        for (int w = 0; w < W; ++w)
            for (int i = 0; i < N; ++i) {
                const std::size_t at = std::size_t(w) * N + i;
                for (int k = current[at]; k < plan[at] && ctx.scaleUpOn(w, nodes[i]); ++k) {
                }
            }
    }

private:
    /** The greedy placement: replicas per [service * nodes + node]. */
    static std::vector<int> planPlacement(const SimState &st, const std::vector<int> &nodes,
                                          const ShadowProblem &pb, const ShadowSchedule &shadow,
                                          const std::vector<int> &current)
    {
        const int W = st.serviceCount, N = int(nodes.size());
        // Room for replicas: what neither pods nor draining replicas hold.
        std::vector<double> cpuLeft(N), memLeft(N);
        for (int i = 0; i < N; ++i) {
            const NodeState &ns = st.nodes[nodes[i]];
            cpuLeft[i] = pb.nodes[i].cpu - ns.cpuAlloc;
            memLeft[i] = pb.nodes[i].memory - ns.memAlloc;
            for (int w = 0; w < W; ++w) {
                cpuLeft[i] += current[std::size_t(w) * N + i] * pb.services[w].cpu;
                memLeft[i] += current[std::size_t(w) * N + i] * pb.services[w].memory;
            }
        }
        std::vector<int> plan(std::size_t(W) * N, 0), planned(W, 0);
        auto fits = [&](int w, int i) {
            return pb.allowed[std::size_t(w) * N + i] && cpuLeft[i] >= pb.services[w].cpu - 1e-9 &&
                   memLeft[i] >= pb.services[w].memory - 1e-9;
        };
        auto place = [&](int w, int i) {
            ++plan[std::size_t(w) * N + i];
            ++planned[w];
            cpuLeft[i] -= pb.services[w].cpu;
            memLeft[i] -= pb.services[w].memory;
        };
        // Where a replica of w goes when its own node is full: a node that hosts w
        // now beyond the plan (no image pull), else the most room left, lower index.
        auto elsewhere = [&](int w) {
            int best = -1;
            std::tuple<bool, double> bestKey{};
            for (int i = 0; i < N; ++i) {
                if (!fits(w, i))
                    continue;
                const std::size_t at = std::size_t(w) * N + i;
                const auto key = std::make_tuple(
                    current[at] > plan[at],
                    std::min(cpuLeft[i] / pb.nodes[i].cpu, memLeft[i] / pb.nodes[i].memory));
                if (best < 0 || key > bestKey) {
                    best = i;
                    bestKey = key;
                }
            }
            return best;
        };

        std::vector<std::size_t> order(plan.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return shadow.demand[a] > shadow.demand[b];
        });
        // Every service's `min` first, where it runs now if it can: the demand of
        // others must not crowd a service's floor off the site.
        for (int w = 0; w < W; ++w) {
            const int lower = std::min(st.service(w).replicas.min, pb.services[w].maxReplicas);
            while (planned[w] < lower) {
                const int where = elsewhere(w);
                if (where < 0)
                    break;
                place(w, where);
            }
        }
        const std::vector<int> floor = plan; // a pair's own min replicas count towards it
        for (std::size_t at : order) {
            if (shadow.demand[at] <= 1e-9)
                break;
            const int w = int(at / N), i = int(at % N);
            const double busy = pb.services[w].work / pb.nodes[i].perf * shadow.demand[at];
            const int want = int(std::ceil(busy / pb.utilisation - 1e-6));
            for (int k = floor[at]; k < want && planned[w] < pb.services[w].maxReplicas; ++k) {
                const int where = fits(w, i) ? i : elsewhere(w);
                if (where < 0)
                    break;
                place(w, where);
            }
        }
        return plan;
    }

    std::unique_ptr<ArrivalRateOracle> mOracle;
};
} // namespace

std::unique_ptr<OrchestrationPolicy> makeGspSsOrchestration()
{
    return std::make_unique<GspSsOrchestration>();
}

} // namespace schedlab
