// SPDX-License-Identifier: GPL-3.0-or-later
// The KaiS knobs (H, λ_e, λ', γ, ε) as `policies: {kais: {...}}`: read, written,
// checked, and read by the policies that use them.
#include "common/bundledscenario.h"
#include "common/cli.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "scenario/scenarioio.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace schedlab;

namespace {
std::string tutorialWith(const std::string &kais)
{
    QFile f(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read the tutorial");
    std::string text = f.readAll().toStdString();
    const std::string from = "placement: kube-default}";
    const std::size_t at = text.rfind(from);
    return text.replace(at, from.size(), "placement: kube-default, kais: " + kais + "}");
}

double onTime(const Scenario &s, const char *dequeue)
{
    RunOptions o;
    o.seed = 4;
    o.policies = s.policies;
    o.policies.dequeue = dequeue;
    Engine engine(s, buildPolicySet(o), o.config());
    return engine.run().value("throughput_rate");
}
} // namespace

class TestKaisParameters : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readWrittenAndReadAgain()
    {
        const ScenarioLoad load = loadScenarioText(
            tutorialWith("{H: 3, lambda_e: 0.8, lambda_prime: 0.25, gamma: 0.7, epsilon: 2}"));
        QVERIFY2(load.ok(), load.errors.empty() ? "" : load.errors[0].format().c_str());
        const KaisParameters &k = load.scenario->policies.kais;
        QCOMPARE(k.nodesPerFrame, 3);
        QCOMPARE(k.experienceDiscount, 0.8);
        QCOMPARE(k.latePenalty, 0.25);
        QCOMPARE(k.discount, 0.7);
        QCOMPARE(k.epsilon, 2.0);
        const std::string text = saveScenarioText(*load.scenario);
        QVERIFY(text.find("kais: {H: 3, lambda_e: 0.8, lambda_prime: 0.25, gamma: 0.7, "
                          "epsilon: 2}") != std::string::npos);
        const ScenarioLoad again = loadScenarioText(text);
        QVERIFY(again.ok());
        QCOMPARE(again.scenario->policies.kais, k);
        // Defaults are not written.
        const Scenario plain = test::bundledScenario("tutorial");
        QVERIFY(saveScenarioText(plain).find("kais:") == std::string::npos);
    }

    void outOfRangeAndTyposAreNamed_data()
    {
        QTest::addColumn<QString>("kais");
        QTest::addColumn<QString>("expected");
        QTest::newRow("lambda_e 1") << "{lambda_e: 1}"
                                    << "policies.kais.lambda_e: must lie strictly between 0 and 1, "
                                       "got 1";
        QTest::newRow("gamma 0") << "{gamma: 0}"
                                 << "policies.kais.gamma: must lie in (0, 1], got 0";
        QTest::newRow("H 0") << "{H: 0}"
                             << "policies.kais.H: must be > 0, got 0";
        QTest::newRow("epsilon -1") << "{epsilon: -1}"
                                    << "policies.kais.epsilon: must not be negative, got -1";
        QTest::newRow("typo") << "{epsilom: 1}"
                              << "did you mean 'epsilon'";
        QTest::newRow("encoder") << "{encoder: stackin}"
                                 << "policies.kais.encoder: expected gnn or stacking, got "
                                    "'stackin' (did you mean 'stacking'?)";
    }
    void outOfRangeAndTyposAreNamed()
    {
        QFETCH(QString, kais);
        QFETCH(QString, expected);
        const ScenarioLoad load = loadScenarioText(tutorialWith(kais.toStdString()));
        QVERIFY(!load.ok());
        QVERIFY2(load.errors[0].format().find(expected.toStdString()) != std::string::npos,
                 load.errors[0].format().c_str());
    }

    /** `--set` changes them from the command line, checked like the file's own. */
    void setFromTheCommandLine()
    {
        const auto base = test::cli({"run", "scenarios/kais-testbed.yaml", "--json"});
        QVERIFY2(base.exitCode == 0, base.err.constData());
        const auto changed =
            test::cli({"run", "scenarios/kais-testbed.yaml", "--json", "--set",
                       "policies.kais.lambda_prime=0.01", "--set", "policies.kais.lambda_e=0.1"});
        QVERIFY2(changed.exitCode == 0, changed.err.constData());
        const auto onTime = [](const QByteArray &json) {
            return QJsonDocument::fromJson(json).object().value("on_time").toDouble(-1);
        };
        QVERIFY(onTime(base.out) > 0);
        QVERIFY(onTime(changed.out) > 0 && onTime(changed.out) != onTime(base.out));
        const auto bad =
            test::cli({"run", "scenarios/kais-testbed.yaml", "--set", "policies.kais.lambda_e=1"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("policies.kais.lambda_e: must lie strictly between 0 and 1"),
                 bad.err.constData());
    }

    void theDequeueReadsLambdas()
    {
        Scenario s = test::bundledScenario("tutorial");
        s.workload.requests.rate = 14.0; // queues form, so the order matters
        const double base = onTime(s, "discounted-experience");
        QCOMPARE(onTime(s, "discounted-experience"), base);
        s.policies.kais.latePenalty = 0.999;
        s.policies.kais.experienceDiscount = 0.01;
        QVERIFY(onTime(s, "discounted-experience") != base);
        Scenario defaults = s;
        defaults.policies.kais = {};
        QCOMPARE(onTime(s, "fifo"), onTime(defaults, "fifo")); // fifo ignores them
    }
};

QTEST_GUILESS_MAIN(TestKaisParameters)
#include "tst_kaisparameters.moc"
