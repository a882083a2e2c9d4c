// SPDX-License-Identifier: GPL-3.0-or-later
// KaiS's optimisation baselines (Sec. V), Firmament and GSP-SS, from the command
// line on the bundled KaiS setting, in one table with the other baselines.
#include "common/cli.h"

#include <QRegularExpression>
#include <QtTest>

namespace {
using schedlab::test::cli;
using Result = schedlab::test::CliResult;

QJsonObject metricsOf(const QJsonArray &policies, const QString &name)
{
    for (const QJsonValue &p : policies)
        if (p.toObject().value("name").toString() == name)
            return p.toObject().value("metrics").toObject();
    return {};
}

double meanOf(const QJsonObject &metrics, const char *metric)
{
    return metrics.value(QLatin1String(metric)).toObject().value("mean").toDouble(-1.0);
}

/** The numbers of a comparison that do not depend on the machine. */
QJsonArray deterministicPart(QJsonArray policies)
{
    for (QJsonValueRef p : policies) {
        QJsonObject o = p.toObject();
        QJsonObject m = o.value("metrics").toObject();
        for (const char *k : {"decision_time_us_mean", "orchestration_time_us_mean", "wall_seconds",
                              "sim_requests_per_second"})
            m.remove(QLatin1String(k));
        o.insert("metrics", m);
        p = o;
    }
    return policies;
}
} // namespace

class TestOptimisationBaselines : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listedWithTheOtherPolicies()
    {
        const Result r = cli({"list-policies", "--json"});
        QCOMPARE(r.exitCode, 0);
        QStringList names;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out).array())
            names << v.toObject().value("plane").toString() + "/" +
                         v.toObject().value("name").toString();
        QVERIFY2(names.contains("dispatch/firmament"), qPrintable(names.join(' ')));
        QVERIFY2(names.contains("orchestration/gsp-ss"), qPrintable(names.join(' ')));
    }

    void firmamentComparedWithGreedyAndRandom()
    {
        const QStringList args = {"compare",    "scenarios/kais-edge-cloud.yaml",
                                  "--dispatch", "firmament,greedy,random",
                                  "--seeds",    "2",
                                  "--duration", "1m",
                                  "--json"};
        const Result r = cli(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonArray policies =
            QJsonDocument::fromJson(r.out).object().value("policies").toArray();
        QCOMPARE(policies.size(), 3);
        const QJsonObject firmament = metricsOf(policies, "firmament");
        QVERIFY(meanOf(firmament, "throughput_rate") > 0.0);
        QCOMPARE(firmament.value("throughput_rate").toObject().value("n").toInt(), 2);
        QVERIFY(meanOf(firmament, "scheduling_delay_ms_mean") >= 200.0);
        QVERIFY(!metricsOf(policies, "greedy").contains("scheduling_delay_ms_mean"));
        QVERIFY(meanOf(metricsOf(policies, "random"), "throughput_rate") > 0.0);

        const Result again = cli(args);
        QCOMPARE(deterministicPart(
                     QJsonDocument::fromJson(again.out).object().value("policies").toArray()),
                 deterministicPart(policies));
    }

    void gspSsComparedWithHpaAndStatic()
    {
        const QStringList args = {"compare",         "scenarios/kais-edge-cloud.yaml",
                                  "--orchestration", "gsp-ss,hpa,static",
                                  "--seeds",         "2",
                                  "--duration",      "1m",
                                  "--json"};
        const Result r = cli(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonArray policies =
            QJsonDocument::fromJson(r.out).object().value("policies").toArray();
        QCOMPARE(policies.size(), 3);
        for (const char *name : {"gsp-ss", "hpa", "static"})
            QVERIFY2(meanOf(metricsOf(policies, name), "throughput_rate") > 0.0, name);
        // Static never pulls an image; GSP-SS moves replicas to where its LP wants them.
        QCOMPARE(meanOf(metricsOf(policies, "static"), "pulled_image_bytes"), 0.0);
        QVERIFY(meanOf(metricsOf(policies, "gsp-ss"), "pulled_image_bytes") > 0.0);

        const Result again = cli(args);
        QCOMPARE(deterministicPart(
                     QJsonDocument::fromJson(again.out).object().value("policies").toArray()),
                 deterministicPart(policies));
    }

    void tableHasAllBaselinesInOneComparison()
    {
        const Result r =
            cli({"compare", "scenarios/kais-edge-cloud.yaml", "--dispatch", "firmament,greedy",
                 "--orchestration", "gsp-ss,hpa", "--seeds", "2", "--duration", "30s"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString table = QString::fromUtf8(r.out);
        for (const char *label :
             {"firmament", "greedy", "gsp-ss", "hpa", "scheduling_delay_ms_mean"})
            QVERIFY2(table.contains(QLatin1String(label)), qPrintable(table));
        // Each row has a cell per column: greedy's delay cell is "-".
        static const QRegularExpression emptyCell(QStringLiteral("\\s-(\\s|$)"));
        const QStringList lines = table.split('\n');
        const QString header = lines.value(1);
        for (const QString &line : lines.mid(2))
            if (line.startsWith("greedy"))
                QVERIFY2(line.trimmed().contains(emptyCell), qPrintable(line));
        QVERIFY(header.contains("policy"));
    }
};

QTEST_GUILESS_MAIN(TestOptimisationBaselines)
#include "tst_optimisationbaselines.moc"
