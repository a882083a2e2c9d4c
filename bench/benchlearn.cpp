// SPDX-License-Identifier: GPL-3.0-or-later
// One cMMAC actor decision (KaiS eq. 4–5) through FastMlp against the same network's
// libtorch forward pass, in the same run, one thread:
//   bench_learn [SCENARIO]
// The state is LocalStateLayout for the scenario's first eAP (its pool of edge
// nodes), and for one pool of every edge node of the scenario (kais-large: 100),
// drawn at random; then the states the first eAP's actor saw one after the other in
// a run of the scenario, where FirstLayerMemo pays only for the entries that changed.
// Times are the thread's CPU time per decision.
#include "train/cmmacnets.h"
#include "learn/fastmlp.h"
#include "learn/localstate.h"
#include "learn/statelayout.h"
#include "policy/dispatchpolicy.h"
#include "scenario/scenarioio.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "state/random.h"
#include "state/topology.h"

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

/**
 * Dispatches as `cmmac` does with an untrained actor of the first eAP's layout (on
 * every eAP of that layout), and keeps the first `limit` decisions: which eAP, its
 * state and mask, in the order they were taken.
 */
class RecordingDispatch final : public DispatchPolicy
{
public:
    struct Decision
    {
        int eap;
        std::vector<float> state;
        std::vector<std::uint8_t> mask;
    };

    RecordingDispatch(const ActorNet &actor, std::size_t limit)
        : mActor(actor.weights(), FastMlp::Head::ReluPlusOne), mLimit(limit)
    {
    }

    void reset(const SimState &state) override
    {
        for (int b = 0; b < int(state.topology->eaps.size()); ++b)
            mLocal.emplace_back(*state.topology, state.serviceCount, b);
        mMemos.resize(mLocal.size());
    }

    int dispatch(const DispatchContext &ctx) override
    {
        const LocalStateBuilder &local = mLocal[ctx.eap];
        if (local.layout().size() != mActor.inputSize())
            return local.target(0);
        Decision d{ctx.eap, std::vector<float>(local.layout().size()),
                   std::vector<std::uint8_t>(local.layout().actions())};
        local.write(ctx, d.state);
        local.writeMask(ctx, d.mask);
        const int action = mActor.choose(d.state, d.mask, ctx.rng, &mMemos[ctx.eap]);
        if (decisions.size() < mLimit)
            decisions.push_back(std::move(d));
        return local.target(action);
    }

    std::vector<Decision> decisions;

private:
    FastMlp mActor;
    std::size_t mLimit;
    std::vector<LocalStateBuilder> mLocal;
    std::vector<FirstLayerMemo> mMemos;
};

/** The first eAP's decisions in a run of `scenario`: FastMlp on each state afresh, with
 *  a memo per eAP, and libtorch, on the same sequence. Returns the seconds per decision
 *  with the memo, as `cmmac` decides in a run; 0 when there was no decision. */
double inARun(const Scenario &scenario, LocalStateLayout layout)
{
    ActorNet actor(layout.size(), layout.actions(), 1);
    RecordingDispatch recorder(actor, 20000);
    RunOptions options;
    options.seed = scenario.seed;
    options.policies = scenario.policies;
    PolicySet given;
    given.dispatch = PolicySlot<DispatchPolicy>::lent(recorder);
    options.duration = 60.0;
    Engine(scenario, buildPolicySet(options, std::move(given)), options.config()).run();
    const auto &d = recorder.decisions;
    if (d.empty()) {
        std::printf("  in a run: no decision of the first eAP's layout\n");
        return 0.0;
    }
    const int n = int(d.size());
    const FastMlp fast(actor.weights(), FastMlp::Head::ReluPlusOne);
    Rng rng(3);
    long sink = 0;
    const double fresh = perCall(n, [&](int k) { sink += fast.choose(d[k].state, d[k].mask, rng); });
    std::vector<FirstLayerMemo> memos;
    double changed = 0.0;
    for (int k = 0; k < n; ++k) {
        if (d[k].eap >= int(memos.size()))
            memos.resize(std::size_t(d[k].eap) + 1);
        const FirstLayerMemo &m = memos[std::size_t(d[k].eap)];
        if (!m.input.empty())
            for (std::size_t i = 0; i < m.input.size(); ++i)
                changed += m.input[i] != d[k].state[i];
        fast.forward(d[k].state, &memos[std::size_t(d[k].eap)]);
    }
    // Timed from where the pass above left the memos: each repeat continues the eAPs'
    // sequences from their last state, so the first decision of a repeat sees more change.
    const double memo = perCall(n, [&](int k) {
        sink += fast.choose(d[k].state, d[k].mask, rng, &memos[std::size_t(d[k].eap)]);
    });
    const int torchCalls = std::min(n, 2000);
    const double torchSec = perCall(torchCalls, [&](int k) {
        const auto p = actor.policy(d[k].state, d[k].mask);
        sink += std::max_element(p.begin(), p.end()) - p.begin();
    });
    std::printf("  in a run (first %d decisions, %.1f of %d state entries changed between an "
                "eAP's decisions):\n"
                "    FastMlp %6.2f us, with its memo %6.2f us, libtorch %7.2f us: ratio "
                "FastMlp/memo %4.1fx, libtorch/memo %5.1fx%s\n",
                n, changed / n, layout.size(), fresh * 1e6, memo * 1e6, torchSec * 1e6,
                fresh / memo, torchSec / memo, sink < 0 ? "!" : "");
    return memo;
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
    const double run = inARun(*load.scenario, {services, int(first.pool.size())});
    const double judged = run > 0.0 ? run : decision;
    std::printf("  target: a decision under 5 us (2,000x below KaiS's 10 ms): %.2f us in a run "
                "(%.2f us with every entry new), %s\n",
                run * 1e6, decision * 1e6, judged < 5e-6 ? "met" : "missed");
    return 0;
}
