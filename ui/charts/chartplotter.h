// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartdata.h"
#include "chartstyle.h"

class QCustomPlot;

namespace schedlab::charts {

/**
 * Replaces whatever `plot` shows with `data`: lines with a translucent CI band,
 * step CDFs, bars with error bars, or marked lines with error bars, in the policies' colours and the style's
 * fonts. Sizes in points are converted with the plot's logical DPI, so a chart
 * exported at `style.widthIn` inches shows its fonts at their point sizes.
 * Does not replot.
 */
void drawChart(QCustomPlot *plot, const ChartData &data, const ChartStyle &style);

} // namespace schedlab::charts
