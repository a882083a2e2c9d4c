// SPDX-License-Identifier: GPL-3.0-or-later
// The pgfplots export of a chart.
#include "chartexport.h"

#include "chartplotter.h"

#include <QLocale>
#include <QRegularExpression>
#include <QTextStream>

namespace schedlab::charts {

QString texEscaped(const QString &s)
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
        case 0x00B5: // µ, of µs
            out += QLatin1String("\\textmu{}");
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

namespace {
QString tex(const QString &s)
{
    return texEscaped(s);
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

/** A tick label as the preview draws it: "1e+06" is 1·10⁶, a minus is a minus. */
QString tickLabel(const QString &label)
{
    static const QRegularExpression power(QStringLiteral("^(-?[0-9.]+)e([+-])0*([0-9]+)$"));
    const auto m = power.match(label);
    if (!m.hasMatch())
        return QLatin1Char('$') + label + QLatin1Char('$');
    const QString exponent =
        (m.captured(2) == QLatin1String("-") ? QStringLiteral("-") : QString()) + m.captured(3);
    const QString mantissa =
        m.captured(1) == QLatin1String("1") ? QString() : m.captured(1) + QLatin1String("\\cdot");
    return QLatin1Char('$') + mantissa + QLatin1String("10^{") + exponent + QLatin1String("}$");
}

/** `xtick={...}, xticklabels={...}` of an axis: the preview's ticks and their labels. */
QString tickOptions(QChar axis, const DrawnAxis &drawn)
{
    QStringList ticks, labels;
    for (int i = 0; i < drawn.ticks.size(); ++i) {
        ticks << QString::number(drawn.ticks[i], 'g', 12); // 0.6, not 0.6000000000000001
        labels << QLatin1Char('{') +
                      tickLabel(i < drawn.labels.size() ? drawn.labels[i]
                                                        : number(drawn.ticks[i])) +
                      QLatin1Char('}');
    }
    return QStringLiteral("%1tick={%2}, %1ticklabels={%3}, scaled %1 ticks=false")
        .arg(axis)
        .arg(ticks.join(QLatin1Char(',')), labels.join(QLatin1Char(',')));
}

/** Where the legend goes; above the axes, in `columns` entries a line as the preview
 *  wraps it (0: all on one line). */
QString legendOptions(LegendPosition p, int columns)
{
    switch (p) {
    case LegendPosition::None:
        return {};
    case LegendPosition::Above:
        return QStringLiteral(
                   "legend columns=%1, legend cell align=left, legend style={at={(0.5,1.02)}, "
                   "anchor=south, "
                   "draw=none, /tikz/every even column/.append style={column sep=6pt}}, ")
            .arg(columns > 0 ? columns : -1);
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
    const DrawnChart drawn = chartLayout(data, style);
    const DrawnAxis &xAxis = drawn.x, &yAxis = drawn.y;
    QString out;
    QTextStream t(&out);
    t << "% " << data.title << " -- SchedLab chart for pgfplots.\n"
      << "% Preamble: \\usepackage{pgfplots} \\pgfplotsset{compat=1.17}"
         " \\usepgfplotslibrary{fillbetween}\n"
      << "% Ranges and ticks are the preview's; text is in the document's font.\n";
    const bool bars = data.kind == ChartKind::Bars;
    const QVector<QColor> colours = seriesColours(data);
    for (int i = 0; i < data.series.size(); ++i) {
        const Series &s = data.series[i];
        t << "\\definecolor{schedlab" << letters(i) << "}{HTML}{"
          << colours[i].name().mid(1).toUpper() << "}\n";
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
      << "  legend style={font=\\fontsize{" << style.legendPt << "}{" << style.legendPt + 1
      << "}\\selectfont},\n"
      << "  axis line style={line width=" << style.axisWidthPt << "pt}, every tick/.style={"
      << "line width=" << style.axisWidthPt << "pt, black},\n"
      << "  xlabel={" << tex(data.xLabel) << "}, ylabel={" << tex(data.yLabel) << "},\n";
    if (style.showTitle && !data.title.isEmpty())
        t << "  title={" << tex(data.title) << "},\n";
    if (xAxis.logarithmic)
        t << "  xmode=log,\n";
    if (yAxis.logarithmic)
        t << "  ymode=log,\n";
    const bool categorical = bars || !data.categories.isEmpty();
    t << "  xmin=" << number(xAxis.lower) << ", xmax=" << number(xAxis.upper)
      << ", ymin=" << number(yAxis.lower) << ", ymax=" << number(yAxis.upper) << ",\n";
    if (categorical) {
        QStringList ticks, labels;
        for (int i = 0; i < data.categories.size(); ++i) {
            ticks << QString::number(i + 1);
            labels << QLatin1Char('{') + tex(data.categories[i]) + QLatin1Char('}');
        }
        t << "  xtick={" << ticks.join(',') << "}, xticklabels={" << labels.join(',') << "},\n";
    } else {
        t << "  " << tickOptions(QLatin1Char('x'), xAxis) << ",\n";
    }
    t << "  " << tickOptions(QLatin1Char('y'), yAxis) << ",\n";
    if (bars)
        t << "  ybar, bar width=0.6, ymajorgrids, grid style={dotted, gray!40},\n";
    else
        t << "  grid=major, grid style={dotted, gray!40},\n"
          << "  " << legendOptions(style.legend, drawn.legendColumns).trimmed() << "\n";
    t << "]\n";

    const QString width = QStringLiteral("line width=%1pt").arg(style.lineWidthPt);
    const QString thin = QStringLiteral("line width=%1pt").arg(style.axisWidthPt);
    for (int i = 0; i < data.series.size(); ++i) {
        const Series &s = data.series[i];
        const QString c = QStringLiteral("schedlab") + letters(i);
        const QString table = QStringLiteral("\\schedlabdata") + letters(i);
        if (bars) {
            t << "\\addplot[fill=" << c << ", draw=" << c << "!70!black, " << thin
              << ", bar shift=0pt, error bars/.cd, y dir=both, y explicit, error bar style={black, "
              << thin << "}]\n"
              << "  table[x=x, y=y, y error plus=plus, y error minus=minus] {" << table << "};\n";
            continue;
        }
        // A line through one point draws nothing: it is a marker with an error bar.
        const bool markers = data.kind == ChartKind::PointLines ||
                             (data.kind == ChartKind::Lines && s.x.size() == 1);
        if (data.kind == ChartKind::Lines && s.hasInterval() && !markers) {
            t << "\\addplot[draw=none, forget plot, name path=lo" << letters(i)
              << "] table[x=x, y=lower] {" << table << "};\n"
              << "\\addplot[draw=none, forget plot, name path=hi" << letters(i)
              << "] table[x=x, y=upper] {" << table << "};\n"
              << "\\addplot[" << c << ", fill opacity=0.2, draw=none, forget plot] "
              << "fill between[of=hi" << letters(i) << " and lo" << letters(i) << "];\n";
        }
        if (markers) {
            t << "\\addplot[" << c << ", mark=*, mark size=" << style.markerPt / 2 << "pt, "
              << width << ", error bars/.cd, y dir=both, y explicit, error bar style={" << thin
              << "}]\n"
              << "  table[x=x, y=y, y error plus=plus, y error minus=minus] {" << table << "};\n"
              << "\\addlegendentry{" << tex(s.name) << "}\n";
            continue;
        }
        t << "\\addplot[" << c << ", mark=none, " << width
          << (data.kind == ChartKind::StepCdf ? ", const plot" : "") << "] table[x=x, y=y] {"
          << table << "};\n"
          << "\\addlegendentry{" << tex(s.name) << "}\n";
    }
    t << "\\end{axis}\n\\end{tikzpicture}\n";
    return out;
}

} // namespace schedlab::charts
