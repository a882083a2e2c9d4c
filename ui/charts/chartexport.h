// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartdata.h"
#include "chartstyle.h"
#include "experiment/comparison.h"
#include "metrics/engineeringformat.h"

#include <QImage>
#include <optional>
#include <vector>

namespace schedlab::charts {

enum class ExportFormat { Png, Pdf, Svg, Csv, Tex };

/** "png", "pdf", "svg", "csv" or "tex" (case-insensitive); nullopt for others. */
std::optional<ExportFormat> exportFormatFromName(const QString &name);
/** The format a file name asks for by its suffix. */
std::optional<ExportFormat> exportFormatFromPath(const QString &path);
QString exportFormatName(ExportFormat format);

struct ExportOptions
{
    ExportFormat format = ExportFormat::Png;
    ChartStyle style = *chartPreset(QStringLiteral("ieee-single")); ///< size, fonts and dpi
};

/**
 * Writes `data` to `path`: PNG at style.dpi and style.widthIn x heightIn inches,
 * PDF and SVG of that size in vector form, CSV of the data (series,x,y,lower,upper)
 * or a pgfplots tikzpicture. Needs a QApplication for the image formats.
 */
bool exportChart(const ChartData &data, const ExportOptions &options, const QString &path,
                 QString *error);

/** The chart as it would be exported, at `scale` device pixels per point-sized pixel. */
QImage renderChartImage(const ChartData &data, const ChartStyle &style, double scale = 1.0);

/** One row per point: series,x,y,lower,upper (lower and upper empty without an interval). */
QString chartCsv(const ChartData &data);

/**
 * A pgfplots tikzpicture of `data`, sized by `style`, with its data inline;
 * the preamble it needs is in its first lines as a comment.
 */
QString chartPgfplots(const ChartData &data, const ChartStyle &style);

/** `text` with LaTeX's special characters escaped (and µ as \textmu). */
QString texEscaped(const QString &text);

/** The best of the finite `means` by `metric`'s direction (the catalog's `better`):
 *  a table shows it in bold, and every mean that reads the same in the column's unit
 *  to its interval's digits. nullopt when the metric has no direction or fewer than
 *  two compete. */
std::optional<double> bestMean(const QString &metric, const std::vector<double> &means);
/** The unit a column of `metric` is read in: the catalog's, with the SI prefix of
 *  its largest finite mean, so every cell of the column shares one scale. */
EngineeringUnit columnUnit(const QString &metric, const std::vector<double> &means);

/** The metrics a table shows when none are named: the key metrics of `summary`. */
QStringList defaultTableMetrics(const std::vector<VariantSummary> &summary);

/**
 * A booktabs table of mean ± 95% CI, one row per variant and one column per
 * metric, with the best value of each metric in bold (where "best" has a
 * direction). Columns are headed by the metric's label and the unit its values
 * are shown in, an SI prefix on the catalog's unit ("Scheduling cost (GB)").
 * A variant without a metric (none of its runs finished) shows "--" there.
 * nullopt and an error naming the metric if no variant has it.
 */
std::optional<QString> latexTable(const std::vector<VariantSummary> &summary,
                                  const QStringList &metrics, QString *error);

} // namespace schedlab::charts
