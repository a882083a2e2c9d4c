// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartdata.h"
#include "chartstyle.h"

#include <QVector>

class QCustomPlot;

namespace schedlab::charts {

/**
 * Replaces whatever `plot` shows with `data`: lines with a translucent CI band,
 * step CDFs, bars with error bars, or marked lines with error bars, in the policies' colours and
 * the style's fonts. Sizes in points are converted with the plot's logical DPI, so a chart exported
 * at `style.widthIn` inches shows its fonts at their point sizes. Does not replot.
 */
void drawChart(QCustomPlot *plot, const ChartData &data, const ChartStyle &style);

/** The colour of each series of `data`, in order: policyColours() of their colour keys
 *  (a series without one by its name). The preview and every export draw with these. */
QVector<QColor> seriesColours(const ChartData &data);

/** Where an axis of a drawn chart runs and the ticks it shows there. */
struct DrawnAxis
{
    double lower = 0.0, upper = 1.0;
    bool logarithmic = false;
    QVector<double> ticks;
    QStringList labels; ///< as QCustomPlot writes them: "0.25", "1e+03" (drawn as 1·10³)
};

/** What a drawn chart's axes and legend look like. */
struct DrawnChart
{
    DrawnAxis x, y;
    int legendColumns = 0; ///< entries per legend line; 0 when all fit on one
};

/** The axes and legend of `plot` as laid out for its current size (replots it to know). */
DrawnChart drawnChart(QCustomPlot *plot);

/** The axes and legend of `data` drawn at `style`'s size, as an export shows them. */
DrawnChart chartLayout(const ChartData &data, const ChartStyle &style);

} // namespace schedlab::charts
