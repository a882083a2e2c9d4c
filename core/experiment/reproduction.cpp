// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/reproduction.h"

#include "experiment/claimevidence.h"
#include "experiment/claimtext.h"
#include "metrics/metriccatalog.h"
#include "scenario/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace schedlab {

namespace {
/** Whether `ours` is better than `theirs` by the metric's direction (higher when it
 *  has none). */
bool ahead(Better better, double ours, double theirs)
{
    return better == Better::Lower ? ours < theirs : ours > theirs;
}

enum class Order { Ahead, Behind, Unclear };

/** How a difference (ours − theirs) stands: Unclear when its 95% interval holds both
 *  orders. */
Order order(Better better, const MeanCi &difference)
{
    if (difference.ci95 > 0.0 && std::abs(difference.mean) <= difference.ci95)
        return Order::Unclear;
    return ahead(better, difference.mean, 0.0) ? Order::Ahead : Order::Behind;
}

/** `ours` (policy `a` at point `pa`) against `theirs` (`b` at `pb`): on the runs they
 *  share when the evidence has them, else from the two intervals in quadrature, as
 *  for independent means. */
Order order(Better better, const ClaimEvidence &evidence, std::size_t pa, const std::string &a,
            const MeanCi &ours, std::size_t pb, const std::string &b, const MeanCi &theirs,
            const std::string &metric, double scale = 1.0)
{
    if (const auto d = evidence.difference(pa, a, pb, b, metric, scale))
        return order(better, *d);
    return order(better, MeanCi{ours.mean - scale * theirs.mean,
                                std::hypot(ours.ci95, scale * theirs.ci95), 2});
}

/** The verdict of orderings that must hold in `needed` of the cases: `held` did, and
 *  `unclear` more could not be told from the noise. */
std::string verdictOf(int held, int unclear, double needed)
{
    return held >= needed - 1e-9             ? "same direction"
           : held + unclear >= needed - 1e-9 ? "within noise"
                                             : "different direction";
}

/** "a", "a and b", "a, b and c". */
std::string joinAnd(const std::vector<std::string> &items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
    return out;
}

/** How the ordering stands at one value (Unclear when any rival is within noise and
 *  none ahead); nullopt with `why` when it cannot be told. */
std::optional<Order> holdsAt(const PaperClaim &c, const SweepResult &sweep, std::size_t index,
                             const ClaimEvidence &evidence, Better better, std::string *why)
{
    const SweepPointResult &point = sweep.points[index];
    const auto ours = findResult(point, c.policy, c.metric);
    if (!ours) {
        *why = "no " + c.metric + " of " + c.policy + " at " + point.value;
        return std::nullopt;
    }
    std::vector<std::string> unclear;
    for (const std::string &rival : c.than) {
        const auto theirs = findResult(point, rival, c.metric);
        if (!theirs) {
            *why = "no " + c.metric + " of " + rival + " at " + point.value;
            return std::nullopt;
        }
        const Order o =
            order(better, evidence, index, c.policy, *ours, index, rival, *theirs, c.metric);
        if (o == Order::Behind) {
            *why = c.policy + " " + meanCiText(*ours) + " is not " +
                   (better == Better::Lower ? "below " : "above ") + rival + "'s " +
                   meanCiText(*theirs) + " at " + point.value;
            return Order::Behind;
        }
        if (o == Order::Unclear)
            unclear.push_back(rival + "'s " + meanCiText(*theirs));
    }
    if (!unclear.empty()) {
        *why = c.policy + " " + meanCiText(*ours) + " within noise of " + joinAnd(unclear) +
               " at " + point.value;
        return Order::Unclear;
    }
    *why = c.policy + " ahead of " + joinAnd(c.than) + " at " + point.value;
    return Order::Ahead;
}

/** The index of `value` among the sweep's values; their count when it has none. */
std::size_t valueIndex(const SweepResult &sweep, const std::string &value)
{
    std::size_t i = 0;
    while (i < sweep.points.size() && sweep.points[i].value != value)
        ++i;
    return i;
}

/** `policy`'s lead over `rival` at `point` (positive: ahead, by the metric's
 *  direction), paired on the runs they share when the evidence has them. */
std::optional<MeanCi> lead(const PaperClaim &c, const std::string &rival, const SweepResult &sweep,
                           std::size_t point, const ClaimEvidence &evidence, Better better)
{
    const auto ours = findResult(sweep.points[point], c.policy, c.metric);
    const auto theirs = findResult(sweep.points[point], rival, c.metric);
    if (!ours || !theirs)
        return std::nullopt;
    MeanCi d =
        evidence.difference(point, c.policy, point, rival, c.metric)
            .value_or(MeanCi{ours->mean - theirs->mean, std::hypot(ours->ci95, theirs->ci95), 2});
    if (better == Better::Lower)
        d.mean = -d.mean;
    return d;
}

/** Each policy's mean over every value, ahead of each rival's (`average`): paired per
 *  evaluation seed over the values when the evidence has the runs. */
void judgeAverage(const PaperClaim &c, const SweepResult &sweep, const ClaimEvidence &evidence,
                  Better better, ClaimOutcome &o)
{
    int held = 0, unclear = 0;
    std::string why;
    for (const std::string &rival : c.than) {
        std::optional<MeanCi> mean = evidence.averageDifference(c.policy, rival, c.metric);
        if (mean && better == Better::Lower)
            mean->mean = -mean->mean;
        if (!mean) { // the means alone: the values' intervals in quadrature
            double sum = 0.0, variance = 0.0;
            for (std::size_t p = 0; p < sweep.points.size(); ++p) {
                const auto d = lead(c, rival, sweep, p, evidence, better);
                if (!d) {
                    o.why = "no " + c.metric + " of " + c.policy + " or " + rival + " at " +
                            sweep.points[p].value;
                    return;
                }
                sum += d->mean;
                variance += d->ci95 * d->ci95;
            }
            const double n = double(sweep.points.size());
            mean = MeanCi{sum / n, std::sqrt(variance) / n, int(n)};
        }
        const Order ord = order(Better::Higher, *mean);
        held += ord == Order::Ahead;
        unclear += ord == Order::Unclear;
        why += (why.empty() ? "" : "; ") + std::string("over the values ") +
               (ord == Order::Ahead    ? "ahead of "
                : ord == Order::Behind ? "behind "
                                       : "level with ") +
               rival + " by " + meanCiText(MeanCi{std::abs(mean->mean), mean->ci95, mean->n});
    }
    o.verdict = verdictOf(held, unclear, double(c.than.size()));
    o.why = c.policy + " " + why;
}

/** The policy's lead over its rival smallest in size at `at` (`narrowest`). */
void judgeNarrowest(const PaperClaim &c, const SweepResult &sweep, const ClaimEvidence &evidence,
                    Better better, ClaimOutcome &o)
{
    const auto indexOf = [&](const std::string &value) { return valueIndex(sweep, value); };
    const std::string &rival = c.than.front();
    const std::size_t at = indexOf(c.at);
    const auto here =
        at < sweep.points.size() ? lead(c, rival, sweep, at, evidence, better) : std::nullopt;
    if (!here) {
        o.why = "no " + c.metric + " of " + c.policy + " or " + rival + " at " + c.at;
        return;
    }
    int held = 0, unclear = 0;
    std::string leads = "at " + c.at + " " + meanCiText(*here);
    for (const std::string &value : c.over) {
        const std::size_t other = indexOf(value);
        const auto there = other < sweep.points.size()
                               ? lead(c, rival, sweep, other, evidence, better)
                               : std::nullopt;
        if (!there) {
            o.why = "no " + c.metric + " of " + c.policy + " or " + rival + " at " + value;
            return;
        }
        // Close is close from either side: the lead's size counts, not its sign.
        const Order ord = order(Better::Higher, MeanCi{std::abs(there->mean) - std::abs(here->mean),
                                                       std::hypot(there->ci95, here->ci95), 2});
        held += ord == Order::Ahead;
        unclear += ord == Order::Unclear;
        leads += ", at " + value + " " + meanCiText(*there);
    }
    o.verdict = verdictOf(held, unclear, double(c.over.size()));
    o.why = c.policy + "'s lead over " + rival + ": " + leads;
}

/** A claim about the parameter: `policy` better at `at` than at each value of `over`. */
void judgeOver(const PaperClaim &c, const SweepResult &sweep, const ClaimEvidence &evidence,
               Better better, ClaimOutcome &o)
{
    const auto indexOf = [&](const std::string &value) { return valueIndex(sweep, value); };
    const std::size_t at = indexOf(c.at);
    const auto ours =
        at < sweep.points.size() ? findResult(sweep.points[at], c.policy, c.metric) : std::nullopt;
    if (!ours) {
        o.why = "no " + c.metric + " of " + c.policy + " at " + c.at;
        return;
    }
    int held = 0, unclear = 0;
    std::string miss, noise;
    for (const std::string &value : c.over) {
        const std::size_t other = indexOf(value);
        const auto there = other < sweep.points.size()
                               ? findResult(sweep.points[other], c.policy, c.metric)
                               : std::nullopt;
        if (!there) {
            o.why = "no " + c.metric + " of " + c.policy + " at " + value;
            return;
        }
        // `times`: at least so many times the value there, whichever way the metric improves.
        const Order order_ = c.times ? order(Better::Higher, evidence, at, c.policy, *ours, other,
                                             c.policy, *there, c.metric, *c.times)
                                     : order(better, evidence, at, c.policy, *ours, other, c.policy,
                                             *there, c.metric);
        held += order_ == Order::Ahead;
        unclear += order_ == Order::Unclear;
        const std::string both =
            "at " + c.at + " " + meanCiText(*ours) + ", at " + value + " " + meanCiText(*there) +
            (c.times ? " (" + claimNumber(ours->mean / there->mean) + "×)" : std::string());
        if (order_ == Order::Behind && miss.empty())
            miss = both;
        if (order_ == Order::Unclear && noise.empty())
            noise = both + " (within noise)";
    }
    o.verdict = verdictOf(held, unclear, double(c.over.size()));
    o.why = !miss.empty()    ? miss
            : !noise.empty() ? noise
            : c.times
                ? "at " + c.at + " " + meanCiText(*ours) + ", at least " + claimNumber(*c.times) +
                      " times its value at " + joinAnd(c.over)
                : "at " + c.at + " " + meanCiText(*ours) + ", better than at " + joinAnd(c.over);
}

/** A claim that the policy's values at every value lie within a share of the largest. */
void judgeSpread(const PaperClaim &c, const SweepResult &sweep, ClaimOutcome &o)
{
    std::optional<MeanCi> low, high;
    std::string lowAt, highAt;
    for (const SweepPointResult &p : sweep.points) {
        const auto v = findResult(p, c.policy, c.metric);
        if (!v) {
            o.why = "no " + c.metric + " of " + c.policy + " at " + p.value;
            return;
        }
        if (!low || v->mean < low->mean)
            low = v, lowAt = p.value;
        if (!high || v->mean > high->mean)
            high = v, highAt = p.value;
    }
    if (!high || !(std::abs(high->mean) > 0.0)) {
        o.why = "no values of " + c.metric + " of " + c.policy + " to compare";
        return;
    }
    const double scale = std::abs(high->mean);
    const double spread = (high->mean - low->mean) / scale;
    // The least spread the 95% intervals allow: the two ends drawn towards each other.
    const double least = std::max(0.0, high->mean - high->ci95 - (low->mean + low->ci95)) / scale;
    o.verdict = spread <= *c.spread + 1e-12  ? "same direction"
                : least <= *c.spread + 1e-12 ? "within noise"
                                             : "different direction";
    o.why =
        c.policy + " from " + meanCiText(*low) + " at " + lowAt + " to " + meanCiText(*high) +
        " at " + highAt + ": " + claimNumber(100.0 * spread) + "% apart" +
        (o.verdict == "within noise" ? " (within noise of " + claimNumber(100.0 * *c.spread) + "%)"
                                     : "");
}

/** An ordering over `points`: enough of them (the claim's share) must hold it. */
void judgeThan(const PaperClaim &c, const SweepResult &sweep,
               const std::vector<std::size_t> &points, const ClaimEvidence &evidence, Better better,
               ClaimOutcome &o)
{
    int held = 0, unclear = 0;
    std::string why, firstMiss, firstNoise;
    for (std::size_t p : points) {
        const auto holds = holdsAt(c, sweep, p, evidence, better, &why);
        if (!holds) {
            o.why = why;
            return;
        }
        held += *holds == Order::Ahead;
        unclear += *holds == Order::Unclear;
        if (*holds == Order::Behind && firstMiss.empty())
            firstMiss = why;
        if (*holds == Order::Unclear && firstNoise.empty())
            firstNoise = why;
    }
    const int total = int(points.size());
    o.verdict = verdictOf(held, unclear, c.share * total);
    if (total == 1)
        o.why = why;
    else if (held == total)
        o.why = c.policy + " ahead of " + joinAnd(c.than) + " at all " + std::to_string(total) +
                " values";
    else
        o.why = "holds at " + std::to_string(held) + " of " + std::to_string(total) + " values" +
                (unclear ? ", within noise at " + std::to_string(unclear) : std::string()) + "; " +
                (firstMiss.empty() ? firstNoise : firstMiss);
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
    const bool unclear =
        order(better, MeanCi{o.ours->mean - *c.within, o.ours->ci95, o.ours->n}) == Order::Unclear;
    o.verdict = met ? "same direction" : unclear ? "within noise" : "different direction";
    o.why = c.policy + " " + meanCiText(*o.ours) +
            (met       ? " meets "
             : unclear ? " misses, within noise, "
                       : " misses ") +
            claimNumber(*c.within);
}

/** The policy's mean relative change against the first rival over `points`. */
std::optional<double> relativeChange(const PaperClaim &c, const SweepResult &sweep,
                                     const std::vector<std::size_t> &points)
{
    double sum = 0.0;
    int n = 0;
    for (std::size_t p : points) {
        const auto ours = findResult(sweep.points[p], c.policy, c.metric);
        const auto rival = findResult(sweep.points[p], c.than.front(), c.metric);
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
           : verdict == "within noise"        ? "noise"
           : verdict == "by construction"     ? "construction"
                                              : "";
}

SweepResult acrossTrainingSeeds(const std::vector<SweepResult> &sweeps)
{
    if (sweeps.empty())
        return {};
    SweepResult out = sweeps.front();
    for (std::size_t p = 0; p < out.points.size(); ++p)
        for (std::size_t v = 0; v < out.points[p].summary.size(); ++v)
            for (std::size_t m = 0; m < out.points[p].summary[v].metrics.size(); ++m) {
                std::vector<double> means;
                bool trained = false;
                const MeanCi &first = out.points[p].summary[v].metrics[m].second;
                for (const SweepResult &s : sweeps) {
                    const MeanCi &c = s.points.at(p).summary.at(v).metrics.at(m).second;
                    means.push_back(c.mean);
                    trained = trained || c.mean != first.mean || c.ci95 != first.ci95;
                }
                if (trained)
                    out.points[p].summary[v].metrics[m].second = meanCi(means);
            }
    return out;
}

std::vector<ClaimOutcome> judgeClaims(const SweepPreset &preset, const SweepResult &sweep)
{
    return judgeClaims(preset, std::vector<SweepResult>{sweep});
}

std::vector<ClaimOutcome> judgeClaims(const SweepPreset &preset,
                                      const std::vector<SweepResult> &sweeps)
{
    const SweepResult sweep = acrossTrainingSeeds(sweeps);
    const ClaimEvidence evidence(sweeps);
    std::vector<ClaimOutcome> out;
    for (const PaperClaim &c : preset.claims) {
        ClaimOutcome o;
        o.claim = c;
        o.value = c.at.empty() ? "every value" : c.at;
        o.verdict = "not comparable";
        std::vector<std::size_t> points;
        for (std::size_t p = 0; p < sweep.points.size(); ++p)
            if (c.at.empty() || sweep.points[p].value == c.at)
                points.push_back(p);
        const MetricInfo *metric = findMetric(c.metric);
        if (points.empty()) {
            o.why = "the sweep has no value " + c.at;
        } else if (!metric) {
            o.why = "no metric " + c.metric;
        } else {
            o.ours = findResult(sweep.points[points.front()], c.policy, c.metric);
            if (o.ours && c.paper && *c.paper != 0.0)
                o.ratio = o.ours->mean / *c.paper;
            if (c.change && !c.than.empty()) {
                o.change = relativeChange(c, sweep, points);
                if (o.change && *c.change != 0.0)
                    o.ratio = *o.change / *c.change;
            }
            if (c.spread)
                judgeSpread(c, sweep, o);
            else if (c.average)
                judgeAverage(c, sweep, evidence, metric->better, o);
            else if (c.narrowest)
                judgeNarrowest(c, sweep, evidence, metric->better, o);
            else if (c.within)
                judgeWithin(c, metric->better, o);
            else if (!c.over.empty())
                judgeOver(c, sweep, evidence, metric->better, o);
            else if (!c.than.empty())
                judgeThan(c, sweep, points, evidence, metric->better, o);
            else
                o.why =
                    o.ours ? "a value alone: see the ratio" : "no " + c.policy + " in the results";
        }
        if (c.directionOnly)
            o.ratio.reset(); // the paper's number means something else
        if (!c.construction.empty()) {
            o.why = c.construction + " (ours: " + o.why + ")";
            o.verdict = "by construction";
        }
        out.push_back(std::move(o));
    }
    return out;
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
