// SPDX-License-Identifier: GPL-3.0-or-later
// One cMMAC actor decision (KaiS eq. 4–5) through FastMlp against the same network's
// libtorch forward pass, in the same run, one thread:
//   bench_learn [SCENARIO]
// The state is LocalStateLayout for the scenario's first eAP (its pool of edge
// nodes), and for one pool of every edge node of the scenario (kais-large: 100).
// Times are the thread's CPU time per decision.
#include "learn/cmmacnets.h"
#include "learn/fastmlp.h"
#include "learn/statelayout.h"
#include "scenario/scenarioio.h"
#include "sim/random.h"
#include "sim/topology.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace schedlab;

namespace {

/** This thread's CPU seconds: time spent waiting for a core on a busy machine does
 *  not count, so both paths are timed alike whatever else runs. */
double threadSeconds()
{
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/** Median over 7 repeats of the mean CPU seconds per call of `f` over `calls` calls. */
template <typename F> double perCall(int calls, F &&f)
{
    std::vector<double> t;
    for (int r = 0; r < 7; ++r) {
        const double start = threadSeconds();
        for (int k = 0; k < calls; ++k)
            f(k);
        t.push_back((threadSeconds() - start) / calls);
    }
    std::nth_element(t.begin(), t.begin() + 3, t.end());
    return t[3];
}

/** Returns FastMlp's seconds per decision. */
double compare(const char *label, LocalStateLayout layout, int managed)
{
    ActorNet actor(layout.size(), layout.actions(), 1);
    const FastMlp fast(actor.weights(), FastMlp::Head::ReluPlusOne);
    Rng rng(2);
    std::vector<std::vector<float>> states(64, std::vector<float>(layout.size()));
    std::vector<std::vector<std::uint8_t>> masks(64, std::vector<std::uint8_t>(layout.actions()));
    for (int i = 0; i < 64; ++i) { // states shaped as LocalStateLayout describes them
        auto &s = states[i];
        s[layout.serviceOffset() + int(rng.below(layout.services))] = 1.0f;
        s[layout.delayOffset()] = float(rng.uniform(0.1, 2.0));
        s[layout.eapQueueOffset()] = float(rng.below(20));
        s[layout.managedCountOffset()] = float(managed);
        s[layout.cloudLatencyOffset()] = 0.1f;
        for (int j = 0; j < layout.pool; ++j) {
            float *node = &s[layout.nodeOffset(j)];
            node[0] = rng.uniform() < 0.5 ? 0.0f : float(rng.uniform(0.0, 3.0));
            for (int f = 1; f <= 3; ++f)
                node[f] = float(rng.uniform());
            node[4] = j < managed ? 1.0f : 0.0f;
        }
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
    return fastSec;
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
    const EapInfo &first = topology.eaps.front();
    const int managed = int(first.managed.size());
    // The decision the scenario's eAPs take: over their pool, the nodes of their site.
    const double decision =
        compare("first eAP's pool", {services, int(first.pool.size())}, managed);
    compare("every edge node as one pool", {services, topology.edgeCount}, managed);
    std::printf("  target: a decision under 5 us (2,000x below KaiS's 10 ms): %.2f us, %s\n",
                decision * 1e6, decision < 5e-6 ? "met" : "missed");
    return 0;
}
