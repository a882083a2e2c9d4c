// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/validationchecks.h"

#include "scenario/units.h"

#include <cmath>
#include <cstdio>

namespace schedlab::detail {

namespace {
std::string text(double v, Dimension d)
{
    return d == Dimension::Ratio ? formatNumber(v) : formatQuantity(v, d);
}
} // namespace

void ValidationChecks::add(const std::string &path, const std::string &message)
{
    ScenarioError e;
    e.file = mS.sourcePath;
    e.keyPath = path;
    e.message = message;
    mErrors.push_back(std::move(e));
}

void ValidationChecks::positive(const std::string &path, double v, Dimension d)
{
    if (!(v > 0) || !std::isfinite(v))
        add(path, "must be > 0, got " + text(v, d));
    else
        physical(path, v, d);
}

void ValidationChecks::nonNegative(const std::string &path, double v, Dimension d)
{
    if (!(v >= 0) || !std::isfinite(v))
        add(path, "must not be negative, got " + text(v, d));
    else
        physical(path, v, d);
}

void ValidationChecks::physical(const std::string &path, double v, Dimension d)
{
    if (const std::string problem = physicalRangeProblem(v, d); !problem.empty())
        add(path, problem);
}

void ValidationChecks::named(const std::string &path, const std::string &name,
                             std::set<std::string> &seen, const std::string &what)
{
    if (name.empty())
        add(path + ".name", "must not be empty");
    else if (const std::string problem = nameProblem(name); !problem.empty())
        add(path + ".name", problem);
    else if (!seen.insert(name).second)
        add(path + ".name", "duplicate " + what + " name '" + name + "'");
}

void ValidationChecks::checkDistribution(const std::string &path, const Distribution &d,
                                         Dimension dim)
{
    if (const std::string problem = distributionProblem(d, dim); !problem.empty())
        add(path, problem);
}

std::string ValidationChecks::nameProblem(const std::string &name)
{
    if (name.size() > kMaxNameLength)
        return longName(name);
    for (const unsigned char c : name)
        if (c < 0x20 || c == 0x7f) {
            char code[8];
            std::snprintf(code, sizeof code, "0x%02X", c);
            return std::string("holds a control character (") + code +
                   "); a name is one line of text";
        }
    return {};
}

std::string ValidationChecks::longName(const std::string &name)
{
    return "is " + std::to_string(name.size()) + " characters long; a name has at most " +
           std::to_string(kMaxNameLength);
}

} // namespace schedlab::detail
