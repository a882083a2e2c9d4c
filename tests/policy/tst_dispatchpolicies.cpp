// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/dispatchpolicies.h"
#include "placement/placementframework.h"
#include "policy/orchestrationpolicy.h"
#include "registry/buildpolicies.h"
#include "registry/registry.h"
#include "state/random.h"

#include <QtTest>
#include <algorithm>

using namespace schedlab;

namespace {
/** A pool of edge nodes with random loads, none of it from the engine. */
struct Pool
{
    Scenario scenario;
    Topology topology;
    SimState state;
    std::vector<int> candidates;
    Request request;

    Pool(int nodes, std::uint64_t seed)
    {
        ServiceSpec svc;
        svc.name = "s";
        svc.replicaCpu = 0.5;
        scenario.services = {svc};
        EapInfo eap;
        Rng rng(seed);
        for (int n = 0; n < nodes; ++n) {
            NodeInfo info;
            info.cpu = 1 + rng.below(3);
            info.memory = 4e9;
            topology.nodes.push_back(info);
            eap.pool.push_back(n);
        }
        topology.eaps = {eap, eap};
        topology.edgeCount = nodes;
        state.topology = &topology;
        state.scenario = &scenario;
        state.serviceCount = 1;
        state.nodes.resize(nodes);
        for (int n = 0; n < nodes; ++n) {
            state.nodes[n].demand = rng.uniform(0, 3) * topology.nodes[n].cpu;
            state.nodes[n].memAlloc = rng.uniform(0, 4e9);
            if (rng.uniform() < 0.7) // the rest do not host the service
                candidates.push_back(n);
        }
    }
};
} // namespace

class TestDispatchPolicies : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void greedyNeverPicksAFullerNode()
    {
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            Pool p(12, seed);
            Rng rng(seed);
            auto greedy = makeGreedyDispatch();
            const int pick = greedy->dispatch({p.state, 0, p.request, p.candidates, rng});
            if (p.candidates.empty()) {
                QCOMPARE(pick, kCloud);
                continue;
            }
            QVERIFY(std::count(p.candidates.begin(), p.candidates.end(), pick) == 1);
            for (int n : p.candidates)
                QVERIFY2(p.state.cpuLoad(pick) <= p.state.cpuLoad(n),
                         qPrintable(QString("seed %1: picked %2, %3 is emptier").arg(seed).arg(pick).arg(n)));
        }
    }

    void randomCoversEveryValidActionAndNothingElse()
    {
        Pool p(6, 9);
        Rng rng(4);
        auto random = makeRandomDispatch();
        std::map<int, int> seen;
        for (int i = 0; i < 7000; ++i)
            ++seen[random->dispatch({p.state, 0, p.request, p.candidates, rng})];
        QCOMPARE(int(seen.size()), int(p.candidates.size()) + 1); // + the cloud
        for (const auto &[target, count] : seen) {
            QVERIFY(target == kCloud ||
                    std::count(p.candidates.begin(), p.candidates.end(), target) == 1);
            QVERIFY(count > 7000 / int(seen.size()) / 2);
        }
    }

    void roundRobinCyclesPerEap()
    {
        Pool p(4, 2);
        p.candidates = {0, 2, 3};
        Rng rng(1);
        auto rr = makeRoundRobinDispatch();
        rr->reset(p.state);
        std::vector<int> order;
        for (int i = 0; i < 8; ++i)
            order.push_back(rr->dispatch({p.state, 0, p.request, p.candidates, rng}));
        QCOMPARE(order, (std::vector<int>{0, 2, 3, kCloud, 0, 2, 3, kCloud}));
        // The other eAP keeps its own turn.
        QCOMPARE(rr->dispatch({p.state, 1, p.request, p.candidates, rng}), 0);
    }

    void kubeDefaultFiltersFullNodesAndPrefersEmptyOnes()
    {
        Pool p(3, 5);
        p.candidates = {0, 1, 2};
        for (int n = 0; n < 3; ++n)
            p.topology.nodes[n].cpu = 2;
        p.state.nodes[0].demand = 1.8; // + 0.5 does not fit
        p.state.nodes[1].demand = 1.0;
        p.state.nodes[2].demand = 0.2;
        for (auto &n : p.state.nodes)
            n.memAlloc = 1e9;
        Rng rng(1);
        auto kube = makeKubeDefaultDispatch();
        QCOMPARE(kube->dispatch({p.state, 0, p.request, p.candidates, rng}), 2);
        p.state.nodes[1].demand = 1.8;
        p.state.nodes[2].demand = 1.9;
        QCOMPARE(kube->dispatch({p.state, 0, p.request, p.candidates, rng}), kCloud);
    }

    void registryKnowsEveryListedName()
    {
        const auto selecting = [](const PolicyInfo &info) {
            PolicySelection s;
            (info.plane == Plane::Dispatch        ? s.dispatch
             : info.plane == Plane::Dequeue       ? s.dequeue
             : info.plane == Plane::Orchestration ? s.orchestration
                                                  : s.placement) = info.name;
            return s;
        };
        for (const PolicyInfo &info : policyCatalog()) {
            QCOMPARE(info.make == nullptr, info.plane == Plane::Global);
            if (info.plane == Plane::Global)
                continue;
            if (info.agent.empty()) {
                const PolicySet set = buildPolicySet(selecting(info), nullptr);
                QVERIFY(set.dispatch && set.dequeue && set.orchestration && set.placement);
            } else { // learned: refused without weights, with a way out
                try {
                    buildPolicySet(selecting(info), nullptr);
                    QFAIL("a learned policy was made without a checkpoint");
                } catch (const std::invalid_argument &e) {
                    QVERIFY2(std::string(e.what()).find("--agent " + info.agent) !=
                                 std::string::npos,
                             e.what());
                }
            }
            QVERIFY(isKnownPolicy(info.plane, info.name));
        }
        PolicySelection nope;
        nope.dispatch = "nope";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildPolicySet(nope, nullptr));
        QVERIFY(unknownPolicyMessage(Plane::Dispatch, "round-robn").find("'round-robin'") !=
                std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestDispatchPolicies)
#include "tst_dispatchpolicies.moc"
