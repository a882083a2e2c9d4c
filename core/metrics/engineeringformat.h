// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/confidence.h"

#include <string>
#include <string_view>

namespace schedlab {

/**
 * How values of a metric are shown: in its base unit (bytes as B, every time in s)
 * with an SI prefix at a multiple of three, chosen so the value reads as 1 to 999.
 * Byte amounts and counts only grow prefixes (kB, M), times only shrink (ms, µs),
 * and shares and ratios keep none below 1000.
 */
struct EngineeringUnit
{
    int exponent = 0;   ///< shown value = value in the base unit / 10^exponent
    std::string prefix; ///< "k", "M", "G", "T", "m", "µ", "n" or ""
    std::string unit;   ///< the base unit: "B", "s", another unit as the catalog names it, or ""
    double scale = 1.0; ///< shown value = value in the metric's own unit × scale

    /** "GB", "ms", "k" or "" (prefix and unit together). */
    std::string symbol() const { return prefix + unit; }
};

/** The unit values of a metric in `metricUnit` (a unit of core/metrics/metrics.json)
 *  near `magnitude` are shown in; the metric's own unit when `magnitude` is 0. */
EngineeringUnit engineeringUnit(std::string_view metricUnit, double magnitude);

/** `value` of a metric in `metricUnit` to three significant digits with its prefixed
 *  unit: "3.6 MB", "1.73 GB", "4.82 k", "0.834", "12 ms". */
std::string formatEngineering(double value, std::string_view metricUnit);

/**
 * A mean and the half-width of its confidence interval, both in one prefixed unit:
 * the interval to one significant digit (two when they begin with 1 or 2) and the
 * mean to the same place, e.g. "4.8 k ± 0.3 k", "0.834 ± 0.018", "1.73 GB ± 0.20 GB".
 * Without an interval (`ci` 0 or not finite), as formatEngineering.
 */
std::string formatMeanCi(double mean, double ci, std::string_view metricUnit);

/** The numbers alone of `mean` ± `ci` shown in `unit` ("1.73" and "0.20"), rounded as
 *  formatMeanCi does; `ciText` is left empty without an interval. For tables whose
 *  header names the unit. */
void formatMeanCiIn(double mean, double ci, const EngineeringUnit &unit, std::string *meanText,
                    std::string *ciText);

/** `m` of the metric named `metric` as formatMeanCi shows it, in the unit the metric
 *  table gives it (no interval from fewer than two samples). */
std::string formatMetricMeanCi(std::string_view metric, const MeanCi &m);

} // namespace schedlab
