// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/csv.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace schedlab {

std::string csvNumber(double v, int digits)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

namespace {
bool startsLikeAFormula(const std::string &text)
{
    if (text.empty() || std::string_view("=+-@\t\r'").find(text.front()) == std::string_view::npos)
        return false;
    if (text.front() != '+' && text.front() != '-')
        return true;
    // A signed number ("-0.5") is read as the number it is, not run.
    char *end = nullptr;
    std::strtod(text.c_str(), &end);
    return end != text.c_str() + text.size();
}
} // namespace

std::string csvField(const std::string &given)
{
    const std::string text = startsLikeAFormula(given) ? "'" + given : given;
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string csvFieldText(const std::string &field)
{
    if (field.size() >= 2 && field.front() == '\'' && startsLikeAFormula(field.substr(1)))
        return field.substr(1);
    return field;
}

} // namespace schedlab
