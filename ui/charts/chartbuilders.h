// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartdata.h"
#include "experiment/comparison.h"

#include <optional>
#include <vector>

namespace schedlab::charts {

/** Whether a per-frame chart shows the run's last frame. */
enum class LastFrame {
    /** Left out: the run stops instead of draining, so requests that arrived in the
     *  last frame and were still in flight count as not on time, and the frame is
     *  often shorter than the others (the duration is no multiple of the frame). */
    Trim,
    Keep,
};

/**
 * Φ_f per frame: for each variant the mean over its seeds at every frame, with
 * the 95% confidence band (Student t) as lower and upper. A run of one frame
 * keeps it whatever `last` says.
 */
ChartData throughputPerFrame(const ComparisonSpec &spec, const std::vector<CellResult> &cells,
                             LastFrame last = LastFrame::Trim);

/**
 * Empirical response-time CDF of each variant in milliseconds: the mean over
 * seeds of each run's CDF, so every seed weighs the same. Monotone, ends at 1.
 * On a logarithmic axis when the response times span more than two decades.
 */
ChartData responseTimeCdf(const ComparisonSpec &spec, const std::vector<CellResult> &cells);

/**
 * One bar per variant: the mean of `metric` with its 95% CI as error bars, in the
 * metric's unit with an SI prefix, under its label ("Scheduling cost (GB)").
 * A variant without the metric (none of its runs finished) has no bar. A metric
 * no variant has gives nullopt and an error that lists the valid names.
 */
std::optional<ChartData> metricBars(const std::vector<VariantSummary> &summary,
                                    const QString &metric, QString *error);

/**
 * How an axis of `metric` values up to `largest` is labelled, its label and unit
 * from the metric table with an SI prefix ("Scheduling cost (GB)", "Dropped
 * (thousands)"), and in `scale` what its values are multiplied by to be read in it.
 */
QString metricAxisLabel(const QString &metric, double largest, double *scale);

/** The series named in `names`, in that order (bars are renumbered); unknown names are skipped. */
ChartData selectSeries(const ChartData &data, const QStringList &names);

/** The metric names of a summary, in RunResult order: every variant's, since one
 *  whose runs were all cancelled has none. */
QStringList metricNames(const std::vector<VariantSummary> &summary);

} // namespace schedlab::charts
