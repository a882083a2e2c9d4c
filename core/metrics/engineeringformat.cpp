// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/engineeringformat.h"

#include "metrics/metriccatalog.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace schedlab {

namespace {
/** A metric's unit as a base unit, the power of ten it is of that unit, and the
 *  exponents its values may take. */
struct Base
{
    std::string unit;
    int exponent = 0;
    int lowest = 0, highest = 0;
};

Base baseOf(std::string_view unit)
{
    if (unit.empty())
        return {"", 0, 0, 9};
    if (unit == "bytes" || unit == "B")
        return {"B", 0, 0, 12};
    if (unit == "s")
        return {"s", 0, -9, 0};
    if (unit == "ms")
        return {"s", -3, -9, 0};
    if (unit == "µs" || unit == "us")
        return {"s", -6, -9, 0};
    if (unit == "ns")
        return {"s", -9, -9, 0};
    return {std::string(unit), 0, 0, 0};
}

std::string prefixOf(int exponent)
{
    switch (exponent) {
    case 12:
        return "T";
    case 9:
        return "G";
    case 6:
        return "M";
    case 3:
        return "k";
    case -3:
        return "m";
    case -6:
        return "µ";
    case -9:
        return "n";
    default:
        return "";
    }
}

/** `v` with `decimals` digits after the point, never "-0". */
std::string fixed(double v, int decimals)
{
    std::array<char, 64> text{};
    std::snprintf(text.data(), text.size(), "%.*f", std::max(0, decimals), v);
    std::string s = text.data();
    if (s.front() == '-' && s.find_first_not_of("-0.") == std::string::npos)
        s.erase(0, 1);
    return s;
}

/** `v` rounded to three significant digits, without trailing zeros after the point. */
std::string threeDigits(double v)
{
    if (!std::isfinite(v))
        return "n/a";
    if (v == 0.0)
        return "0";
    const int magnitude = int(std::floor(std::log10(std::abs(v))));
    const int decimals = 2 - magnitude;
    if (decimals < 0) {
        const double step = std::pow(10.0, -decimals);
        return fixed(std::round(v / step) * step, 0);
    }
    std::string s = fixed(v, decimals);
    if (s.find('.') != std::string::npos) {
        s.erase(s.find_last_not_of('0') + 1);
        if (s.back() == '.')
            s.pop_back();
    }
    return s;
}

std::string withSymbol(const std::string &number, const EngineeringUnit &unit)
{
    return unit.symbol().empty() ? number : number + " " + unit.symbol();
}
} // namespace

EngineeringUnit engineeringUnit(std::string_view metricUnit, double magnitude)
{
    const Base base = baseOf(metricUnit);
    int exponent = base.exponent;
    const double m = std::abs(magnitude) * std::pow(10.0, base.exponent);
    if (m > 0 && std::isfinite(m)) {
        // From the value as it will be rounded, so 999.7 reads 1.00 k and not 1000.
        const int digits = int(std::floor(std::log10(m)));
        const double step = std::pow(10.0, digits - 2);
        const double rounded = std::round(m / step) * step;
        exponent = 3 * int(std::floor(std::log10(rounded) / 3.0));
    }
    exponent = std::clamp(exponent, base.lowest, std::max(base.lowest, base.highest));
    if (base.highest == base.lowest) // a unit without prefixes
        exponent = base.exponent;
    EngineeringUnit u;
    u.exponent = exponent;
    u.prefix = prefixOf(exponent);
    u.unit = base.unit;
    u.scale = std::pow(10.0, base.exponent - exponent);
    return u;
}

std::string formatEngineering(double value, std::string_view metricUnit)
{
    const EngineeringUnit u = engineeringUnit(metricUnit, value);
    if (!std::isfinite(value))
        return "n/a";
    return withSymbol(threeDigits(value * u.scale), u);
}

void formatMeanCiIn(double mean, double ci, const EngineeringUnit &unit, std::string *meanText,
                    std::string *ciText)
{
    const double m = mean * unit.scale;
    const double c = ci * unit.scale;
    ciText->clear();
    if (!std::isfinite(m)) {
        *meanText = "n/a";
        return;
    }
    if (!(c > 0) || !std::isfinite(c)) {
        *meanText = threeDigits(m);
        return;
    }
    // Two digits of an interval that begins with 1 or 2 (one would round it by up to
    // half), one otherwise; the mean to the same place.
    const int magnitude = int(std::floor(std::log10(c)));
    const int leading = int(c / std::pow(10.0, magnitude) + 1e-9);
    const int place = magnitude - (leading < 3 ? 1 : 0);
    const double step = std::pow(10.0, place);
    *meanText = fixed(std::round(m / step) * step, -place);
    *ciText = fixed(std::round(c / step) * step, -place);
}

std::string formatMeanCi(double mean, double ci, std::string_view metricUnit)
{
    const bool interval = ci > 0 && std::isfinite(ci);
    const EngineeringUnit u =
        engineeringUnit(metricUnit, std::abs(mean) > 0 || !interval ? mean : ci);
    std::string m, c;
    formatMeanCiIn(mean, ci, u, &m, &c);
    if (c.empty())
        return withSymbol(m, u);
    return withSymbol(m, u) + " ± " + withSymbol(c, u);
}

std::string formatMetricMeanCi(std::string_view metric, const MeanCi &m)
{
    const MetricInfo *info = findMetric(metric);
    return formatMeanCi(m.mean, m.n < 2 ? 0.0 : m.ci95, info ? info->unit : std::string_view());
}

} // namespace schedlab
