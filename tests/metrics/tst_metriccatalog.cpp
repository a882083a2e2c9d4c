// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/comparison.h"
#include "global/globalresult.h"
#include "metrics/metriccatalog.h"
#include "scenario/scenarioio.h"

#include <QFile>
#include <QtTest>

using namespace schedlab;

namespace {
Scenario bundled(const char *name)
{
    ScenarioLoad load = loadScenarioFile(std::string(SCHEDLAB_SOURCE_DIR) + "/scenarios/" + name);
    if (!load.ok())
        qFatal("%s: %s", name, load.errors.front().format().c_str());
    return std::move(*load.scenario);
}

std::vector<std::string> names(const RunResult &r)
{
    std::vector<std::string> out;
    for (const MetricValue &m : r.metrics)
        out.push_back(m.name);
    return out;
}

/** The metrics of `reported` keep the catalog's order. */
bool inCatalogOrder(const std::vector<std::string> &reported)
{
    std::size_t last = 0;
    for (const std::string &name : reported) {
        const MetricInfo *m = findMetric(name);
        if (!m)
            return false;
        const std::size_t at = std::size_t(m - metricCatalog().data());
        if (at < last)
            return false;
        last = at;
    }
    return true;
}

QString readmeSection()
{
    QFile f(QStringLiteral(SCHEDLAB_SOURCE_DIR "/README.md"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read README.md");
    const QString text = QString::fromUtf8(f.readAll());
    const qsizetype from = text.indexOf(QLatin1String("## What a run measures"));
    const qsizetype to = text.indexOf(QLatin1String("\n## "), from + 1);
    return from < 0 ? QString() : text.mid(from, to - from);
}
} // namespace

class TestMetricCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyReportedMetricHasARowInReportOrder_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("dispatch");
        QTest::addColumn<QString>("expect"); // one metric only such runs report
        QTest::newRow("requests") << "tutorial.yaml" << "greedy" << "response_ms_p95";
        QTest::newRow("centralised") << "tutorial.yaml" << "firmament" << "scheduling_delay_ms_mean";
        QTest::newRow("pods") << "lrscheduler-edge.yaml" << "" << "download_bytes";
        QTest::newRow("serving") << "kubehice-hetero.yaml" << "" << "qps";
        QTest::newRow("drs usage") << "drs-five-node.yaml" << "" << "drs_reward";
    }
    void everyReportedMetricHasARowInReportOrder()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, dispatch);
        QFETCH(QString, expect);
        Scenario s = bundled(qPrintable(scenario));
        PolicySelection p = s.policies;
        if (!dispatch.isEmpty())
            p.dispatch = dispatch.toStdString();
        const RunResult r = runScenario(s, p, 1, 20.0);
        const std::vector<std::string> reported = names(r);
        QVERIFY(std::find(reported.begin(), reported.end(), expect.toStdString()) != reported.end());
        QVERIFY(inCatalogOrder(reported));
        for (const MetricValue &m : r.metrics)
            QCOMPARE(m.wallClock, metricInfo(m.name).wallClock);
    }

    void globalRunsReportTheGlobalGroup()
    {
        std::vector<std::string> reported;
        for (const auto &[name, value] : global::GlobalResult{}.metrics())
            reported.push_back(name);
        QCOMPARE(reported, metricNames(MetricGroup::Global));
    }

    void anUnknownMetricIsAProgrammingError()
    {
        QVERIFY(findMetric("no_such_metric") == nullptr);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, metricValue("no_such_metric", 1.0));
    }

    void keyMetricsFollowGroupsAndWhatWasReported()
    {
        const std::vector<std::string> reported = {"throughput_rate", "avg_util", "download_bytes",
                                                   "decision_time_us_mean"};
        const MetricGroup podsOnly[] = {MetricGroup::Utilisation, MetricGroup::Pods};
        QCOMPARE(keyMetrics(podsOnly, reported),
                 (std::vector<std::string>{"avg_util", "download_bytes"}));
        const MetricGroup withRequests[] = {MetricGroup::Requests, MetricGroup::Utilisation};
        QCOMPARE(keyMetrics(withRequests, reported),
                 (std::vector<std::string>{"throughput_rate", "avg_util", "decision_time_us_mean"}));

        std::vector<VariantSummary> summary(1);
        summary[0].metrics = {{"throughput_rate", {0.5, 0, 1}}, {"arrived", {0, 0, 1}},
                              {"avg_util", {0.1, 0, 1}}, {"decision_time_us_mean", {1, 0, 1}}};
        QCOMPARE(keyMetrics(summary, true), (std::vector<std::string>{"avg_util"}));
        summary[0].metrics[1].second.mean = 10;
        QCOMPARE(keyMetrics(summary, false), (std::vector<std::string>{"throughput_rate", "avg_util"}));
    }

    void theReadmeDescribesEveryMetric()
    {
        const QString section = readmeSection();
        QVERIFY2(!section.isEmpty(), "README.md has no section '## What a run measures'");
        QStringList missing;
        for (const MetricInfo &m : metricCatalog())
            if (!section.contains(QString::fromStdString(markdownRow(m))))
                missing << QString::fromUtf8(m.name.data(), qsizetype(m.name.size()));
        QVERIFY2(missing.isEmpty(),
                 qPrintable("README.md's metric tables miss or misdescribe " + missing.join(", ") +
                            "; paste `schedlab-cli list-metrics --markdown` into its section "
                            "'What a run measures'"));
    }
};

QTEST_APPLESS_MAIN(TestMetricCatalog)
#include "tst_metriccatalog.moc"
