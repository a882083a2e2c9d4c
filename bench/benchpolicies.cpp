// SPDX-License-Identifier: GPL-3.0-or-later
// Per-decision cost of the dispatch, dequeue and placement policies on a 100-node pool.
#include "placement/placementframework.h"
#include "policy/dequeue/dequeuepolicies.h"
#include "policy/dispatch/dispatchpolicies.h"
#include "state/layercache.h"
#include "state/random.h"

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

/** One pod placed over `nodes` nodes whose caches hold random parts of a 6-layer image;
 *  the decision record is filled every time. */
void placementBench(benchmark::State &bs, std::unique_ptr<PlacementFramework> policy)
{
    const int nodes = int(bs.range(0));
    Fixture f(nodes);
    for (NodeInfo &n : f.topology.nodes) {
        n.arch = "amd64";
        n.disk = 10e9;
        n.labels = {{"kubernetes.io/arch", "amd64"}};
    }
    ImageSpec image;
    image.name = "app:1";
    image.variants = {{"amd64", "", {}}};
    for (int l = 0; l < 6; ++l)
        image.variants[0].layers.push_back({"layer-" + std::to_string(l), 40e6 * (l + 1)});
    auto caches = std::make_unique<LayerCache[]>(f.topology.nodes.size());
    Rng rng(5);
    for (int n = 0; n < nodes; ++n) {
        caches[n].setCapacity(10e9);
        f.state.nodes[n].cpuAlloc = rng.uniform(0, 1.5);
        for (const LayerSpec &l : image.variants[0].layers)
            if (rng.uniform() < 0.4)
                caches[n].acquire({l}, 0.0);
    }
    PodRequest pod;
    pod.cpu = 0.25;
    pod.memory = 256e6;
    pod.image = &image;
    Rng tie(1);
    const ClusterView view{&f.topology, f.state.nodes.data(), caches.get(), nodes, &tie};
    for (auto _ : bs)
        benchmark::DoNotOptimize(policy->schedule(pod, view, nullptr));
}

void BM_PlaceKubeDefault(benchmark::State &s) { placementBench(s, makeKubeDefaultPlacement()); }
void BM_PlaceLrScheduler(benchmark::State &s) { placementBench(s, makeLrScheduler()); }
void BM_PlaceKubeHice(benchmark::State &s) { placementBench(s, makeKubeHicePlacement()); }

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
BENCHMARK(BM_PlaceKubeDefault)->Arg(4)->Arg(100);
BENCHMARK(BM_PlaceLrScheduler)->Arg(4)->Arg(100);
BENCHMARK(BM_PlaceKubeHice)->Arg(4)->Arg(100);
BENCHMARK(BM_DiscountedExperiencePriority);
BENCHMARK_MAIN();
