// SPDX-License-Identifier: GPL-3.0-or-later
// Charts built from comparison results: exact means and intervals, CDFs, bars, colours.
#include "chartbuilders.h"
#include "chartstyle.h"
#include "sweepchart.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace schedlab;
using namespace schedlab::charts;

namespace {
// Student t quantile for 97.5% and 2 degrees of freedom.
constexpr double kT2 = 4.302652729911275;

CellResult cell(int variant, int seed, std::vector<double> throughput,
                std::vector<std::pair<double, double>> cdf = {})
{
    CellResult c;
    c.variant = variant;
    c.seedIndex = seed;
    for (std::size_t f = 0; f < throughput.size(); ++f)
        c.result.frames.push_back({25.0 * double(f + 1), throughput[f]});
    c.result.responseCdf = std::move(cdf);
    return c;
}

ComparisonSpec twoBySeeds()
{
    ComparisonSpec spec;
    spec.variants = {{"greedy", {}}, {"random", {}}};
    spec.seeds = {1, 2, 3};
    return spec;
}

VariantSummary summaryOf(const std::string &label, double mean, double ci)
{
    VariantSummary v;
    v.label = label;
    v.metrics = {{"throughput_rate", {mean, ci, 3}}, {"dropped", {10.0, 1.0, 3}}};
    return v;
}
} // namespace

