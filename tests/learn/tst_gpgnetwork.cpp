// SPDX-License-Identifier: GPL-3.0-or-later
// The GPG networks (KaiS Sec. III-B, IV-C): the plain C++ forward pass against
// torch's, eq. 11's softmax and the draw of H distinct nodes, gradients of eq. 12
// reaching every network, and a model's round trip through a checkpoint file.
#include "common/maxabsdiff.h"
#include "learn/gpgaction.h"
#include "learn/gpgforward.h"
#include "learn/gpgmodel.h"
#include "train/gpgnetwork.h"
#include "learn/learnedmodel.h"
#include "state/random.h"

#include <QtTest/QtTest>
#include <cmath>
#include <set>

using namespace schedlab;

namespace {

/** kais-edge-cloud: 30 services. */
constexpr GpgLayout kKais{30};

/** Two eAPs, of two and three nodes; a third eAP of one node (no neighbours). */
const std::vector<int> kGroups{0, 0, 1, 1, 1, 2};

std::vector<float> randomStates(Rng &rng, const GpgLayout &layout, int nodes)
{
    std::vector<float> s(std::size_t(nodes) * layout.size());
    for (float &v : s)
        v = float(rng.uniform(0.0, 2.0));
    return s;
}

LearnedModel modelOf(const GpgNetwork &net)
{
    LearnedModel m;
    m.agent = "gpg";
    m.nets = net.weights();
    return m;
}

GpgBatch randomBatch(Rng &rng, const GpgLayout &layout, int samples)
{
    GpgBatch b{kGroups, 3, {}};
    for (int i = 0; i < samples; ++i) {
        GpgSample s;
        s.states = randomStates(rng, layout, int(kGroups.size()));
        s.nodes = {int(rng.below(3)), 3 + int(rng.below(3))};
        s.scaling = {int(rng.below(layout.actions())), int(rng.below(layout.actions()))};
        s.advantage = float(rng.uniform(-1.0, 1.0));
        b.samples.push_back(std::move(s));
    }
    return b;
}

using test::maxAbsDiff;

} // namespace

