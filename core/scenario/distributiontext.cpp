// SPDX-License-Identifier: GPL-3.0-or-later
// Distributions of quantities: exp(40ms), uniform(10ms, 50ms), normal(20s, 1s),
// lognormal(40ms, 0.5), const(1s) or a plain quantity (see units.h).
#include "scenario/units.h"

#include "scenario/blanks.h"

#include "base/suggest.h"

#include <cmath>
#include <vector>

namespace schedlab {

namespace {
bool startsLikeNumber(std::string_view s)
{
    return !s.empty() &&
           ((s[0] >= '0' && s[0] <= '9') || s[0] == '.' || s[0] == '+' || s[0] == '-');
}
} // namespace

Parsed<Distribution> parseDistribution(std::string_view input, Dimension d)
{
    Parsed<Distribution> out;
    const std::string_view text = trimBlanks(input);
    const std::string shown(text);
    const std::size_t open = text.find('(');
    if (open == std::string_view::npos) {
        const Parsed<double> q = parseQuantity(text, d);
        if (!q.ok()) {
            if (!text.empty() && !startsLikeNumber(text) &&
                text.find(')') == std::string_view::npos)
                out.error = q.error + ", or a distribution such as exp(40ms), "
                                      "uniform(10ms, 50ms), normal(20s, 1s), lognormal(40ms, 0.5)";
            else
                out.error = q.error;
            return out;
        }
        out.value = Distribution::constant(q.value);
        return out;
    }
    const std::string name(trimBlanks(text.substr(0, open)));
    struct Form
    {
        const char *name;
        Distribution::Kind kind;
        int args;
        const char *params;
    };
    static const Form forms[] = {{"exp", Distribution::Kind::Exp, 1, "mean"},
                                 {"uniform", Distribution::Kind::Uniform, 2, "low, high"},
                                 {"normal", Distribution::Kind::Normal, 2, "mean, stddev"},
                                 {"lognormal", Distribution::Kind::LogNormal, 2, "median, sigma"},
                                 {"const", Distribution::Kind::Const, 1, "value"}};
    const Form *form = nullptr;
    std::vector<std::string> names;
    for (const Form &f : forms) {
        names.push_back(f.name);
        if (name == f.name)
            form = &f;
    }
    if (!form) {
        out.error = "unknown distribution '" + name + "'" + didYouMean(name, names) +
                    "; expected " + joinAlternatives(names) + " or a plain " + dimensionName(d);
        return out;
    }
    if (text.back() != ')' || text.find(')') != text.size() - 1) {
        out.error = "malformed distribution '" + shown + "': expected " + form->name + "(" +
                    form->params + ")";
        if (text.find(')') == std::string_view::npos && form->args > 1)
            out.error += "; inside a flow map {...} a comma ends the value: quote it, e.g. \"" +
                         shown + ", ...)\"";
        return out;
    }
    std::vector<std::string_view> args;
    std::string_view inner = text.substr(open + 1, text.size() - open - 2);
    while (true) {
        const std::size_t comma = inner.find(',');
        args.push_back(trimBlanks(inner.substr(0, comma)));
        if (comma == std::string_view::npos)
            break;
        inner.remove_prefix(comma + 1);
    }
    if (int(args.size()) != form->args || (args.size() == 1 && args[0].empty())) {
        const int got = args.size() == 1 && args[0].empty() ? 0 : int(args.size());
        out.error = std::string(form->name) + " takes " + std::to_string(form->args) +
                    (form->args == 1 ? " argument (" : " arguments (") + form->params + "), got " +
                    std::to_string(got) + " in '" + shown + "'";
        return out;
    }
    double values[2] = {0.0, 0.0};
    for (std::size_t i = 0; i < args.size(); ++i) {
        const bool sigma = form->kind == Distribution::Kind::LogNormal && i == 1;
        const Parsed<double> q = parseQuantity(args[i], sigma ? Dimension::Ratio : d);
        if (!q.ok()) {
            out.error = "argument " + std::to_string(i + 1) + " of " + form->name + ": " + q.error +
                        (sigma ? " (sigma is dimensionless)" : "");
            return out;
        }
        values[i] = q.value;
    }
    out.value = Distribution{form->kind, values[0], values[1]};
    return out;
}

std::string formatDistribution(const Distribution &dist, Dimension d)
{
    const std::string a = formatQuantity(dist.a, d);
    switch (dist.kind) {
    case Distribution::Kind::Const:
        return a;
    case Distribution::Kind::Exp:
        return "exp(" + a + ")";
    case Distribution::Kind::Uniform:
        return "uniform(" + a + ", " + formatQuantity(dist.b, d) + ")";
    case Distribution::Kind::Normal:
        return "normal(" + a + ", " + formatQuantity(dist.b, d) + ")";
    case Distribution::Kind::LogNormal:
        return "lognormal(" + a + ", " + formatNumber(dist.b) + ")";
    }
    return a;
}

std::string distributionProblem(const Distribution &dist, Dimension d)
{
    using K = Distribution::Kind;
    const auto q = [d](double v) { return formatQuantity(v, d); };
    if (!std::isfinite(dist.a) || !std::isfinite(dist.b))
        return "parameters must be finite numbers";
    switch (dist.kind) {
    case K::Const:
        if (dist.a < 0)
            return "must not be negative, got " + q(dist.a);
        break;
    case K::Exp:
        if (dist.a <= 0)
            return "exp mean must be > 0, got " + q(dist.a);
        break;
    case K::Uniform:
        if (dist.a < 0)
            return "uniform low must not be negative, got " + q(dist.a);
        if (dist.a > dist.b)
            return "uniform low " + q(dist.a) + " is above high " + q(dist.b);
        break;
    case K::Normal:
        if (dist.a < 0)
            return "normal mean must not be negative, got " + q(dist.a);
        if (dist.b < 0)
            return "normal stddev must not be negative, got " + q(dist.b);
        break;
    case K::LogNormal:
        if (dist.a <= 0)
            return "lognormal median must be > 0, got " + q(dist.a);
        if (dist.b < 0)
            return "lognormal sigma must not be negative, got " + formatNumber(dist.b);
        // At sigma 5 the mean is already e^12.5, 270,000 times the median: beyond that
        // no real duration or size is drawn.
        if (dist.b > 5)
            return "lognormal sigma must be at most 5, got " + formatNumber(dist.b);
        break;
    }
    if (std::string problem = physicalRangeProblem(dist.a, d); !problem.empty())
        return problem;
    if (dist.kind == K::Uniform || dist.kind == K::Normal)
        return physicalRangeProblem(dist.b, d);
    return {};
}

} // namespace schedlab
