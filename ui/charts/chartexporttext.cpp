// SPDX-License-Identifier: GPL-3.0-or-later
// The text exports: pgfplots figures and booktabs tables.
#include "chartexport.h"

#include "metrics/metriccatalog.h"

#include <QLocale>
#include <QTextStream>
#include <algorithm>
#include <cmath>

namespace schedlab::charts {

namespace {
QString tex(QString s)
{
    QString out;
    for (const QChar c : s) {
        switch (c.unicode()) {
        case '\\':
            out += QLatin1String("\\textbackslash{}");
            break;
        case '~':
            out += QLatin1String("\\textasciitilde{}");
            break;
        case '^':
            out += QLatin1String("\\textasciicircum{}");
            break;
        case '_':
        case '%':
        case '&':
        case '#':
        case '$':
        case '{':
        case '}':
            out += QLatin1Char('\\') + c;
            break;
        default:
            out += c;
        }
    }
    return out;
}

QString number(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

/** schedlabA, schedlabB, ...: TeX macro and colour names take letters only. */
QString letters(int i)
{
    QString s;
    do {
        s.prepend(QChar('A' + i % 26));
        i = i / 26 - 1;
    } while (i >= 0);
    return s;
}

QString legendOptions(LegendPosition p)
{
    switch (p) {
    case LegendPosition::None:
        return {};
    case LegendPosition::Above:
        return QStringLiteral(
            "legend columns=-1, legend style={at={(0.5,1.02)}, anchor=south, "
            "draw=none, /tikz/every even column/.append style={column sep=6pt}}, ");
    case LegendPosition::TopLeft:
        return QStringLiteral("legend pos=north west, ");
    case LegendPosition::TopRight:
        return QStringLiteral("legend pos=north east, ");
    case LegendPosition::BottomLeft:
        return QStringLiteral("legend pos=south west, ");
    case LegendPosition::BottomRight:
        return QStringLiteral("legend pos=south east, ");
    }
    return {};
}
} // namespace

QString chartPgfplots(const ChartData &data, const ChartStyle &style)
{
    QString out;
    QTextStream t(&out);
    t << "% " << data.title << " -- SchedLab chart for pgfplots.\n"
      << "% Preamble: \\usepackage{pgfplots} \\pgfplotsset{compat=1.17}"
         " \\usepgfplotslibrary{fillbetween}\n";
    const bool bars = data.kind == ChartKind::Bars;
    for (int i = 0; i < data.series.size(); ++i) {
        const Series &s = data.series[i];
        t << "\\definecolor{schedlab" << letters(i) << "}{HTML}{"
          << policyColour(s.colourKey).name().mid(1).toUpper() << "}\n";
        t << "\\pgfplotstableread{\nx y lower upper minus plus\n";
        for (int k = 0; k < s.x.size() && k < s.y.size(); ++k) {
            const double lo = s.hasInterval() ? s.lower[k] : s.y[k];
            const double hi = s.hasInterval() ? s.upper[k] : s.y[k];
            t << number(s.x[k]) << ' ' << number(s.y[k]) << ' ' << number(lo) << ' ' << number(hi)
              << ' ' << number(s.y[k] - lo) << ' ' << number(hi - s.y[k]) << '\n';
        }
        t << "}\\schedlabdata" << letters(i) << "\n";
    }
    t << "\\begin{tikzpicture}\n\\begin{axis}[\n"
      << "  width=" << style.widthIn << "in, height=" << style.heightIn << "in,\n"
      << "  font=\\fontsize{" << style.tickPt << "}{" << style.tickPt + 1 << "}\\selectfont,\n"
      << "  label style={font=\\fontsize{" << style.labelPt << "}{" << style.labelPt + 1
      << "}\\selectfont},\n"
      << "  xlabel={" << tex(data.xLabel) << "}, ylabel={" << tex(data.yLabel) << "},\n";
    if (style.showTitle && !data.title.isEmpty())
        t << "  title={" << tex(data.title) << "},\n";
    if (data.logX)
        t << "  xmode=log,\n";
    if (data.logY)
        t << "  ymode=log,\n";
    if (bars) {
        QStringList ticks, labels;
        for (int i = 0; i < data.categories.size(); ++i) {
            ticks << QString::number(i + 1);
            labels << QLatin1Char('{') + tex(data.categories[i]) + QLatin1Char('}');
        }
        t << "  ybar, bar width=0.6, xmin=0.4, xmax=" << data.series.size() + 0.6 << ",\n"
          << "  xtick={" << ticks.join(',') << "}, xticklabels={" << labels.join(',') << "},\n"
          << "  ymajorgrids, grid style={dotted, gray!40},\n";
        bool positive = true;
        for (const Series &s : data.series)
            for (double v : s.hasInterval() ? s.lower : s.y)
                positive = positive && v >= 0;
        if (positive)
            t << "  ymin=0,\n";
    } else {
        t << "  grid=major, grid style={dotted, gray!40},\n"
          << "  " << legendOptions(style.legend).trimmed() << "\n";
        if (data.kind == ChartKind::PointLines && !data.categories.isEmpty()) {
            QStringList ticks, labels;
            for (int i = 0; i < data.categories.size(); ++i) {
                ticks << QString::number(i + 1);
                labels << QLatin1Char('{') + tex(data.categories[i]) + QLatin1Char('}');
            }
            t << "  xtick={" << ticks.join(',') << "}, xticklabels={" << labels.join(',')
              << "},\n  xmin=0.5, xmax=" << data.categories.size() + 0.5 << ",\n";
        }
        if (data.kind == ChartKind::StepCdf)
            t << "  ymin=0, ymax=1.02,\n";
    }
    t << "]\n";

    for (int i = 0; i < data.series.size(); ++i) {
        const Series &s = data.series[i];
        const QString c = QStringLiteral("schedlab") + letters(i);
        const QString table = QStringLiteral("\\schedlabdata") + letters(i);
        if (bars) {
            t << "\\addplot[fill=" << c << ", draw=" << c << "!70!black, bar shift=0pt, "
              << "error bars/.cd, y dir=both, y explicit, error bar style={black}]\n"
              << "  table[x=x, y=y, y error plus=plus, y error minus=minus] {" << table << "};\n";
            continue;
        }
        if (data.kind == ChartKind::Lines && s.hasInterval()) {
            t << "\\addplot[draw=none, forget plot, name path=lo" << letters(i)
              << "] table[x=x, y=lower] {" << table << "};\n"
              << "\\addplot[draw=none, forget plot, name path=hi" << letters(i)
              << "] table[x=x, y=upper] {" << table << "};\n"
              << "\\addplot[" << c << ", fill opacity=0.2, draw=none, forget plot] "
              << "fill between[of=hi" << letters(i) << " and lo" << letters(i) << "];\n";
        }
        if (data.kind == ChartKind::PointLines) {
            t << "\\addplot[" << c << ", mark=*, mark size=1.5pt, line width=" << style.lineWidthPt
              << "pt, error bars/.cd, y dir=both, y explicit]\n"
              << "  table[x=x, y=y, y error plus=plus, y error minus=minus] {" << table << "};\n"
              << "\\addlegendentry{" << tex(s.name) << "}\n";
            continue;
        }
        t << "\\addplot[" << c << ", mark=none, line width=" << style.lineWidthPt << "pt"
          << (data.kind == ChartKind::StepCdf ? ", const plot" : "") << "] table[x=x, y=y] {"
          << table << "};\n"
          << "\\addlegendentry{" << tex(s.name) << "}\n";
    }
    t << "\\end{axis}\n\\end{tikzpicture}\n";
    return out;
}

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

/** The CI to two significant digits and the mean to the same place. */
QString meanPlusMinus(const MeanCi &m)
{
    if (!(m.ci95 > 0))
        return QString::number(m.mean, 'g', 4);
    const int place = int(std::floor(std::log10(m.ci95))) - 1;
    if (place >= 0) {
        const double step = std::pow(10.0, place);
        return QStringLiteral("%1 \\pm %2")
            .arg(QString::number(std::round(m.mean / step) * step, 'f', 0),
                 QString::number(std::round(m.ci95 / step) * step, 'f', 0));
    }
    return QStringLiteral("%1 \\pm %2")
        .arg(QString::number(m.mean, 'f', -place), QString::number(m.ci95, 'f', -place));
}
} // namespace

std::optional<QString> latexTable(const std::vector<VariantSummary> &summary,
                                  const QStringList &metricsIn, QString *error)
{
    const QStringList metrics = metricsIn.isEmpty() ? defaultTableMetrics(summary) : metricsIn;
    QVector<QVector<MeanCi>> cells(int(summary.size()));
    for (const QString &metric : metrics)
        for (std::size_t v = 0; v < summary.size(); ++v) {
            const auto &ms = summary[v].metrics;
            const auto it = std::find_if(ms.begin(), ms.end(), [&](const auto &m) {
                return m.first == metric.toStdString();
            });
            if (it == ms.end()) {
                if (error) {
                    QStringList valid;
                    for (const auto &m : ms)
                        valid << QString::fromStdString(m.first);
                    *error = QStringLiteral("unknown metric '%1'; valid metrics: %2")
                                 .arg(metric, valid.join(QStringLiteral(", ")));
                }
                return std::nullopt;
            }
            cells[int(v)].push_back(it->second);
        }
    if (summary.empty()) {
        if (error)
            *error = QStringLiteral("no results to tabulate");
        return std::nullopt;
    }
    QString out;
    QTextStream t(&out);
    t << "% SchedLab: mean \\pm 95% CI (Student t) over seeds. Needs \\usepackage{booktabs}.\n"
      << "\\begin{tabular}{l" << QString(metrics.size(), QLatin1Char('r')) << "}\n\\toprule\n"
      << "Policy";
    for (const QString &m : metrics)
        t << " & " << tex(m);
    t << " \\\\\n\\midrule\n";
    QVector<double> best(metrics.size());
    for (int m = 0; m < metrics.size(); ++m) {
        const int dir = direction(metrics[m]);
        best[m] = cells[0][m].mean;
        for (const auto &row : cells)
            best[m] = dir > 0 ? std::max(best[m], row[m].mean) : std::min(best[m], row[m].mean);
    }
    for (std::size_t v = 0; v < summary.size(); ++v) {
        t << tex(QString::fromStdString(summary[v].label));
        for (int m = 0; m < metrics.size(); ++m) {
            const MeanCi &c = cells[int(v)][m];
            const bool bold = direction(metrics[m]) != 0 && summary.size() > 1 && c.mean == best[m];
            t << " & $" << (bold ? "\\mathbf{" : "") << meanPlusMinus(c) << (bold ? "}" : "")
              << '$';
        }
        t << " \\\\\n";
    }
    t << "\\bottomrule\n\\end{tabular}\n";
    return out;
}

} // namespace schedlab::charts