class TestGpgNetwork : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void layoutAndShapes()
    {
        QCOMPARE(kKais.size(), 7 + 2 * 30);
        QCOMPARE(kKais.actions(), 61);
        QCOMPARE(kKais.noAction(), 30);
        QCOMPARE(kKais.addAction(0), 31);
        QCOMPARE(kKais.deleteAction(0), 29);
        QCOMPARE(kKais.serviceOf(kKais.addAction(29)), 29);
        QCOMPARE(kKais.serviceOf(kKais.deleteAction(29)), 29);
        QCOMPARE(kKais.direction(kKais.deleteAction(4)), -1);
        QCOMPARE(kKais.serviceOf(kKais.noAction()), -1);
        const std::vector<int> gnn{67, 64, 32, 67}, g{201, 128, 64, 32, 1}, q{201, 128, 64, 32, 61};
        QCOMPARE(GpgNets::sizes(GpgNets::kF2, kKais), gnn);
        QCOMPARE(GpgNets::sizes(GpgNets::kG, kKais), g);
        QCOMPARE(GpgNets::sizes(GpgNets::kQ, kKais), q);
    }

    void fastPathEqualsTorch_data()
    {
        QTest::addColumn<int>("services");
        QTest::addColumn<int>("trainSteps");
        QTest::newRow("kais, initial") << 30 << 0;
        QTest::newRow("kais, trained") << 30 << 10;
        QTest::newRow("tutorial, trained") << 4 << 10;
    }
    /** GpgForward's g_n and q_{n,l} equal torch's within 1e-5, for every node. */
    void fastPathEqualsTorch()
    {
        QFETCH(int, services);
        QFETCH(int, trainSteps);
        const GpgLayout layout{services};
        Rng rng(7);
        GpgNetwork net(layout, 3);
        for (int k = 0; k < trainSteps; ++k) {
            const GpgBatch b = randomBatch(rng, layout, 4);
            net.policyGradientStep(std::span(&b, 1));
        }
        GpgForward fast(modelOf(net), layout, "test");
        for (int k = 0; k < 10; ++k) {
            const auto s = randomStates(rng, layout, int(kGroups.size()));
            fast.embed(s, kGroups, 3);
            QVERIFY2(maxAbsDiff(fast.nodeValues(), net.nodeValues(s, kGroups, 3)) < 1e-5f,
                     "g differs");
            const auto q = net.scalingValues(s, kGroups, 3);
            for (int n = 0; n < int(kGroups.size()); ++n)
                QVERIFY2(maxAbsDiff(fast.scalingValues(n),
                                    std::span(q).subspan(std::size_t(n) * layout.actions(),
                                                         layout.actions())) < 1e-5f,
                         "q differs");
        }
    }

    /** State stacking (KaiS Fig. 13b): no GNN networks, θ_g and θ_q read [s̃_n, every
     *  s̃], the fast path equals torch before and after training, a node's values change
     *  with another node's state, and a site of another size is refused. */
    void stateStackingEqualsTorch()
    {
        GpgLayout layout{4};
        layout.stacked = int(kGroups.size());
        Rng rng(19);
        GpgNetwork net(layout, 4);
        QCOMPARE(net.weights().size(), std::size_t(2));
        QCOMPARE(GpgNets::sizes(GpgNets::kG, layout).front(),
                 layout.embedding() * (1 + int(kGroups.size())));
        for (int k = 0; k < 5; ++k) {
            const GpgBatch b = randomBatch(rng, layout, 4);
            net.policyGradientStep(std::span(&b, 1));
        }
        LearnedModel model = modelOf(net);
        model.info[kGpgEncoderKey] = "stacking";
        model.info[kGpgStackedNodesKey] = std::to_string(kGroups.size());
        QCOMPARE(gpgLayoutOf(model, 4).stacked, int(kGroups.size()));
        GpgForward fast(model, gpgLayoutOf(model, 4), "test");
        auto s = randomStates(rng, layout, int(kGroups.size()));
        fast.embed(s, kGroups, 3);
        QVERIFY(maxAbsDiff(fast.nodeValues(), net.nodeValues(s, kGroups, 3)) < 1e-5f);
        const float before = fast.nodeValues()[0];
        s.back() += 1.0f; // the last node's state: seen by node 0 through the stack
        fast.embed(s, kGroups, 3);
        QVERIFY(fast.nodeValues()[0] != before);
        const std::vector<int> fewer(kGroups.begin(), kGroups.end() - 1);
        s.resize(fewer.size() * std::size_t(layout.embedding()));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fast.embed(s, fewer, 3));
    }

    /** Eq. 11 sums to 1; H nodes are distinct, drawn or chosen; greedy takes the top H. */
    void nodeSoftmaxAndDistinctNodes()
    {
        const GpgLayout layout{4};
        Rng rng(13);
        GpgNetwork net(layout, 5);
        GpgForward fast(modelOf(net), layout, "test");
        const int nodes = int(kGroups.size());
        for (int k = 0; k < 20; ++k) {
            fast.embed(randomStates(rng, layout, nodes), kGroups, 3);
            const auto sigma = fast.nodeProbabilities();
            double sum = 0.0;
            for (double p : sigma)
                sum += p;
            QVERIFY(std::abs(sum - 1.0) < 1e-9);
            for (int h : {1, 2, nodes, nodes + 3}) {
                const GpgAction drawn = chooseGpgAction(fast, h, &rng);
                QCOMPARE(int(drawn.nodes.size()), std::min(h, nodes));
                QCOMPARE(drawn.scaling.size(), drawn.nodes.size());
                QCOMPARE(int(std::set<int>(drawn.nodes.begin(), drawn.nodes.end()).size()),
                         int(drawn.nodes.size()));
                for (int a : drawn.scaling)
                    QVERIFY(a >= 0 && a < layout.actions());
            }
            const GpgAction top = chooseGpgAction(fast, 2, nullptr);
            std::vector<int> order(nodes);
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(),
                             [&](int a, int b) { return sigma[a] > sigma[b]; });
            QCOMPARE(top.nodes, std::vector<int>(order.begin(), order.begin() + 2));
            const auto q = fast.scalingValues(top.nodes[0]);
            QCOMPARE(top.scaling[0], int(std::max_element(q.begin(), q.end()) - q.begin()));
        }
    }

    /** Eq. 12's gradient reaches every network (the three GNN levels, θ_g, θ_q), the
     *  loss changes, and a rewarded action becomes more probable. */
    void gradientsFlowAndLossChanges()
    {
        const GpgLayout layout{4};
        Rng rng(17);
        GpgNetwork net(layout, 9);
        const auto before = net.weights();
        GpgBatch b = randomBatch(rng, layout, 6);
        for (GpgSample &s : b.samples) { // one action, always rewarded
            s.states = b.samples.front().states;
            s.nodes = {1, 4};
            s.scaling = {layout.addAction(2), layout.noAction()};
            s.advantage = 1.0f;
        }
        const auto &s0 = b.samples.front().states;
        const auto addProbability = [&] { // node 1's p(l = +3rd service)
            const auto q = net.scalingValues(s0, kGroups, 3);
            return softmax(std::span<const float>(q).subspan(
                layout.actions(), layout.actions()))[layout.addAction(2)];
        };
        const double q0 = addProbability();
        const double first = net.policyGradientStep(std::span(&b, 1)).loss;
        double last = first;
        for (int k = 0; k < 30; ++k)
            last = net.policyGradientStep(std::span(&b, 1)).loss;
        QVERIFY2(last < first, qPrintable(QString("loss %1 -> %2").arg(first).arg(last)));
        const auto after = net.weights();
        for (const std::string &name : GpgNets::names())
            QVERIFY2(!(before.at(name) == after.at(name)), name.c_str());
        const double q1 = addProbability();
        QVERIFY2(q1 > q0, qPrintable(QString("p(add) %1 -> %2").arg(q0).arg(q1)));
    }

    void sameSeedSameWeights()
    {
        const GpgLayout layout{3};
        QVERIFY(GpgNetwork(layout, 4).weights() == GpgNetwork(layout, 4).weights());
        QVERIFY(!(GpgNetwork(layout, 4).weights() == GpgNetwork(layout, 5).weights()));
    }

    /** A model survives saveModel/loadModel bit-exact and loads into another network;
     *  one for another W is refused, naming the network. */
    void modelRoundTrips()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("gpg.model").toStdString();
        const GpgLayout layout{4};
        Rng rng(3);
        GpgNetwork net(layout, 1);
        const GpgBatch b = randomBatch(rng, layout, 3);
        net.policyGradientStep(std::span(&b, 1));
        LearnedModel model = modelOf(net);
        model.info[kGpgNodesPerFrameKey] = "2";
        saveModel(path, model);
        const LearnedModel loaded = loadModel(path);
        QVERIFY(loaded == model);
        QCOMPARE(GpgNets::servicesOf(loaded), 4);

        GpgNetwork other(layout, 2);
        other.setWeights(loaded, path);
        QVERIFY(other.weights() == net.weights());
        GpgNetwork wider(GpgLayout{5}, 2);
        const auto untouched = wider.weights();
        try {
            wider.setWeights(loaded, path);
            QFAIL("a model for 4 services loaded into a network for 5");
        } catch (const CheckpointError &e) {
            QVERIFY2(std::string(e.what()).find("gpg.") != std::string::npos, e.what());
        }
        QVERIFY(wider.weights() == untouched);
    }
};

QTEST_GUILESS_MAIN(TestGpgNetwork)
#include "tst_gpgnetwork.moc"
