// SPDX-License-Identifier: GPL-3.0-or-later
// A fingerprint per bundled scenario (OMNeT++ style): the hash of a run's
// deterministic summary and per-frame series, checked in under
// tests/data/fingerprints. A change in the model changes it on purpose only:
// regenerate with SCHEDLAB_UPDATE_FINGERPRINTS=1 and say why in the commit.
#include "experiment/comparison.h"
#include "scenario/scenarioio.h"
#include "state/random.h"

#include <QtTest>
#include <cstdio>

using namespace schedlab;

namespace {
std::string summaryText(const RunResult &r)
{
    std::string out;
    char buf[96];
    for (const MetricValue &m : r.metrics) {
        if (m.wallClock)
            continue;
        std::snprintf(buf, sizeof buf, "%.17g", m.value);
        out += m.name + "=" + buf + "\n";
    }
    for (const FramePoint &f : r.frames) {
        std::snprintf(buf, sizeof buf, "%.17g %.17g %.17g\n", f.throughput, f.avgUtil, f.edgeReplicas);
        out += buf;
    }
    return out;
}

QString fingerprintPath(const QString &name)
{
    return QStringLiteral(SCHEDLAB_TEST_DATA "/fingerprints/%1.txt").arg(name);
}
} // namespace

class TestFingerprint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bundledScenario_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("seconds");
        QTest::newRow("tutorial") << "tutorial" << 120.0;
        QTest::newRow("kais-edge-cloud") << "kais-edge-cloud" << 120.0;
        QTest::newRow("kais-large") << "kais-large" << 30.0;
        QTest::newRow("lrscheduler-edge") << "lrscheduler-edge" << 2400.0;
        QTest::newRow("kubehice-hetero") << "kubehice-hetero" << 1200.0;
        QTest::newRow("drs-five-node") << "drs-five-node" << 1200.0;
    }

    void bundledScenario()
    {
        QFETCH(QString, name);
        QFETCH(double, seconds);
        const std::string path = SCHEDLAB_SOURCE_DIR "/scenarios/" + name.toStdString() + ".yaml";
        const ScenarioLoad load = loadScenarioFile(path);
        QVERIFY2(load.ok(), path.c_str());
        const Scenario &s = *load.scenario;

        const RunResult first = runScenario(s, s.policies, s.seed, seconds);
        const RunResult second = runScenario(s, s.policies, s.seed, seconds);
        const std::string text = summaryText(first);
        QCOMPARE(summaryText(second), text);

        char hash[32];
        std::snprintf(hash, sizeof hash, "%016llx",
                      static_cast<unsigned long long>(stableHash(text)));
        QFile file(fingerprintPath(name));
        if (qEnvironmentVariableIsSet("SCHEDLAB_UPDATE_FINGERPRINTS")) {
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(QByteArray(hash) + "\n");
            return;
        }
        QVERIFY2(file.open(QIODevice::ReadOnly),
                 qPrintable("no fingerprint for " + name + "; it would be " + hash));
        QCOMPARE(QString::fromLatin1(file.readAll()).trimmed(), QString::fromLatin1(hash));
    }
};

QTEST_GUILESS_MAIN(TestFingerprint)
#include "tst_fingerprint.moc"
