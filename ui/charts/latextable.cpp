// SPDX-License-Identifier: GPL-3.0-or-later
// The booktabs table of a comparison: readable names, units with SI prefixes, the best in bold.
#include "chartbuilders.h"
#include "chartexport.h"

#include "metrics/engineeringformat.h"
#include "metrics/metriccatalog.h"

#include <QTextStream>
#include <algorithm>
#include <cmath>
#include <iterator>

namespace schedlab::charts {

QStringList defaultTableMetrics(const std::vector<VariantSummary> &summary)
{
    QStringList out;
    for (const std::string &m : keyMetrics(summary, false))
        out << QString::fromStdString(m);
    return out;
}

namespace {
/** +1 when more is better, -1 when less is, 0 when neither is (or the metric is unknown). */
int direction(const QString &metric)
{
    const MetricInfo *m = findMetric(metric.toStdString());
    if (!m || m->better == Better::Neither)
        return 0;
    return m->better == Better::Higher ? 1 : -1;
}

/** "Scheduling cost (GB)", "Dropped ($\times 10^{3}$)", "Throughput rate": the metric's
 *  label and the unit its column is shown in. */
QString header(const QString &metric, const EngineeringUnit &unit)
{
    const MetricInfo *m = findMetric(metric.toStdString());
    const QString label =
        m ? QString::fromUtf8(m->label.data(), qsizetype(m->label.size())) : metric;
    QString symbol;
    if (!unit.unit.empty())
        symbol = texEscaped(QString::fromStdString(unit.symbol()));
    else if (unit.exponent != 0)
        symbol = QStringLiteral("$\\times 10^{%1}$").arg(unit.exponent);
    return symbol.isEmpty() ? texEscaped(label)
                            : QStringLiteral("%1 (%2)").arg(texEscaped(label), symbol);
}

std::string_view unitOf(const QString &metric)
{
    const MetricInfo *m = findMetric(metric.toStdString());
    return m ? m->unit : std::string_view();
}
} // namespace

std::optional<double> bestMean(const QString &metric, const std::vector<double> &means)
{
    const int dir = direction(metric);
    std::vector<double> finite;
    std::copy_if(means.begin(), means.end(), std::back_inserter(finite),
                 [](double m) { return std::isfinite(m); });
    if (dir == 0 || finite.size() < 2)
        return std::nullopt;
    return dir > 0 ? *std::max_element(finite.begin(), finite.end())
                   : *std::min_element(finite.begin(), finite.end());
}

EngineeringUnit columnUnit(const QString &metric, const std::vector<double> &means)
{
    double largest = 0.0;
    for (double mean : means)
        if (std::isfinite(mean))
            largest = std::max(largest, std::abs(mean));
    return engineeringUnit(unitOf(metric), largest);
}

std::optional<QString> latexTable(const std::vector<VariantSummary> &summary,
                                  const QStringList &metricsIn, QString *error)
{
    if (summary.empty()) {
        if (error)
            *error = QStringLiteral("no results to tabulate");
        return std::nullopt;
    }
    const QStringList metrics = metricsIn.isEmpty() ? defaultTableMetrics(summary) : metricsIn;
    const QStringList known = metricNames(summary);
    for (const QString &metric : metrics)
        if (!known.contains(metric)) {
            if (error)
                *error = QStringLiteral("unknown metric '%1'; valid metrics: %2")
                             .arg(metric, known.join(QStringLiteral(", ")));
            return std::nullopt;
        }
    // A variant none of whose runs finished (a cancelled comparison) has no metrics.
    QVector<QVector<std::optional<MeanCi>>> cells(int(summary.size()));
    for (const QString &metric : metrics)
        for (std::size_t v = 0; v < summary.size(); ++v) {
            const auto &ms = summary[v].metrics;
            const auto it = std::find_if(ms.begin(), ms.end(), [&](const auto &m) {
                return m.first == metric.toStdString();
            });
            cells[int(v)].push_back(it == ms.end() ? std::nullopt
                                                   : std::optional<MeanCi>(it->second));
        }

    // One unit per column, from its largest mean, so a column reads in one scale.
    QVector<EngineeringUnit> units;
    QVector<std::optional<double>> best;
    for (int m = 0; m < metrics.size(); ++m) {
        std::vector<double> means;
        for (const auto &row : cells)
            if (row[m])
                means.push_back(row[m]->mean);
        units << columnUnit(metrics[m], means);
        best << bestMean(metrics[m], means);
    }

    QString out;
    QTextStream t(&out);
    t << "% SchedLab: mean \\pm 95% CI (Student t) over seeds; the best of each column in bold."
         " Needs \\usepackage{booktabs}.\n"
      << "\\begin{tabular}{l" << QString(metrics.size(), QLatin1Char('r')) << "}\n\\toprule\n"
      << "Policy";
    for (int m = 0; m < metrics.size(); ++m)
        t << " & " << header(metrics[m], units[m]);
    t << " \\\\\n\\midrule\n";
    for (std::size_t v = 0; v < summary.size(); ++v) {
        t << texEscaped(QString::fromStdString(summary[v].label));
        for (int m = 0; m < metrics.size(); ++m) {
            if (!cells[int(v)][m]) {
                t << " & --";
                continue;
            }
            const MeanCi &c = *cells[int(v)][m];
            std::string mean, ci, bestText, noCi;
            formatMeanCiIn(c.mean, c.ci95, units[m], &mean, &ci);
            if (best[m]) // a mean that reads as the best one, to its interval's digits, is bold too
                formatMeanCiIn(*best[m], c.ci95, units[m], &bestText, &noCi);
            const bool bold = best[m] && mean == bestText;
            QString value = QString::fromStdString(mean);
            if (!ci.empty())
                value += QLatin1String(" \\pm ") + QString::fromStdString(ci);
            t << " & $" << (bold ? "\\mathbf{" : "") << value << (bold ? "}" : "") << '$';
        }
        t << " \\\\\n";
    }
    t << "\\bottomrule\n\\end{tabular}\n";
    return out;
}

} // namespace schedlab::charts
