// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/units.h"

#include "base/suggest.h"
#include "scenario/blanks.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

namespace schedlab {

namespace {

/** value = number * mul / div; both factors are exact integers in a double. */
struct Unit
{
    const char *name;
    double mul;
    double div;
    bool canonical; ///< written by formatQuantity; aliases are only read
};

/** What messages call a dimension, a few valid examples, and its units. */
struct DimensionInfo
{
    Dimension dimension;
    const char *name;
    const char *examples;
    const std::vector<Unit> &units;
};

const DimensionInfo &infoOf(Dimension d)
{
    static const std::vector<Unit> duration = {{"s", 1, 1, true},    {"ns", 1, 1e9, true},
                                               {"us", 1, 1e6, true}, {"ms", 1, 1e3, true},
                                               {"m", 60, 1, true},   {"h", 3600, 1, true}};
    static const std::vector<Unit> size = {{"B", 1, 1, true},
                                           {"KB", 1e3, 1, true},
                                           {"MB", 1e6, 1, true},
                                           {"GB", 1e9, 1, true},
                                           {"TB", 1e12, 1, true},
                                           {"PB", 1e15, 1, true},
                                           {"EB", 1e18, 1, true},
                                           {"Ki", 1024.0, 1, true},
                                           {"Mi", 1048576.0, 1, true},
                                           {"Gi", 1073741824.0, 1, true},
                                           {"Ti", 1099511627776.0, 1, true},
                                           {"Pi", 1125899906842624.0, 1, true},
                                           {"Ei", 1152921504606846976.0, 1, true},
                                           {"KiB", 1024.0, 1, false},
                                           {"MiB", 1048576.0, 1, false},
                                           {"GiB", 1073741824.0, 1, false},
                                           {"TiB", 1099511627776.0, 1, false},
                                           {"PiB", 1125899906842624.0, 1, false},
                                           {"EiB", 1152921504606846976.0, 1, false}};
    static const std::vector<Unit> bandwidth = {
        {"bps", 1, 1, true},     {"Kbps", 1e3, 1, true},  {"Mbps", 1e6, 1, true},
        {"Gbps", 1e9, 1, true},  {"Tbps", 1e12, 1, true}, {"B/s", 8, 1, false},
        {"KB/s", 8e3, 1, false}, {"MB/s", 8e6, 1, false}, {"GB/s", 8e9, 1, false}};
    static const std::vector<Unit> cpu = {{"", 1, 1, true}, {"m", 1, 1e3, true}};
    static const std::vector<Unit> rate = {
        {"/s", 1, 1, true}, {"/m", 1, 60, true}, {"/h", 1, 3600, true}};
    static const std::vector<Unit> ratio = {{"", 1, 1, true}};
    static const DimensionInfo infos[] = {
        {Dimension::Duration, "duration", "250ms, 2s, 10m", duration},
        {Dimension::Size, "size", "512Mi, 4Gi, 120MB", size},
        {Dimension::Bandwidth, "bandwidth", "50Mbps, 1Gbps", bandwidth},
        {Dimension::Cpu, "cpu quantity", "2, 500m", cpu},
        {Dimension::Rate, "rate", "20/s, 300/m", rate},
        {Dimension::Ratio, "number", "0.5, 1, 2.5", ratio},
    };
    for (const DimensionInfo &info : infos)
        if (info.dimension == d)
            return info;
    return infos[std::size(infos) - 1];
}

const std::vector<Unit> &unitsOf(Dimension d)
{
    return infoOf(d).units;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

/** Length of the leading decimal number of `s` (sign, digits, fraction, exponent); 0 if none. */
std::size_t scanNumber(std::string_view s)
{
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
    std::size_t digits = 0;
    while (i < s.size() && isDigit(s[i]))
        ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && isDigit(s[i]))
            ++i, ++digits;
    }
    if (digits == 0)
        return 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < s.size() && (s[j] == '+' || s[j] == '-'))
            ++j;
        if (j < s.size() && isDigit(s[j])) {
            while (j < s.size() && isDigit(s[j]))
                ++j;
            i = j;
        }
    }
    return i;
}

/** Converts a scanned number; false when out of range. */
bool toDouble(std::string_view s, double &out)
{
    bool negative = false;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    double v = 0.0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v))
        return false;
    out = negative ? -v : v;
    return true;
}

std::string unitList(Dimension d)
{
    std::vector<std::string> names;
    for (const Unit &u : unitsOf(d))
        if (u.canonical)
            names.push_back(*u.name ? u.name : "no unit (cores)");
    return joinAlternatives(names);
}

std::string expectedPhrase(Dimension d)
{
    if (d == Dimension::Ratio)
        return "expected a plain number";
    if (d == Dimension::Cpu)
        return "expected a cpu quantity in cores or millicores (e.g. " + dimensionExamples(d) + ")";
    return "expected a " + dimensionName(d) + " with a unit (e.g. " + dimensionExamples(d) + ")";
}

