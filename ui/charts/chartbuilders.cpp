// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartbuilders.h"

#include "metrics/confidence.h"
#include "metrics/engineeringformat.h"
#include "metrics/metriccatalog.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace schedlab::charts {

namespace {
std::vector<const CellResult *> cellsOf(const std::vector<CellResult> &cells, int variant)
{
    std::vector<const CellResult *> out;
    for (const CellResult &c : cells)
        if (c.variant == variant && c.error.empty())
            out.push_back(&c);
    std::sort(out.begin(), out.end(),
              [](const CellResult *a, const CellResult *b) { return a->seedIndex < b->seedIndex; });
    return out;
}

Series seriesOf(const Variant &v)
{
    Series s;
    s.name = QString::fromStdString(v.label);
    s.colourKey = s.name;
    return s;
}

/** F(x) of a step CDF given as (value, cumulative fraction) sorted by value. */
double cdfAt(const std::vector<std::pair<double, double>> &cdf, double x)
{
    const auto it = std::upper_bound(cdf.begin(), cdf.end(), x,
                                     [](double v, const auto &p) { return v < p.first; });
    return it == cdf.begin() ? 0.0 : std::prev(it)->second;
}
} // namespace

ChartData throughputPerFrame(const ComparisonSpec &spec, const std::vector<CellResult> &cells,
                             LastFrame last)
{
    ChartData d;
    d.title = QStringLiteral("Throughput per frame");
    d.xLabel = QStringLiteral("Time (s)");
    d.yLabel = QStringLiteral("On-time throughput");
    d.kind = ChartKind::Lines;
    for (int v = 0; v < int(spec.variants.size()); ++v) {
        const auto runs = cellsOf(cells, v);
        if (runs.empty())
            continue;
        Series s = seriesOf(spec.variants[v]);
        std::size_t frames = 0;
        for (const CellResult *c : runs)
            frames = std::max(frames, c->result.frames.size());
        if (last == LastFrame::Trim && frames > 1)
            --frames;
        for (std::size_t f = 0; f < frames; ++f) {
            std::vector<double> samples;
            double time = 0.0;
            for (const CellResult *c : runs)
                if (f < c->result.frames.size()) {
                    samples.push_back(c->result.frames[f].throughput);
                    time = c->result.frames[f].time;
                }
            const MeanCi m = meanCi(samples);
            s.x.push_back(time);
            s.y.push_back(m.mean);
            // Φ_f is a share: the band of its mean stops where a share does.
            s.lower.push_back(std::max(0.0, m.mean - m.ci95));
            s.upper.push_back(std::min(1.0, m.mean + m.ci95));
        }
        d.series.push_back(s);
    }
    return d;
}

ChartData responseTimeCdf(const ComparisonSpec &spec, const std::vector<CellResult> &cells)
{
    ChartData d;
    d.title = QStringLiteral("Response time CDF");
    d.xLabel = QStringLiteral("Response time (ms)");
    d.yLabel = QStringLiteral("Fraction of requests");
    d.kind = ChartKind::StepCdf;
    for (int v = 0; v < int(spec.variants.size()); ++v) {
        std::vector<const std::vector<std::pair<double, double>> *> cdfs;
        std::vector<double> xs;
        for (const CellResult *c : cellsOf(cells, v)) {
            if (c->result.responseCdf.empty())
                continue;
            cdfs.push_back(&c->result.responseCdf);
            for (const auto &p : c->result.responseCdf)
                xs.push_back(p.first);
        }
        if (cdfs.empty())
            continue;
        std::sort(xs.begin(), xs.end());
        xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
        Series s = seriesOf(spec.variants[v]);
        // Histogram buckets are ~1% wide: drop steps under 0.1% so exports stay small.
        double kept = -1.0;
        for (std::size_t i = 0; i < xs.size(); ++i) {
            double sum = 0.0;
            for (const auto *cdf : cdfs)
                sum += cdfAt(*cdf, xs[i]);
            const double y = sum / double(cdfs.size());
            if (y - kept < 1e-3 && i + 1 < xs.size())
                continue;
            s.x.push_back(1e3 * xs[i]);
            s.y.push_back(i + 1 == xs.size() ? 1.0 : y);
            kept = y;
        }
        d.series.push_back(s);
    }
    // Latencies of a scheduler that falls behind run to minutes while the others
    // stay at milliseconds: a linear axis would squash the ones that keep up.
    double lo = 0.0, hi = 0.0;
    for (const Series &s : d.series)
        for (double x : s.x)
            if (x > 0) {
                lo = lo > 0 ? std::min(lo, x) : x;
                hi = std::max(hi, x);
            }
    d.logX = lo > 0 && hi / lo > 100.0;
    return d;
}

