// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartdata.h"
#include "experiment/sweep.h"

#include <optional>

namespace schedlab::charts {

/**
 * `metric` against the swept value: one line per policy through its means with
 * 95% CI error bars. The x axis is numeric when every value is a number with the
 * same unit (labelled "path (unit)"), otherwise the values are categories in the
 * order given. A sweep of one value is a bar per policy (metricBars). An unknown
 * metric gives nullopt and an error listing the valid ones.
 */
std::optional<ChartData> sweepChart(const SweepResult &sweep, const QString &metric,
                                    QString *error);

} // namespace schedlab::charts
