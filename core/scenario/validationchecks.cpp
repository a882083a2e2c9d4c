// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/validationchecks.h"

#include "scenario/units.h"

#include <cmath>

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
    else if (name.size() > kMaxNameLength)
        add(path + ".name", longName(name));
    else if (!seen.insert(name).second)
        add(path + ".name", "duplicate " + what + " name '" + name + "'");
}

void ValidationChecks::checkDistribution(const std::string &path, const Distribution &d,
                                         Dimension dim)
{
    if (const std::string problem = distributionProblem(d, dim); !problem.empty())
        add(path, problem);
}

std::string ValidationChecks::longName(const std::string &name)
{
    return "is " + std::to_string(name.size()) + " characters long; a name has at most " +
           std::to_string(kMaxNameLength);
}

} // namespace schedlab::detail