QStringList metricNames(const std::vector<VariantSummary> &summary)
{
    QStringList names;
    for (const VariantSummary &v : summary)
        for (const auto &m : v.metrics)
            if (const QString name = QString::fromStdString(m.first); !names.contains(name))
                names << name;
    return names;
}

std::optional<ChartData> metricBars(const std::vector<VariantSummary> &summary,
                                    const QString &metric, QString *error)
{
    const std::string key = metric.toStdString();
    ChartData d;
    d.kind = ChartKind::Bars;
    double largest = 0.0;
    for (const VariantSummary &v : summary)
        for (const auto &[name, value] : v.metrics)
            if (name == key)
                largest = std::max(largest, std::abs(value.mean));
    double scale = 1.0;
    d.yLabel = metricAxisLabel(metric, largest, &scale);
    const MetricInfo *info = findMetric(key);
    d.title = info ? QString::fromUtf8(info->label.data(), qsizetype(info->label.size())) : metric;
    if (!summary.empty() && !metricNames(summary).contains(metric)) {
        if (error)
            *error = QStringLiteral("unknown metric '%1'; valid metrics: %2")
                         .arg(metric, metricNames(summary).join(QStringLiteral(", ")));
        return std::nullopt;
    }
    for (const VariantSummary &v : summary) {
        const auto it = std::find_if(v.metrics.begin(), v.metrics.end(),
                                     [&](const auto &m) { return m.first == key; });
        if (it == v.metrics.end())
            continue; // no finished run
        Series s;
        s.name = QString::fromStdString(v.label);
        s.colourKey = s.name;
        s.x = {double(d.series.size() + 1)};
        const double mean = it->second.mean * scale, ci = it->second.ci95 * scale;
        s.y = {mean};
        s.lower = {mean - ci};
        s.upper = {mean + ci};
        d.series.push_back(s);
        d.categories << s.name;
    }
    if (summary.empty()) {
        if (error)
            *error = QStringLiteral("no results to chart");
        return std::nullopt;
    }
    return d;
}

QString metricAxisLabel(const QString &metric, double largest, double *scale)
{
    const MetricInfo *info = findMetric(metric.toStdString());
    const EngineeringUnit unit = engineeringUnit(info ? info->unit : std::string_view(), largest);
    *scale = unit.scale;
    QString label =
        info ? QString::fromUtf8(info->label.data(), qsizetype(info->label.size())) : metric;
    if (!unit.symbol().empty())
        label += QStringLiteral(" (%1)").arg(
            unit.unit.empty() ? QString::fromLatin1(unit.exponent == 3   ? "thousands"
                                                    : unit.exponent == 6 ? "millions"
                                                                         : "billions")
                              : QString::fromStdString(unit.symbol()));
    return label;
}

ChartData selectSeries(const ChartData &data, const QStringList &names)
{
    ChartData out = data;
    out.series.clear();
    out.categories.clear();
    for (const QString &name : names)
        for (const Series &s : data.series)
            if (s.name == name) {
                out.series.push_back(s);
                if (data.kind == ChartKind::Bars) {
                    out.series.back().x = {double(out.series.size())};
                    out.categories << name;
                }
                break;
            }
    return out;
}

} // namespace schedlab::charts
