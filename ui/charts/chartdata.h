// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace schedlab::charts {

enum class ChartKind {
    Lines,   ///< one line per series, with an optional band between lower and upper
    StepCdf, ///< empirical CDFs drawn as steps
    Bars,    ///< one bar per series at x = 1, 2, ..., with error bars from lower to upper
    /** One line per series through marked points, with error bars from lower to upper;
     *  with categories, the points sit at x = 1, 2, ... under those labels. */
    PointLines
};

/** One curve or bar group; `colourKey` picks the same colour for a policy in every chart. */
struct Series
{
    QString name;
    QString colourKey;
    QVector<double> x, y;
    QVector<double> lower, upper; ///< absolute bounds, empty when there is no interval

    bool hasInterval() const
    {
        return !lower.isEmpty() && lower.size() == y.size() && upper.size() == y.size();
    }
};

/** What a chart shows, independent of how it is drawn or exported. */
struct ChartData
{
    QString title;
    QString xLabel, yLabel;
    ChartKind kind = ChartKind::Lines;
    bool logX = false;
    bool logY = false;     ///< values spanning decades (latencies of schedulers that fall behind)
    bool integerX = false; ///< x counts something (schedulers, nodes): ticks on whole numbers
    QVector<Series> series;
    QStringList categories; ///< bars and point lines: the tick label at x = i + 1
};

} // namespace schedlab::charts
