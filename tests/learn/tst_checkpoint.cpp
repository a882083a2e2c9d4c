// SPDX-License-Identifier: GPL-3.0-or-later
// cMMAC checkpoints: a bit-exact round trip, and corrupt, truncated, foreign or
// mismatched files refused with a message naming the file, the networks untouched.
#include "learn/learnedpolicies.h"
#include "train/checkpoint.h"
#include "train/cmmacnets.h"

#include <QtTest/QtTest>
#include <cmath>
#include <fstream>
#include <iterator>

using namespace schedlab;

namespace {

constexpr int kState = 16, kActions = 5, kGlobal = 40;

std::string readAll(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

void writeAll(const std::string &path, const std::string &bytes)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(bytes.data(), std::streamsize(bytes.size()));
}

/** A trained step away from the initial weights, so a load that did nothing shows. */
void nudge(ActorNet &actor, CriticNet &critic)
{
    const std::vector<float> s(actor.stateSize(), 0.5f), g(critic.stateSize(), 0.25f);
    const std::vector<std::uint8_t> m(actor.actions(), 1);
    actor.policyGradientStep(s, m, std::vector<int>{3}, std::vector<float>{1.0f});
    critic.regressionStep(g, std::vector<float>{2.0f});
}

} // namespace

class TestCheckpoint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripBitExact()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("cmmac.ckpt").toStdString();
        ActorNet actor(kState, kActions, 1);
        CriticNet critic(kGlobal, 2);
        nudge(actor, critic);
        saveCheckpoint(path, actor, critic);

        ActorNet actor2(kState, kActions, 99);
        CriticNet critic2(kGlobal, 98);
        QVERIFY(!(actor2.weights() == actor.weights()));
        loadCheckpoint(path, actor2, critic2);
        QVERIFY(actor2.weights() == actor.weights()); // float ==: bit-exact for non-NaN
        QVERIFY(critic2.weights() == critic.weights());
        const std::vector<float> s(kState, 0.1f);
        const std::vector<std::uint8_t> m(kActions, 1);
        QCOMPARE(actor2.policy(s, m), actor.policy(s, m));

        // Saving again gives the same bytes.
        const std::string again = dir.filePath("again.ckpt").toStdString();
        saveCheckpoint(again, actor2, critic2);
        QCOMPARE(readAll(again), readAll(path));
    }

    void badFilesRefused_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("message");
        QTest::newRow("flipped weight byte") << "flip"
                                             << "corrupt: the checksum";
        QTest::newRow("flipped checksum byte") << "flip-last"
                                               << "corrupt: the checksum";
        QTest::newRow("truncated half way") << "half"
                                            << "truncated";
        QTest::newRow("truncated to the header") << "header"
                                                 << "truncated";
        QTest::newRow("empty file") << "empty"
                                    << "bad magic";
        QTest::newRow("not a checkpoint") << "text"
                                          << "bad magic";
        QTest::newRow("future version") << "version"
                                        << "format version 7";
        QTest::newRow("other actor sizes") << "other-actor"
                                           << "actor's layer 0 is 256x17";
        QTest::newRow("other critic sizes") << "other-critic"
                                            << "critic's layer 0 is 256x41";
        QTest::newRow("missing file") << "missing"
                                      << "cannot read the checkpoint: No such file";
    }
    void badFilesRefused()
    {
        QFETCH(QString, damage);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string path = dir.filePath("bad.ckpt").toStdString();
        {
            ActorNet actor(damage == "other-actor" ? kState + 1 : kState, kActions, 1);
            CriticNet critic(damage == "other-critic" ? kGlobal + 1 : kGlobal, 2);
            nudge(actor, critic);
            saveCheckpoint(path, actor, critic);
        }
        std::string bytes = readAll(path);
        if (damage == "flip")
            bytes[bytes.size() / 2] ^= 0x10;
        else if (damage == "flip-last")
            bytes.back() ^= 0x01;
        else if (damage == "half")
            bytes.resize(bytes.size() / 2);
        else if (damage == "header")
            bytes.resize(14);
        else if (damage == "empty")
            bytes.clear();
        else if (damage == "text")
            bytes = "schedlab: 1\nname: not a checkpoint\n";
        else if (damage == "version")
            bytes[8] = 7;
        if (damage == "missing")
            std::remove(path.c_str());
        else
            writeAll(path, bytes);

        ActorNet actor(kState, kActions, 5);
        CriticNet critic(kGlobal, 6);
        const auto a = actor.weights();
        const auto c = critic.weights();
        try {
            loadCheckpoint(path, actor, critic);
            QFAIL("a bad checkpoint was loaded");
        } catch (const CheckpointError &e) {
            const QString what = QString::fromStdString(e.what());
            QVERIFY2(what.startsWith(QString::fromStdString(path) + ": "), qPrintable(what));
            QVERIFY2(what.contains(message), qPrintable(what));
        }
        QVERIFY(actor.weights() == a); // nothing lost
        QVERIFY(critic.weights() == c);
    }

    /** After the checksum: weights must be finite, and a policy runs only its own
     *  agent's model, saying which it got. */
    void checkedBeyondTheChecksum()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("nan.slm").toStdString();
        LearnedModel m;
        m.agent = "cmmac";
        m.nets["cmmac.critic"].layers.push_back({2, 1, {0.5f, std::nanf("")}, {0.0f}});
        saveModel(path, m); // a valid checksum over a NaN
        try {
            loadModel(path);
            QFAIL("a NaN weight was loaded");
        } catch (const CheckpointError &e) {
            const QString what = e.what();
            QVERIFY2(what.startsWith(QString::fromStdString(path)) && what.contains("finite"),
                     qPrintable(what));
        }
        LearnedModel other;
        other.agent = "kaisx";
        try {
            makeCmmacDispatch(other);
            QFAIL("a model of another agent ran as cmmac");
        } catch (const std::invalid_argument &e) {
            QVERIFY2(QString(e.what()).contains("trained by agent 'kaisx'; this policy needs "
                                                "cmmac or kais"),
                     e.what());
        }
        other.agent = "drs";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makeGpgOrchestration(other));
    }
};

QTEST_GUILESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
