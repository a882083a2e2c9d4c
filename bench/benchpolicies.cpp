// SPDX-License-Identifier: GPL-3.0-or-later
// Per-decision cost of the dispatch and dequeue policies on a 100-node pool.
#include "policy/dequeue/dequeuepolicies.h"
#include "policy/dispatch/dispatchpolicies.h"
#include "sim/random.h"

#include <benchmark/benchmark.h>

using namespace schedlab;

namespace {
struct Fixture
{
    Scenario scenario;
    Topology topology;
    SimState state;
    std::vector<int> candidates;
    Request request;

    explicit Fixture(int nodes)
    {
        ServiceSpec svc;
        svc.name = "s";
        scenario.services = {svc};
        EapInfo eap;
        for (int n = 0; n < nodes; ++n) {
            NodeInfo info;
            info.cpu = 2;
            info.memory = 4e9;
            topology.nodes.push_back(info);
            eap.pool.push_back(n);
            candidates.push_back(n);
        }
        topology.eaps = {eap};
        topology.edgeCount = nodes;
        state.topology = &topology;
        state.scenario = &scenario;
        state.serviceCount = 1;
        state.nodes.resize(nodes);
        Rng rng(3);
        for (auto &n : state.nodes) {
            n.demand = rng.uniform(0, 3);
            n.memAlloc = rng.uniform(0, 4e9);
        }
    }
};

void dispatchBench(benchmark::State &bs, std::unique_ptr<DispatchPolicy> policy)
{
    Fixture f(int(bs.range(0)));
    Rng rng(1);
    policy->reset(f.state);
    const DispatchContext ctx{f.state, 0, f.request, f.candidates, rng};
    for (auto _ : bs)
        benchmark::DoNotOptimize(policy->dispatch(ctx));
}

void BM_Random(benchmark::State &s) { dispatchBench(s, makeRandomDispatch()); }
void BM_RoundRobin(benchmark::State &s) { dispatchBench(s, makeRoundRobinDispatch()); }
void BM_Greedy(benchmark::State &s) { dispatchBench(s, makeGreedyDispatch()); }
void BM_KubeDefault(benchmark::State &s) { dispatchBench(s, makeKubeDefaultDispatch()); }

void BM_DiscountedExperiencePriority(benchmark::State &bs)
{
    Fixture f(1);
    auto policy = makeDiscountedExperienceDequeue();
    policy->reset(f.state, 1);
    Request r;
    r.deadline = 1.0;
    double t = 0;
    for (auto _ : bs) {
        benchmark::DoNotOptimize(policy->priority(0, r, t));
        t += 1e-6;
    }
}
} // namespace

BENCHMARK(BM_Random)->Arg(8)->Arg(100);
BENCHMARK(BM_RoundRobin)->Arg(8)->Arg(100);
BENCHMARK(BM_Greedy)->Arg(8)->Arg(100);
BENCHMARK(BM_KubeDefault)->Arg(8)->Arg(100);
BENCHMARK(BM_DiscountedExperiencePriority);
BENCHMARK_MAIN();
