// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweepchart.h"

#include "chartbuilders.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace schedlab::charts {

std::optional<ChartData> sweepChart(const SweepResult &sweep, const QString &metric, QString *error)
{
    if (sweep.points.size() == 1) { // a line through one point says nothing: a bar per policy
        auto bars = metricBars(sweep.points.front().summary, metric, error);
        if (bars)
            bars->xLabel =
                QStringLiteral("%1 %2").arg(QString::fromStdString(sweep.parameter),
                                            QString::fromStdString(sweep.points.front().value));
        return bars;
    }
    const std::string key = metric.toStdString();
    std::vector<std::string> values;
    for (const SweepPointResult &p : sweep.points)
        values.push_back(p.value);
    std::string unit;
    const auto axis = sweepAxis(values, &unit);

    ChartData d;
    d.title = metric + QStringLiteral(" against ") + QString::fromStdString(sweep.parameter);
    d.xLabel = QString::fromStdString(sweep.parameter) +
               (axis && !unit.empty() ? QStringLiteral(" (%1)").arg(QString::fromStdString(unit))
                                      : QString());
    d.kind = ChartKind::PointLines;
    if (!axis)
        for (const std::string &v : values)
            d.categories << QString::fromStdString(v);
    d.integerX = axis && unit.empty() && std::all_of(axis->begin(), axis->end(), [](double x) {
                     return x == std::floor(x);
                 });

    QStringList known;
    for (std::size_t i = 0; i < sweep.points.size(); ++i) {
        for (const VariantSummary &v : sweep.points[i].summary) {
            const QString name = QString::fromStdString(v.label);
            auto series = std::find_if(d.series.begin(), d.series.end(),
                                       [&](const Series &s) { return s.name == name; });
            if (series == d.series.end()) {
                Series s;
                s.name = name;
                s.colourKey = name;
                d.series.push_back(s);
                series = d.series.end() - 1;
            }
            for (const auto &[m, ci] : v.metrics) {
                if (!known.contains(QString::fromStdString(m)))
                    known << QString::fromStdString(m);
                if (m != key)
                    continue;
                series->x.push_back(axis ? (*axis)[i] : double(i + 1));
                series->y.push_back(ci.mean);
                series->lower.push_back(ci.mean - ci.ci95);
                series->upper.push_back(ci.mean + ci.ci95);
            }
        }
    }
    d.series.removeIf([](const Series &s) { return s.y.isEmpty(); });
    // Read in the metric's unit with an SI prefix, under its label.
    double largest = 0.0, scale = 1.0;
    for (const Series &s : d.series)
        for (const double y : s.y)
            largest = std::max(largest, std::abs(y));
    d.yLabel = metricAxisLabel(metric, largest, &scale);
    for (Series &s : d.series)
        for (QVector<double> *v : {&s.y, &s.lower, &s.upper})
            for (double &y : *v)
                y *= scale;
    // Over two decades of positive values a linear axis flattens all but the largest
    // line (p99 latency of a scheduler that falls behind against one that keeps up).
    double lo = std::numeric_limits<double>::max(), hi = 0.0;
    for (const Series &s : d.series)
        for (const double y : s.y) {
            lo = std::min(lo, y);
            hi = std::max(hi, y);
        }
    if (lo > 0 && hi >= 100 * lo) {
        d.logY = true;
        for (Series &s : d.series) // an interval reaching 0 or below has no place on it
            for (int i = 0; s.hasInterval() && i < s.y.size(); ++i)
                s.lower[i] = std::max(s.lower[i], s.y[i] / 10);
    }
    if (d.series.isEmpty()) {
        if (error)
            *error = known.isEmpty() ? QStringLiteral("the sweep has no results to chart")
                                     : QStringLiteral("unknown metric '%1'; valid metrics: %2")
                                           .arg(metric, known.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return d;
}

} // namespace schedlab::charts
