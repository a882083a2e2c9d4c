// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/distribution.h"

#include <string>
#include <string_view>

namespace schedlab {

/**
 * Quantities with units in scenario files (DESIGN.md section 5).
 *
 * | dimension | units (base unit first)                           | bare number |
 * |-----------|---------------------------------------------------|-------------|
 * | Duration  | s, us, ms, m (minutes), h                         | error       |
 * | Size      | B, KB MB GB TB (10^3), Ki Mi Gi Ti (2^10; KiB...) | error       |
 * | Bandwidth | bps, Kbps, Mbps, Gbps, Tbps; read: B/s KB/s MB/s GB/s | error    |
 * | Cpu       | cores (bare), m (millicores)                      | allowed     |
 * | Rate      | /s, /m, /h                                        | error       |
 * | Ratio     | none: a plain number                              | required    |
 *
 * Values are in base units (seconds, bytes, bits/s, cores, 1/s). A value with a
 * sub-unit is divided by an exact integer (`250ms` = 250 / 1000), so parsing is
 * correctly rounded, and formatting picks a unit whose text parses back to the
 * identical double.
 */

/** A parsed value, or `error` (non-empty) saying what was expected. */
template <typename T> struct Parsed
{
    T value{};
    std::string error;
    bool ok() const { return error.empty(); }
};

/** "duration", "size", "bandwidth", "cpu quantity", "rate", "number" */
std::string dimensionName(Dimension dimension);
/** A few valid examples for messages, e.g. "250ms, 2s, 10m". */
std::string dimensionExamples(Dimension dimension);

/** A plain finite number ("0.5", "-2", "1e3"); no unit. */
Parsed<double> parseNumber(std::string_view text);
/** The shortest decimal text that parses back to exactly `value`. */
std::string formatNumber(double value);

/**
 * Parses `text` as a quantity of `dimension`. Messages name the expected units,
 * e.g. "expected a duration with a unit (e.g. 250ms, 2s, 10m), got bare number 250".
 */
Parsed<double> parseQuantity(std::string_view text, Dimension dimension);
/** Canonical text for `value`; parseQuantity of it gives back the identical double. */
std::string formatQuantity(double value, Dimension dimension);

/**
 * Why a nonzero `value` of `dimension` lies outside what any real system has (1 ns to
 * about 30 years, 1 B to 1 EiB, 1 bit/s to 1 Pbit/s, 1m to 100,000 cores, at most
 * 10^9 per second); empty when it lies inside, for zero and for plain numbers. Such a
 * value is almost always a wrong unit or a typo, so the validator refuses it.
 */
std::string physicalRangeProblem(double value, Dimension dimension);

/**
 * `exp(mean)`, `uniform(low, high)`, `normal(mean, stddev)`,
 * `lognormal(median, sigma)` (sigma a plain number), `const(v)` or a plain
 * quantity (a constant). Only the syntax is checked; see distributionProblem().
 */
Parsed<Distribution> parseDistribution(std::string_view text, Dimension dimension);
/** Canonical text; a constant is written as a plain quantity. Round-trips exactly. */
std::string formatDistribution(const Distribution &distribution, Dimension dimension);
/**
 * Range checks for a distribution of a non-negative quantity (durations, sizes):
 * empty when fine, else what is wrong, e.g. "uniform low 50ms is above high 10ms".
 */
std::string distributionProblem(const Distribution &distribution, Dimension dimension);

inline Parsed<double> parseDuration(std::string_view t)
{
    return parseQuantity(t, Dimension::Duration);
}
inline Parsed<double> parseSize(std::string_view t)
{
    return parseQuantity(t, Dimension::Size);
}
inline Parsed<double> parseBandwidth(std::string_view t)
{
    return parseQuantity(t, Dimension::Bandwidth);
}
inline Parsed<double> parseCpu(std::string_view t)
{
    return parseQuantity(t, Dimension::Cpu);
}
inline Parsed<double> parseRate(std::string_view t)
{
    return parseQuantity(t, Dimension::Rate);
}

inline std::string formatDuration(double seconds)
{
    return formatQuantity(seconds, Dimension::Duration);
}
inline std::string formatSize(double bytes)
{
    return formatQuantity(bytes, Dimension::Size);
}
inline std::string formatBandwidth(double bps)
{
    return formatQuantity(bps, Dimension::Bandwidth);
}
inline std::string formatCpu(double cores)
{
    return formatQuantity(cores, Dimension::Cpu);
}
inline std::string formatRate(double perSecond)
{
    return formatQuantity(perSecond, Dimension::Rate);
}

} // namespace schedlab
