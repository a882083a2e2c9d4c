// SPDX-License-Identifier: GPL-3.0-or-later
// One cMMAC actor decision (KaiS eq. 4–5) through FastMlp against the same network's
// libtorch forward pass, in the same run, one thread:
//   bench_learn [SCENARIO]
// The state is LocalStateLayout for the scenario's first eAP (its pool of edge
// nodes), and for one pool of every edge node of the scenario (kais-large: 100).
#include "learn/cmmacnets.h"
#include "learn/fastmlp.h"
#include "learn/statelayout.h"
#include "scenario/scenarioio.h"
#include "sim/random.h"
#include "sim/topology.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace schedlab;

namespace {

/** Median over 7 repeats of the mean seconds per call of `f` over `calls` calls. */
template <typename F> double perCall(int calls, F &&f)
{
    std::vector<double> t;
    for (int r = 0; r < 7; ++r) {
        const auto start = std::chrono::steady_clock::now();
        for (int k = 0; k < calls; ++k)
            f(k);
        t.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
            calls);
    }
    std::nth_element(t.begin(), t.begin() + 3, t.end());
    return t[3];
}

void compare(const char *label, LocalStateLayout layout)
{
    ActorNet actor(layout.size(), layout.actions(), 1);
    const FastMlp fast(actor.weights(), FastMlp::Head::ReluPlusOne);
    Rng rng(2);
    std::vector<std::vector<float>> states(64, std::vector<float>(layout.size()));
    std::vector<std::vector<std::uint8_t>> masks(64, std::vector<std::uint8_t>(layout.actions()));
    for (int i = 0; i < 64; ++i) {
        for (float &v : states[i])
            v = float(rng.uniform());
        masks[i][0] = 1;
        for (int j = 1; j < layout.actions(); ++j)
            masks[i][j] = rng.uniform() < 0.7;
    }
    long sink = 0;
    const double fastSec =
        perCall(20000, [&](int k) { sink += fast.choose(states[k & 63], masks[k & 63]); });
    const double torchSec = perCall(2000, [&](int k) {
        const auto p = actor.policy(states[k & 63], masks[k & 63]);
        sink += std::max_element(p.begin(), p.end()) - p.begin();
    });
    std::printf("  %-28s state %4d, actions %3d: FastMlp %6.2f us, libtorch %7.2f us, "
                "ratio libtorch/FastMlp %5.1fx%s\n",
                label, layout.size(), layout.actions(), fastSec * 1e6, torchSec * 1e6,
                torchSec / fastSec, sink < 0 ? "!" : "");
}

} // namespace

int main(int argc, char **argv)
{
    const std::string path = argc > 1 ? argv[1] : "scenarios/kais-large.yaml";
    ScenarioLoad load = loadScenarioFile(path);
    if (!load.ok()) {
        for (const auto &e : load.errors)
            std::fprintf(stderr, "%s\n", e.format().c_str());
        return 2;
    }
    const Topology topology = Topology::build(*load.scenario);
    const int services = int(load.scenario->services.size());
    std::printf("bench_learn: %s, cMMAC actor (256-128-32, ReLU+1, eq. 5 mask), one decision, "
                "1 thread\n",
                load.scenario->name.c_str());
    compare("first eAP's pool", {services, int(topology.eaps.front().pool.size())});
    compare("every edge node as one pool", {services, topology.edgeCount});
    return 0;
}
