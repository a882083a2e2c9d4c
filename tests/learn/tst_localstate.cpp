// SPDX-License-Identifier: GPL-3.0-or-later
// The cMMAC local state, resource context and global state (KaiS Sec. III-A-1,
// eq. 4): values set by hand and read back, values of a running engine against
// their definitions, no allocation per decision, and FastMlp fed with them.
#include "common/bundledscenario.h"
#include "common/testscenarios.h"
#include "learn/fastmlp.h"
#include "learn/globalstate.h"
#include "learn/localstate.h"
#include "policy/dispatchpolicy.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "state/random.h"

#include <QtTest/QtTest>
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>
#include <set>

using namespace schedlab;

// Every allocation of the binary is counted, so a test can tell that a call made none.
namespace {
std::atomic<long> gAllocations{0};
}

void *operator new(std::size_t size)
{
    ++gAllocations;
    if (void *p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}
void *operator new[](std::size_t size)
{
    return operator new(size);
}
// The standard library asks for temporary buffers with these (std::stable_sort): left
// to the runtime's own, their memory would come back to the free() below from another
// allocator.
void *operator new(std::size_t size, const std::nothrow_t &) noexcept
{
    ++gAllocations;
    return std::malloc(size ? size : 1);
}
void *operator new[](std::size_t size, const std::nothrow_t &) noexcept
{
    return operator new(size, std::nothrow);
}
void operator delete(void *p) noexcept
{
    std::free(p);
}
void operator delete[](void *p) noexcept
{
    std::free(p);
}
void operator delete(void *p, std::size_t) noexcept
{
    std::free(p);
}
void operator delete[](void *p, std::size_t) noexcept
{
    std::free(p);
}

namespace {

constexpr double kGiB = double(1 << 30);
constexpr double kDisk = 1e9;
constexpr double kWan = 0.035;

/** Two eAPs of three nodes on one site (a pool of six), 3 services, 16 cloud cores. */
Scenario scenario(double rate)
{
    Scenario s = test::smallScenario(2, 3, rate);
    s.time.dispatchPerSlot = 3; // requests wait at the eAPs: |Q_b| > 0
    for (ServiceSpec &svc : s.services)
        svc.work.a *= 10.0; // long requests: nodes queue them
    s.network.wan.latency = kWan;
    for (SiteSpec &site : s.sites)
        for (EapSpec &eap : site.eaps)
            for (NodeSpec &node : eap.nodes)
                node.disk = kDisk;
    return s;
}

/** The ready edge nodes of the pool for `service`: what the engine offers as candidates. */
std::vector<int> candidatesFor(const SimState &state, const LocalStateBuilder &b, int service)
{
    std::vector<int> c;
    for (int n : b.pool())
        if (state.ready(n, service) > 0)
            c.push_back(n);
    return c;
}

MlpWeights actorWeights(int in, int out, std::uint64_t seed)
{
    Rng rng(seed);
    MlpWeights w;
    for (auto [i, o] : {std::pair{in, 16}, std::pair{16, out}}) {
        DenseLayer l{i, o, std::vector<float>(std::size_t(i) * o), std::vector<float>(o)};
        for (float &v : l.weight)
            v = float(rng.uniform(-0.3, 0.3));
        w.layers.push_back(l);
    }
    // The last pool node wins unless masked: the mask, not the weights, must keep it out.
    for (int j = 0; j < out; ++j)
        w.layers.back().bias[j] = 10.0f * float(j);
    return w;
}

} // namespace

class TestLocalState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handSetValues()
    {
        const Scenario s = scenario(1.0);
        const Topology topo = Topology::build(s);
        SimState st;
        st.topology = &topo;
        st.scenario = &s;
        st.serviceCount = 3;
        st.now = 10.0;
        st.nodes.resize(topo.nodes.size());
        st.eapQueues = {{0, 1, 2, 3}, {}};
        st.requests.resize(4);
        st.requests[2].service = 1;
        st.requests[2].deadline = 10.3;
        // Node 0 (eAP 0, 2 cores): 3 queued, 1.5 cores serving, 1 GiB requested, 250 MB of layers.
        st.nodes[0].queue = {5, 6, 7};
        st.nodes[0].busyCpu = 1.5;
        st.nodes[0].memAlloc = 1.0 * kGiB;
        st.nodes[0].diskUsed = 250e6;
        // Node 4 (eAP 1, 1 core): overcommitted memory and disk read as nothing left.
        st.nodes[4].queue = {8};
        st.nodes[4].busyCpu = 1.0;
        st.nodes[4].memAlloc = 5.0 * kGiB;
        st.nodes[4].diskUsed = 2e9;

        const LocalStateBuilder b(topo, 3, 0);
        const LocalStateLayout l = b.layout();
        QCOMPARE(l.size(), 3 + 4 + 5 * 6);
        QCOMPARE(b.pool(), (std::vector<int>{0, 1, 2, 3, 4, 5}));
        std::vector<float> out(l.size(), -7.0f);
        b.write(st, &st.requests[2], out);

        QCOMPARE(std::vector<float>(out.begin(), out.begin() + 3), (std::vector<float>{0, 1, 0}));
        QCOMPARE(out[l.delayOffset()], 0.3f);
        QCOMPARE(out[l.eapQueueOffset()], 4.0f);
        QCOMPARE(out[l.managedCountOffset()], 0.5f); // 3 of 6
        QCOMPARE(out[l.cloudLatencyOffset()], float(kWan));
        const float *n0 = &out[l.nodeOffset(0)];
        QCOMPARE(std::vector<float>(n0, n0 + 5),
                 (std::vector<float>{1.5f, 0.25f, 0.75f, 0.75f, 1}));
        const float *n4 = &out[l.nodeOffset(4)];
        QCOMPARE(std::vector<float>(n4, n4 + 5), (std::vector<float>{1.0f, 0.0f, 0.0f, 0.0f, 0}));
        const float *n1 = &out[l.nodeOffset(1)]; // idle, managed
        QCOMPARE(std::vector<float>(n1, n1 + 5), (std::vector<float>{0, 1, 1, 1, 1}));

        // eAP 1 marks the other half; an expired request has no delay left, none gives zeros.
        const LocalStateBuilder b1(topo, 3, 1);
        st.requests[2].deadline = 9.0;
        b1.write(st, &st.requests[2], out);
        QCOMPARE(out[l.delayOffset()], 0.0f);
        QCOMPARE(out[l.eapQueueOffset()], 0.0f);
        for (int j = 0; j < 6; ++j)
            QCOMPARE(out[l.nodeOffset(j) + 4], j >= 3 ? 1.0f : 0.0f);
        b1.write(st, nullptr, out);
        QCOMPARE(std::vector<float>(out.begin(), out.begin() + 4), (std::vector<float>(4, 0.0f)));

        // Eq. 4: the cloud always, pool nodes 1 and 4; node 7 is a cloud VM, not in the pool.
        Rng rng(1);
        const std::vector<int> cands{4, 1, 7};
        const DispatchContext ctx{st, 0, st.requests[2], cands, rng};
        std::vector<std::uint8_t> mask(l.actions(), 9);
        b.writeMask(ctx, mask);
        QCOMPARE(mask, (std::vector<std::uint8_t>{1, 0, 1, 0, 0, 1, 0}));
        QCOMPARE(b.poolIndex(7), -1);
        QCOMPARE(b.poolIndex(4), 4);

        std::vector<float> wrong(l.size() - 1);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, b.write(st, nullptr, wrong));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, LocalStateBuilder(topo, 3, 2));
        QCOMPARE(b.target(0), kCloud);
        QCOMPARE(b.target(3), 2);
    }

    void poolIsTheEapsSite()
    {
        Scenario s = scenario(1.0);
        SiteSpec second = s.sites[0];
        second.name = "edge-2";
        second.eaps.resize(1);
        second.eaps[0].name = "eap-3";
        second.eaps[0].nodes.resize(2);
        for (NodeSpec &n : second.eaps[0].nodes)
            n.name = "s2-" + n.name;
        s.sites.insert(s.sites.begin() + 1, second);
        const Topology topo = Topology::build(s);
        QCOMPARE(int(topo.eaps.size()), 3);

        const LocalStateBuilder b(topo, 3, 2);
        QCOMPARE(b.pool(), (std::vector<int>{6, 7}));
        QCOMPARE(b.layout().size(), 3 + 4 + 5 * 2);
        QCOMPARE(LocalStateBuilder(topo, 3, 0).layout().pool, 6);
        SimState st;
        st.topology = &topo;
        st.nodes.resize(topo.nodes.size());
        st.eapQueues.resize(3);
        std::vector<float> out(b.layout().size());
        b.write(st, nullptr, out);
        QCOMPARE(out[b.layout().managedCountOffset()], 1.0f); // it manages its whole site
        // Nodes of the other site are no actions of this eAP.
        Request r;
        Rng rng(1);
        const std::vector<int> cands{0, 1, 7};
        std::vector<std::uint8_t> mask(3);
        b.writeMask(DispatchContext{st, 2, r, cands, rng}, mask);
        QCOMPARE(mask, (std::vector<std::uint8_t>{1, 0, 1}));
        QCOMPARE(b.target(2), 7);
    }

    void theTestbedsEapsShareOnePoolOfFortyNodes()
    {
        // KaiS Sec. III-A: every eAP agent chooses among all N edge nodes and the cloud.
        const Scenario s = test::bundledScenario("kais-testbed");
        RunOptions options;
        Engine engine(s, buildPolicySet(s.policies, nullptr), options.config());
        const Topology &topo = engine.topology();
        QCOMPARE(int(topo.eaps.size()), 5);
        std::vector<int> first;
        for (int eap = 0; eap < 5; ++eap) {
            const LocalStateBuilder b(topo, int(s.services.size()), eap);
            QCOMPARE(b.layout().actions(), 41);
            QCOMPARE(int(b.pool().size()), 40);
            if (eap == 0)
                first = b.pool();
            QCOMPARE(b.pool(), first); // the same pool for every eAP
        }
    }

    void engineStatesAndMasks()
    {
        const Scenario s = scenario(60.0);
        RunOptions options;
        options.seed = 5;
        Engine engine(s, buildPolicySet(options), options.config());
        const Topology &topo = engine.topology();
        const LocalStateBuilder builders[2] = {{topo, 3, 0}, {topo, 3, 1}};
        const LocalStateLayout l = builders[0].layout();
        std::vector<float> out(l.size());
        std::vector<std::uint8_t> mask(l.actions());
        const float *data = out.data();
        const std::size_t capacity = out.capacity();
        FastMlp actor(actorWeights(l.size(), l.actions(), 3), FastMlp::Head::ReluPlusOne);
        QCOMPARE(actor.inputSize(), l.size());
        QCOMPARE(actor.outputSize(), l.actions());
        Rng pick(9);
        std::set<int> hosted; // nodes whose image layers are on disk (nothing is evicted)
        int checked = 0, queued = 0, busy = 0, masked = 0, maskDecided = 0;
        long allocations = 0;

        for (int slot = 0; slot < 40 && engine.stepSlot(); ++slot) {
            const SimState &st = engine.state();
            for (const Replica &r : st.replicas)
                if (r.alive)
                    hosted.insert(r.node);
            for (int b = 0; b < 2; ++b) {
                const LocalStateBuilder &builder = builders[b];
                for (std::int32_t id : st.eapQueues[b]) {
                    const Request &req = st.requests[id];
                    const std::vector<int> cands = candidatesFor(st, builder, int(req.service));
                    Rng rng(1);
                    const DispatchContext ctx{st, b, req, cands, rng};
                    const long before = gAllocations.load();
                    builder.write(ctx, out);
                    builder.writeMask(ctx, mask);
                    allocations += gAllocations.load() - before;
                    ++checked;

                    for (int w = 0; w < 3; ++w)
                        QCOMPARE(out[w], w == int(req.service) ? 1.0f : 0.0f);
                    QCOMPARE(out[l.delayOffset()], float(std::max(0.0, req.deadline - st.now)));
                    QVERIFY(out[l.delayOffset()] <= 0.8f);
                    QCOMPARE(out[l.eapQueueOffset()], float(st.eapQueues[b].size()));
                    QCOMPARE(out[l.managedCountOffset()], 0.5f);
                    QCOMPARE(out[l.cloudLatencyOffset()], float(kWan));
                    for (int j = 0; j < l.pool; ++j) {
                        const int n = builder.pool()[j];
                        const double cores = n % 3 == 1 ? 1.0 : 2.0; // alternating 2, 1, 2
                        QCOMPARE(topo.nodes[n].cpu, cores);
                        double serving = 0.0, memory = 0.0;
                        for (const Replica &r : st.replicas)
                            if (r.alive && r.node == n) {
                                memory += r.memory;
                                if (r.busyWith >= 0)
                                    serving += r.cores;
                            }
                        const double layers =
                            hosted.count(n) ? 30e6 + (topo.nodes[n].arch == "amd64" ? 10e6 : 9e6)
                                            : 0.0;
                        const float *v = &out[l.nodeOffset(j)];
                        QCOMPARE(v[0], float(double(st.nodes[n].queue.size()) / cores));
                        QVERIFY(std::abs(v[1] - float(1.0 - serving / cores)) < 1e-5f);
                        QCOMPARE(v[2], float(1.0 - memory / (4.0 * kGiB)));
                        QCOMPARE(v[3], float(1.0 - layers / kDisk));
                        QCOMPARE(v[4], (n / 3 == b) ? 1.0f : 0.0f);
                        queued += st.nodes[n].queue.size() > 0;
                        busy += v[1] < 1.0f;
                        // Eq. 4: a pool node is valid iff it is a candidate.
                        const bool candidate =
                            std::find(cands.begin(), cands.end(), n) != cands.end();
                        QCOMPARE(mask[j + 1], std::uint8_t(candidate));
                    }
                    QCOMPARE(mask[0], std::uint8_t(1));
                    masked += std::count(mask.begin(), mask.end(), 0) > 0;

                    // The actor takes the state and mask and never picks a masked action.
                    const auto logits = actor.forward(out);
                    const int unmasked =
                        int(std::max_element(logits.begin(), logits.end()) - logits.begin());
                    const int best = actor.choose(out, mask);
                    QVERIFY(mask[best]);
                    maskDecided += !mask[unmasked];
                    for (int k = 0; k < 20; ++k)
                        QVERIFY(mask[actor.choose(out, mask, pick)]);
                    const int target = builder.target(best);
                    QVERIFY(target == kCloud ||
                            std::find(cands.begin(), cands.end(), target) != cands.end());
                }
            }
        }
        QCOMPARE(out.data(), data);
        QCOMPARE(out.capacity(), capacity);
        QCOMPARE(allocations, 0L);
        // The run exercised what was checked: busy and queueing nodes, masked nodes,
        // and decisions the mask changed.
        QVERIFY(checked > 100);
        QVERIFY(queued > 0);
        QVERIFY(busy > 0);
        QVERIFY(masked > 0);
        QVERIFY(maskDecided > 0);
    }

    void globalState()
    {
        const Scenario s = scenario(60.0);
        RunOptions options;
        options.seed = 7;
        Engine engine(s, buildPolicySet(options), options.config());
        for (int k = 0; k < 12; ++k)
            engine.stepSlot();
        const SimState &st = engine.state();
        QVERIFY(!st.eapQueues[0].empty());

        const GlobalStateBuilder g(engine.topology(), 3);
        QCOMPARE(g.eaps(), 2);
        QCOMPARE(g.size(), 2 * 37 + 1);
        QCOMPARE(g.offset(1), 37);
        QCOMPARE(g.cloudQueueOffset(), 74);
        std::vector<float> out(g.size(), -1.0f);
        const std::int32_t r0 = st.eapQueues[0].front();
        const std::int32_t requests[2] = {r0, -1};
        const long before = gAllocations.load();
        g.write(st, requests, out);
        QCOMPARE(gAllocations.load() - before, 0L);

        std::vector<float> local(37);
        g.local(0).write(st, &st.requests[r0], local);
        QCOMPARE(std::vector<float>(out.begin(), out.begin() + 37), local);
        g.local(1).write(st, nullptr, local);
        QCOMPARE(std::vector<float>(out.begin() + 37, out.begin() + 74), local);
        QCOMPARE(out[37 + 3 + 1], float(st.eapQueues[1].size()));      // eAP 1's |Q_b|
        QCOMPARE(out[74], float(double(st.cloudQueue.size()) / 16.0)); // 4 VMs of 4 cores

        const std::int32_t one[1] = {r0};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, g.write(st, one, out));
    }
};

QTEST_GUILESS_MAIN(TestLocalState)
#include "tst_localstate.moc"