class TestChartBuilders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void throughputIsTheMeanWithAStudentTBand()
    {
        std::vector<CellResult> cells = {cell(0, 0, {0.5, 1.0}), cell(0, 1, {0.6, 1.0}),
                                         cell(0, 2, {0.7, 1.0}), cell(1, 0, {0.2})};
        CellResult failed = cell(1, 1, {100.0});
        failed.error = "crashed";
        cells.push_back(failed);
        const ChartData d = throughputPerFrame(twoBySeeds(), cells, LastFrame::Keep);
        QVERIFY(d.kind == ChartKind::Lines);
        QCOMPARE(d.series.size(), 2);
        const Series &g = d.series[0];
        QCOMPARE(g.name, QString("greedy"));
        QCOMPARE(g.x, QVector<double>({25.0, 50.0}));
        QVERIFY(g.hasInterval());
        QVERIFY(std::abs(g.y[0] - 0.6) < 1e-12);
        const double ci = kT2 * 0.1 / std::sqrt(3.0);
        QVERIFY2(std::abs(g.upper[0] - (0.6 + ci)) < 1e-9, qPrintable(QString::number(g.upper[0])));
        QVERIFY(std::abs(g.lower[0] - (0.6 - ci)) < 1e-9);
        QCOMPARE(g.lower[1], 1.0); // no spread, no band
        QCOMPARE(g.upper[1], 1.0);
        // The failed run is left out: one seed, no interval.
        QCOMPARE(d.series[1].y, QVector<double>({0.2}));
        QCOMPARE(d.series[1].upper, QVector<double>({0.2}));
    }

    void throughputBandStaysWithinAShare()
    {
        const std::vector<CellResult> cells = {cell(0, 0, {0.8, 0.0}), cell(0, 1, {1.0, 0.2}),
                                               cell(0, 2, {1.0, 0.0})};
        const Series &g = throughputPerFrame(twoBySeeds(), cells, LastFrame::Keep).series.at(0);
        const double tBand = kT2 * 0.2 / std::sqrt(3.0) / std::sqrt(3.0);
        QVERIFY(g.y[0] + tBand > 1.0); // unclamped, the band would pass 1
        QCOMPARE(g.upper[0], 1.0);
        QVERIFY(g.lower[0] > 0.0 && g.lower[0] < g.y[0]);
        QCOMPARE(g.lower[1], 0.0);
        QVERIFY(g.upper[1] > g.y[1]);
    }

    void throughputLeavesOutTheLastFrame()
    {
        // The run stops without draining: the last frame's requests still in flight
        // count as not on time, a cliff that says nothing about the policy.
        const std::vector<CellResult> cells = {cell(0, 0, {0.9, 0.92, 0.5}),
                                               cell(0, 1, {0.88, 0.9, 0.45}), cell(1, 0, {0.7})};
        const ChartData trimmed = throughputPerFrame(twoBySeeds(), cells);
        QCOMPARE(trimmed.series[0].x, QVector<double>({25.0, 50.0}));
        QVERIFY(std::abs(trimmed.series[0].y.back() - 0.91) < 1e-12);
        QCOMPARE(trimmed.series[1].y, QVector<double>({0.7})); // one frame is all there is
        const ChartData all = throughputPerFrame(twoBySeeds(), cells, LastFrame::Keep);
        QCOMPARE(all.series[0].x, QVector<double>({25.0, 50.0, 75.0}));
    }

    void cdfGoesLogarithmicOverTwoDecades()
    {
        // 2 ms to 125 s: a linear axis would press every policy that keeps up against 0.
        const std::vector<CellResult> wide = {
            cell(0, 0, {}, {{0.002, 0.5}, {0.01, 0.9}, {125.0, 1.0}})};
        const ChartData d = responseTimeCdf(twoBySeeds(), wide);
        QVERIFY(d.logX);
        QCOMPARE(d.series[0].x.front(), 2.0);
        const std::vector<CellResult> narrow = {cell(0, 0, {}, {{0.01, 0.5}, {0.9, 1.0}})};
        QVERIFY(!responseTimeCdf(twoBySeeds(), narrow).logX); // 90 times: linear
    }

    void barsReadInTheMetricsUnit()
    {
        VariantSummary v;
        v.label = "greedy";
        v.metrics = {{"scheduling_cost_bytes", {1.73e9, 2e8, 3}}, {"dropped", {4819, 310, 3}}};
        QString error;
        const auto cost = metricBars({v}, "scheduling_cost_bytes", &error);
        QVERIFY2(cost, qPrintable(error));
        QCOMPARE(cost->yLabel, QString("Scheduling cost (GB)"));
        QVERIFY(std::abs(cost->series[0].y[0] - 1.73) < 1e-12);
        QVERIFY(std::abs(cost->series[0].upper[0] - 1.93) < 1e-12);
        QCOMPARE(metricBars({v}, "dropped", &error)->yLabel, QString("Dropped (thousands)"));
    }

    void cdfIsTheMeanOverSeedsAndEndsAtOne()
    {
        const std::vector<CellResult> cells = {cell(0, 0, {}, {{0.1, 0.5}, {0.2, 1.0}}),
                                               cell(0, 1, {}, {{0.1, 0.25}, {0.3, 1.0}})};
        const ChartData d = responseTimeCdf(twoBySeeds(), cells);
        QVERIFY(d.kind == ChartKind::StepCdf);
        QCOMPARE(d.series.size(), 1); // random has no runs
        const Series &s = d.series[0];
        QCOMPARE(s.x, QVector<double>({100.0, 200.0, 300.0}));
        QCOMPARE(s.y, QVector<double>({0.375, 0.625, 1.0}));
    }

    void cdfOfManyBucketsIsMonotone()
    {
        std::vector<std::pair<double, double>> a, b;
        for (int i = 1; i <= 500; ++i) {
            a.emplace_back(0.001 * i, i / 500.0);
            b.emplace_back(0.0015 * i, i / 500.0);
        }
        const ChartData d = responseTimeCdf(twoBySeeds(), {cell(0, 0, {}, a), cell(0, 1, {}, b)});
        const Series &s = d.series[0];
        QVERIFY(s.x.size() > 100);
        for (int i = 1; i < s.y.size(); ++i) {
            QVERIFY(s.x[i] > s.x[i - 1]);
            QVERIFY(s.y[i] >= s.y[i - 1]);
        }
        QCOMPARE(s.y.back(), 1.0);
        QCOMPARE(s.x.back(), 750.0);
    }

    void barsShowMeanAndInterval()
    {
        const std::vector<VariantSummary> summary = {summaryOf("greedy", 0.834, 0.018),
                                                     summaryOf("random", 0.8, 0.02)};
        QString error;
        const auto bars = metricBars(summary, "throughput_rate", &error);
        QVERIFY2(bars, qPrintable(error));
        QVERIFY(bars->kind == ChartKind::Bars);
        QCOMPARE(bars->categories, QStringList({"greedy", "random"}));
        QCOMPARE(bars->series.size(), 2);
        QCOMPARE(bars->series[1].x, QVector<double>({2.0}));
        QCOMPARE(bars->series[0].y, QVector<double>({0.834}));
        QVERIFY(std::abs(bars->series[0].lower[0] - 0.816) < 1e-12);
        QVERIFY(std::abs(bars->series[0].upper[0] - 0.852) < 1e-12);
    }

    void unknownMetricNamesTheValidOnes()
    {
        QString error;
        QVERIFY(!metricBars({summaryOf("greedy", 1, 0)}, "throughput", &error));
        QVERIFY2(error.contains("'throughput'") && error.contains("throughput_rate, dropped"),
                 qPrintable(error));
        QVERIFY(!metricBars({}, "dropped", &error));
    }

    /** A comparison cancelled before one policy's first run finished: that policy
     *  has no metrics, the others theirs. */
    void aPolicyWithNoFinishedRunHasNoBar()
    {
        VariantSummary cancelled;
        cancelled.label = "cancelled";
        const std::vector<VariantSummary> summary = {cancelled, summaryOf("greedy", 0.8, 0.01)};
        QCOMPARE(metricNames(summary), QStringList({"throughput_rate", "dropped"}));
        QString error;
        const auto bars = metricBars(summary, "dropped", &error);
        QVERIFY2(bars, qPrintable(error));
        QCOMPARE(bars->categories, QStringList({"greedy"}));
        QCOMPARE(bars->series[0].x, QVector<double>({1.0}));
        QVERIFY(!metricBars(summary, "nope", &error));
        QVERIFY2(error.contains("throughput_rate, dropped"), qPrintable(error));
    }

    void sweepChartPlotsTheMetricAgainstTheValue()
    {
        SweepResult sweep;
        sweep.parameter = "workload.requests.rate";
        for (const auto &[value, scale] :
             {std::pair{"20/s", 1.0}, std::pair{"40/s", 0.9}, std::pair{"80/s", 0.5}}) {
            SweepPointResult p;
            p.value = value;
            p.summary = {summaryOf("greedy", 0.9 * scale, 0.01),
                         summaryOf("random", 0.8 * scale, 0.02)};
            sweep.points.push_back(p);
        }
        QString error;
        const auto chart = sweepChart(sweep, "throughput_rate", &error);
        QVERIFY2(chart, qPrintable(error));
        QVERIFY(chart->kind == ChartKind::PointLines);
        QCOMPARE(chart->xLabel, QString("workload.requests.rate (/s)"));
        QCOMPARE(chart->yLabel, QString("Throughput rate")); // the metric table's label
        QVERIFY(chart->categories.isEmpty());
        QCOMPARE(chart->series.size(), 2);
        QCOMPARE(chart->series[1].name, QString("random"));
        QCOMPARE(chart->series[1].x, QVector<double>({20, 40, 80}));
        QCOMPARE(chart->series[1].y, QVector<double>({0.8, 0.8 * 0.9, 0.4}));
        QVERIFY(chart->series[1].hasInterval());
        QVERIFY(std::abs(chart->series[1].upper[2] - 0.42) < 1e-12);

        // Values without one unit become categories in the order given.
        sweep.points[1].value = "1m";
        const auto categorical = sweepChart(sweep, "dropped", &error);
        QVERIFY(categorical);
        QCOMPARE(categorical->categories, QStringList({"20/s", "1m", "80/s"}));
        QCOMPARE(categorical->xLabel, QString("workload.requests.rate"));
        QCOMPARE(categorical->series[0].x, QVector<double>({1, 2, 3}));

        QVERIFY(!sweepChart(sweep, "throughput", &error));
        QVERIFY2(error.contains("throughput_rate, dropped"), qPrintable(error));
    }

    void sweepChartGoesLogarithmicOverTwoDecades()
    {
        // p99 latency of a scheduler that keeps up and of one that falls behind.
        SweepResult sweep;
        sweep.parameter = "global.schedulers";
        for (const auto &[value, slow] : {std::pair{"2", 40000.0}, std::pair{"4", 60000.0}}) {
            SweepPointResult p;
            p.value = value;
            p.summary = {summaryOf("two-level", 80, 100), summaryOf("monolithic", slow, 500)};
            sweep.points.push_back(p);
        }
        QString error;
        const auto chart = sweepChart(sweep, "throughput_rate", &error);
        QVERIFY2(chart, qPrintable(error));
        QVERIFY(chart->logY);
        QVERIFY(chart->integerX);
        // An interval reaching below zero is cut at a tenth of the value on a log axis;
        // values up to 60,000 are read in thousands.
        QCOMPARE(chart->yLabel, QString("Throughput rate (thousands)"));
        QCOMPARE(chart->series[0].lower[0], 0.008);
        QCOMPARE(chart->series[0].upper[0], 0.18);

        sweep.points[0].summary[1] = summaryOf("monolithic", 4000, 500); // under 100x
        sweep.points[1].summary[1] = summaryOf("monolithic", 7000, 500);
        const auto linear = sweepChart(sweep, "throughput_rate", &error);
        QVERIFY(!linear->logY);
        QCOMPARE(linear->series[0].lower[0], -0.02); // -20, in thousands
        sweep.points[1].value = "4.5";
        QVERIFY(!sweepChart(sweep, "throughput_rate", &error)->integerX);
    }

    void selectSeriesKeepsTheNamedOnesInOrder()
    {
        const auto bars =
            *metricBars({summaryOf("greedy", 0.9, 0.01), summaryOf("random", 0.8, 0.01),
                         summaryOf("round-robin", 0.85, 0.01)},
                        "throughput_rate", nullptr);
        const ChartData two = selectSeries(bars, {"round-robin", "nope", "greedy"});
        QCOMPARE(two.series.size(), 2);
        QCOMPARE(two.categories, QStringList({"round-robin", "greedy"}));
        QCOMPARE(two.series[0].x, QVector<double>({1.0}));
        QCOMPARE(two.series[1].x, QVector<double>({2.0}));
    }

    void presetsAndColours()
    {
        QCOMPARE(chartPreset("ieee-single")->widthIn, 3.5);
        QCOMPARE(chartPreset("ieee-double")->widthIn, 7.16);
        // IEEE's graphics guide: 8 pt ticks and legend, 9 pt labels, a serif, no line
        // under 0.5 pt, line art at 600 dpi.
        for (const char *ieee : {"ieee-single", "ieee-double"}) {
            const ChartStyle s = *chartPreset(ieee);
            QCOMPARE(s.tickPt, 8.0);
            QCOMPARE(s.legendPt, 8.0);
            QCOMPARE(s.labelPt, 9.0);
            QVERIFY(s.font == ChartFont::Times);
            QVERIFY(s.axisWidthPt >= 0.5 && s.lineWidthPt >= s.axisWidthPt);
            QCOMPARE(s.dpi, 600);
        }
        QVERIFY(chartPreset("screen")->font == ChartFont::Sans);
        QVERIFY(chartFontFromName("CM") == ChartFont::ComputerModern);
        QVERIFY(!chartFontFromName("comic"));
        QVERIFY(!chartPreset("a4"));
        QCOMPARE(policyColour("greedy"), policyColour("greedy"));
        QVERIFY(policyColour("greedy") != policyColour("random"));
        QVERIFY(policyColour("random") != policyColour("round-robin"));
        QCOMPARE(policyColour("my-policy"), policyColour(QString("my-") + "policy"));
        QCOMPARE(policyColour("greedy"), QColor(0x00, 0x72, 0xB2)); // stable across versions
        for (const char *baseline : {"greedy", "random", "round-robin", "kube-default"}) {
            QVERIFY(policyColour("cmmac") != policyColour(baseline));
            QVERIFY(policyColour("firmament") != policyColour(baseline));
        }
        QVERIFY(policyColour("firmament") != policyColour("cmmac"));
        for (const char *orchestration : {"hpa", "static"})
            QVERIFY(policyColour("gsp-ss") != policyColour(orchestration));
    }

    void seriesOfOneChartHaveTheirOwnColours_data()
    {
        QTest::addColumn<QStringList>("names");
        // "pygreedy" and "dqn" hash to greedy's blue, "pyrandom" to kube-default's colour.
        QTest::newRow("a Python greedy beside greedy")
            << QStringList{"greedy", "pygreedy", "random"};
        QTest::newRow("two names of one hash") << QStringList{"pygreedy", "dqn", "round-robin"};
        QTest::newRow("bundled names all")
            << QStringList{"greedy", "random", "round-robin", "kube-default", "cmmac", "firmament"};
        QTest::newRow("bundled names of one colour") << QStringList{"fifo", "cmmac", "siloed"};
        QTest::newRow("seven of no table")
            << QStringList{"pygreedy", "dqn", "pyrandom", "ppo", "a2c", "my_fn", "greedy_py"};
        QTest::newRow("one name twice") << QStringList{"greedy", "pygreedy", "pygreedy", "random"};
    }

    /** Within one chart no two names share a colour while the palette has one left; a
     *  bundled policy keeps its colour, another name keeps its own when it is free; the
     *  colours are the set's, whatever the order of the series. */
    void seriesOfOneChartHaveTheirOwnColours()
    {
        QFETCH(QStringList, names);
        const QVector<QColor> colours = policyColours(names);
        QCOMPARE(colours.size(), names.size());
        QMap<QString, QColor> of;
        QSet<QRgb> distinct;
        for (int i = 0; i < names.size(); ++i) {
            if (of.contains(names[i]))
                QCOMPARE(colours[i], of[names[i]]); // one name, one colour
            of[names[i]] = colours[i];
            distinct.insert(colours[i].rgb());
        }
        QCOMPARE(distinct.size(), of.size());
        for (const char *bundled : {"greedy", "random", "round-robin", "kube-default", "fifo"})
            if (of.contains(bundled))
                QCOMPARE(of[bundled], policyColour(bundled));

        QStringList order = names;
        std::sort(order.begin(), order.end());
        do {
            const QVector<QColor> again = policyColours(order);
            for (int i = 0; i < order.size(); ++i)
                QCOMPARE(again[i], of[order[i]]);
        } while (std::next_permutation(order.begin(), order.end()));
    }

    void aNameKeepsItsOwnColourWhenFree()
    {
        QCOMPARE(policyColour("pygreedy"), policyColour("greedy")); // the clash itself
        const QVector<QColor> alone = policyColours({"pygreedy", "random"});
        QCOMPARE(alone[0], policyColour("pygreedy"));
        const QVector<QColor> beside = policyColours({"greedy", "pygreedy", "random"});
        QCOMPARE(beside[0], policyColour("greedy"));
        QCOMPARE(beside[2], policyColour("random"));
        // The next colour after blue that neither greedy nor random has: round-robin's.
        QCOMPARE(beside[1], policyColour("round-robin"));
        // Eight names, seven colours: two share one, and all are still chosen.
        const QStringList eight{"pygreedy", "dqn",   "pyrandom",  "ppo",
                                "a2c",      "my_fn", "greedy_py", "mygreedy"};
        QSet<QRgb> used;
        for (const QColor &c : policyColours(eight))
            used.insert(c.rgb());
        QCOMPARE(used.size(), 7);
    }
};

QTEST_GUILESS_MAIN(TestChartBuilders)
#include "tst_chartbuilders.moc"
