// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/reproduction.h"

#include "metrics/metriccatalog.h"
#include "scenario/units.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace schedlab {

namespace {
std::optional<MeanCi> find(const SweepPointResult &point, const std::string &policy,
                           const std::string &metric)
{
    for (const VariantSummary &v : point.summary)
        if (v.label == policy)
            for (const auto &[name, ci] : v.metrics)
                if (name == metric)
                    return ci;
    return std::nullopt;
}

std::string number(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

std::string meanCi(const MeanCi &m)
{
    char ci[32];
    std::snprintf(ci, sizeof ci, "%.2g", m.ci95);
    return number(m.mean) + " ± " + ci;
}

/** Whether `ours` is better than `theirs` by the metric's direction (higher when it
 *  has none). */
bool ahead(Better better, double ours, double theirs)
{
    return better == Better::Lower ? ours < theirs : ours > theirs;
}

/** "a", "a and b", "a, b and c". */
std::string joinAnd(const std::vector<std::string> &items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
    return out;
}

/** Whether the ordering holds at one value; nullopt with `why` when it cannot be told. */
std::optional<bool> holdsAt(const PaperClaim &c, const SweepPointResult &point, Better better,
                            std::string *why)
{
    const auto ours = find(point, c.policy, c.metric);
    if (!ours) {
        *why = "no " + c.metric + " of " + c.policy + " at " + point.value;
        return std::nullopt;
    }
    for (const std::string &rival : c.than) {
        const auto theirs = find(point, rival, c.metric);
        if (!theirs) {
            *why = "no " + c.metric + " of " + rival + " at " + point.value;
            return std::nullopt;
        }
        if (!ahead(better, ours->mean, theirs->mean)) {
            *why = c.policy + " " + meanCi(*ours) + " is not " +
                   (better == Better::Lower ? "below " : "above ") + rival + "'s " +
                   meanCi(*theirs) + " at " + point.value;
            return false;
        }
    }
    *why = c.policy + " ahead of " + joinAnd(c.than) + " at " + point.value;
    return true;
}

/** A claim about the parameter: `policy` better at `at` than at each value of `over`. */
void judgeOver(const PaperClaim &c, const SweepResult &sweep, Better better, ClaimOutcome &o)
{
    const SweepPointResult *at = nullptr;
    for (const SweepPointResult &p : sweep.points)
        if (p.value == c.at)
            at = &p;
    const auto ours = at ? find(*at, c.policy, c.metric) : std::nullopt;
    if (!ours) {
        o.why = "no " + c.metric + " of " + c.policy + " at " + c.at;
        return;
    }
    for (const std::string &value : c.over) {
        std::optional<MeanCi> there;
        for (const SweepPointResult &p : sweep.points)
            if (p.value == value)
                there = find(p, c.policy, c.metric);
        if (!there) {
            o.why = "no " + c.metric + " of " + c.policy + " at " + value;
            return;
        }
        if (!ahead(better, ours->mean, there->mean)) {
            o.verdict = "different direction";
            o.why = "at " + c.at + " " + meanCi(*ours) + ", at " + value + " " + meanCi(*there);
            return;
        }
    }
    o.verdict = "same direction";
    o.why = "at " + c.at + " " + meanCi(*ours) + ", better than at " + joinAnd(c.over);
}

/** An ordering over `points`: enough of them (the claim's share) must hold it. */
void judgeThan(const PaperClaim &c, const std::vector<const SweepPointResult *> &points,
               Better better, ClaimOutcome &o)
{
    int held = 0;
    std::string why, firstMiss;
    for (const SweepPointResult *p : points) {
        const auto holds = holdsAt(c, *p, better, &why);
        if (!holds) {
            o.why = why;
            return;
        }
        held += *holds;
        if (!*holds && firstMiss.empty())
            firstMiss = why;
    }
    const int total = int(points.size());
    o.verdict = held >= c.share * total - 1e-9 ? "same direction" : "different direction";
    o.why = held == total ? (total == 1 ? why
                                        : c.policy + " ahead of " + joinAnd(c.than) + " at all " +
                                              std::to_string(total) + " values")
                          : "holds at " + std::to_string(held) + " of " + std::to_string(total) +
                                " values; " + firstMiss;
}

/** A goal met or missed at the claim's first value. */
void judgeWithin(const PaperClaim &c, Better better, ClaimOutcome &o)
{
    if (better == Better::Neither) {
        o.why = c.metric + " has no better direction to meet a goal in";
        return;
    }
    if (!o.ours)
        return;
    const bool met = *c.within == o.ours->mean || ahead(better, o.ours->mean, *c.within);
    o.verdict = met ? "same direction" : "different direction";
    o.why = c.policy + " " + meanCi(*o.ours) + (met ? " meets " : " misses ") + number(*c.within);
}

/** The policy's mean relative change against the first rival over `points`. */
std::optional<double> relativeChange(const PaperClaim &c,
                                     const std::vector<const SweepPointResult *> &points)
{
    double sum = 0.0;
    int n = 0;
    for (const SweepPointResult *p : points) {
        const auto ours = find(*p, c.policy, c.metric);
        const auto rival = find(*p, c.than.front(), c.metric);
        if (ours && rival && rival->mean != 0.0) {
            sum += (ours->mean - rival->mean) / rival->mean;
            ++n;
        }
    }
    return n > 0 ? std::optional(sum / n) : std::nullopt;
}
} // namespace

std::string verdictWord(const std::string &verdict)
{
    return verdict == "same direction"        ? "same"
           : verdict == "different direction" ? "different"
                                              : "";
}

std::vector<ClaimOutcome> judgeClaims(const SweepPreset &preset, const SweepResult &sweep)
{
    std::vector<ClaimOutcome> out;
    for (const PaperClaim &c : preset.claims) {
        ClaimOutcome o;
        o.claim = c;
        o.value = c.at.empty() ? "every value" : c.at;
        o.verdict = "not comparable";
        std::vector<const SweepPointResult *> points;
        for (const SweepPointResult &p : sweep.points)
            if (c.at.empty() || p.value == c.at)
                points.push_back(&p);
        const MetricInfo *metric = findMetric(c.metric);
        if (points.empty()) {
            o.why = "the sweep has no value " + c.at;
        } else if (!metric) {
            o.why = "no metric " + c.metric;
        } else {
            o.ours = find(*points.front(), c.policy, c.metric);
            if (o.ours && c.paper && *c.paper != 0.0)
                o.ratio = o.ours->mean / *c.paper;
            if (c.change && !c.than.empty()) {
                o.change = relativeChange(c, points);
                if (o.change && *c.change != 0.0)
                    o.ratio = *o.change / *c.change;
            }
            if (c.within)
                judgeWithin(c, metric->better, o);
            else if (!c.over.empty())
                judgeOver(c, sweep, metric->better, o);
            else if (!c.than.empty())
                judgeThan(c, points, metric->better, o);
            else
                o.why =
                    o.ours ? "a value alone: see the ratio" : "no " + c.policy + " in the results";
        }
        out.push_back(std::move(o));
    }
    return out;
}

std::string reproductionMarkdown(const std::string &name, const SweepPreset &preset,
                                 const SweepResult &sweep,
                                 const std::vector<ClaimOutcome> &outcomes,
                                 const std::string &command, double seconds,
                                 const std::string &chart, const std::string &training)
{
    std::string md = "## " + name + ": " + preset.source + "\n\n" + preset.description + ".\n\n";
    if (!preset.paper.empty())
        md += "The paper: " + preset.paper + "\n\n";
    md += "```sh\n" + command + "\n```\n\n";
    md += "Scenario " + sweep.scenarioName + ", " + sweep.parameter + " over " +
          std::to_string(sweep.points.size()) +
          (sweep.points.size() == 1 ? " value; " : " values; ") +
          (seconds < 0 ? std::string("run as a Slurm job array, merged from its tasks.\n\n")
                       : number(seconds) + " s on this machine, training included.\n\n");
    if (!training.empty())
        md += training + "\n\n";
    md += "| claim | at | paper | SchedLab | ratio | verdict | why "
          "|\n|---|---|---|---|---|---|---|\n";
    for (const ClaimOutcome &o : outcomes) {
        const PaperClaim &c = o.claim;
        std::string claim = c.text.empty() ? c.policy + " on " + c.metric : c.text;
        const auto percent = [](double v) { return number(100.0 * v) + "%"; };
        const std::string paper = c.change   ? percent(*c.change) + " against " + c.than.front()
                                  : c.paper  ? number(*c.paper)
                                  : c.within ? "within " + number(*c.within)
                                             : "-";
        std::string ours = o.ours ? c.policy + " " + meanCi(*o.ours) : "-";
        if (o.change)
            ours += " (" + percent(*o.change) + " against " + c.than.front() + ")";
        md += "| " + claim + " | " + o.value + " | " + paper + " | " + ours + " | " +
              (o.ratio ? number(*o.ratio) : "-") + " | " + o.verdict + " | " + o.why + " |\n";
    }
    if (!chart.empty())
        md += "\n![" + preset.source + ", SchedLab](" + chart + ")\n";
    // One table in the paper's style: a row per value and policy, a column per metric
    // the preset charts or a claim judges.
    std::vector<std::string> metrics = preset.metrics;
    for (const PaperClaim &c : preset.claims)
        if (std::find(metrics.begin(), metrics.end(), c.metric) == metrics.end())
            metrics.push_back(c.metric);
    md += "\nMean ± 95% CI:\n\n| " + sweep.parameter + " | policy |";
    std::string rule = "|---|---|";
    for (const std::string &m : metrics) {
        md += " " + m + " |";
        rule += "---|";
    }
    md += "\n" + rule + "\n";
    for (const SweepPointResult &p : sweep.points)
        for (const VariantSummary &v : p.summary) {
            md += "| " + p.value + " | " + v.label + " |";
            for (const std::string &m : metrics) {
                const auto ci = find(p, v.label, m);
                md += " " + (ci ? meanCi(*ci) : std::string("-")) + " |";
            }
            md += "\n";
        }
    return md + "\n";
}

std::map<std::string, SweepPreset> paperPresets(const std::string &dir,
                                                std::vector<ScenarioError> &errors)
{
    std::map<std::string, SweepPreset> out;
    std::error_code error;
    for (const auto &entry : std::filesystem::directory_iterator(dir, error)) {
        if (entry.path().extension() != ".yaml")
            continue;
        const SweepPresetLoad load = loadSweepPresetFile(entry.path().string());
        errors.insert(errors.end(), load.errors.begin(), load.errors.end());
        if (load.ok() && !load.preset->source.empty())
            out.emplace(entry.path().stem().string(), *load.preset);
    }
    return out;
}

} // namespace schedlab