/** Text of `n` that reads back exactly: plain digits for integers, else the shortest %g. */
std::string numberText(double n)
{
    if (n == std::floor(n) && std::fabs(n) < 1e15) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", n);
        return buf;
    }
    char buf[40];
    for (int p = 1; p <= 17; ++p) {
        std::snprintf(buf, sizeof buf, "%.*g", p, n);
        double back = 0.0;
        if (toDouble(buf, back) && back == n)
            return buf;
    }
    std::snprintf(buf, sizeof buf, "%.17g", n);
    return buf;
}

} // namespace

std::string dimensionName(Dimension d)
{
    return infoOf(d).name;
}

std::string dimensionExamples(Dimension d)
{
    return infoOf(d).examples;
}

Parsed<double> parseNumber(std::string_view text)
{
    return parseQuantity(text, Dimension::Ratio);
}

std::string formatNumber(double value)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    return numberText(value);
}

Parsed<double> parseQuantity(std::string_view input, Dimension d)
{
    Parsed<double> out;
    const std::string_view text = trimBlanks(input);
    const std::string shown(text);
    if (text.empty()) {
        out.error = expectedPhrase(d) + ", got an empty value";
        return out;
    }
    const std::size_t n = scanNumber(text);
    if (n == 0) {
        out.error = expectedPhrase(d) + ", got '" + shown + "'";
        return out;
    }
    double number = 0.0;
    if (!toDouble(text.substr(0, n), number)) {
        out.error = "number out of range in '" + shown + "'";
        return out;
    }
    const std::string unit(trimBlanks(text.substr(n)));
    if (unit.empty() && d != Dimension::Cpu && d != Dimension::Ratio) {
        out.error = expectedPhrase(d) + ", got bare number " + shown;
        return out;
    }
    if (d == Dimension::Ratio && !unit.empty()) {
        out.error = expectedPhrase(d) + " without a unit, got '" + shown + "'";
        return out;
    }
    for (const Unit &u : unitsOf(d)) {
        if (unit != u.name)
            continue;
        double v = number;
        if (u.mul != 1.0)
            v *= u.mul;
        if (u.div != 1.0)
            v /= u.div;
        if (!std::isfinite(v)) {
            out.error = "number out of range in '" + shown + "'";
            return out;
        }
        out.value = v;
        return out;
    }
    std::vector<std::string> names;
    for (const Unit &u : unitsOf(d))
        if (*u.name)
            names.push_back(u.name);
    out.error = "unknown " + dimensionName(d) + " unit '" + unit + "' in '" + shown + "'" +
                didYouMean(unit, names) + "; expected " + unitList(d);
    return out;
}

std::string physicalRangeProblem(double value, Dimension d)
{
    struct Range
    {
        double low, high;
    };
    const auto range = [d]() -> std::optional<Range> {
        switch (d) {
        case Dimension::Duration:
            return Range{1e-9, 1e9};
        case Dimension::Size:
            return Range{1, 0x1p60};
        case Dimension::Bandwidth:
            return Range{1, 1e15};
        case Dimension::Cpu:
            return Range{1e-3, 1e5};
        case Dimension::Rate:
            return Range{0, 1e9};
        case Dimension::Ratio:
            break;
        }
        return std::nullopt;
    }();
    const double magnitude = std::fabs(value);
    if (!range || value == 0.0 || !std::isfinite(value))
        return {};
    if (magnitude < range->low)
        return formatQuantity(value, d) + " is below the smallest real amount (" +
               formatQuantity(range->low, d) + "); check the unit";
    if (magnitude > range->high)
        return formatQuantity(value, d) + " is beyond any real system (at most " +
               formatQuantity(range->high, d) + "); check the unit";
    return {};
}

std::string formatQuantity(double value, Dimension d)
{
    const std::vector<Unit> &units = unitsOf(d);
    if (!std::isfinite(value))
        return formatNumber(value) + units.front().name;
    if (value == 0.0)
        return std::string(std::signbit(value) ? "-0" : "0") + units.front().name;
    // Candidates that read back identically; prefer integer mantissas, then the
    // shortest text, then the larger unit.
    std::string best;
    bool bestInteger = false;
    double bestFactor = 0.0;
    for (const Unit &u : units) {
        if (!u.canonical)
            continue;
        const double mantissa = value / u.mul * u.div;
        if (!std::isfinite(mantissa))
            continue;
        const std::string text = numberText(mantissa) + u.name;
        const Parsed<double> back = parseQuantity(text, d);
        if (!back.ok() || back.value != value)
            continue;
        const bool integer = mantissa == std::floor(mantissa) && std::fabs(mantissa) < 1e15;
        const double factor = u.mul / u.div;
        bool better = best.empty();
        if (!better && integer != bestInteger)
            better = integer;
        else if (!better && text.size() != best.size())
            better = text.size() < best.size();
        else if (!better)
            better = factor > bestFactor;
        if (better) {
            best = text;
            bestInteger = integer;
            bestFactor = factor;
        }
    }
    if (best.empty()) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", value);
        best = std::string(buf) + units.front().name;
    }
    return best;
}

} // namespace schedlab
