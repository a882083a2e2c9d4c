// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/claimevidence.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace schedlab {

namespace {

/** `label`'s `metric` per evaluation seed at `point`, from its runs that succeeded. */
std::map<int, double> perSeed(const SweepPointResult &point, const std::string &label,
                              const std::string &metric)
{
    std::map<int, double> out;
    int variant = -1;
    for (std::size_t v = 0; v < point.summary.size(); ++v)
        if (point.summary[v].label == label)
            variant = int(v);
    for (const CellResult &cell : point.cells)
        if (cell.variant == variant && cell.error.empty())
            if (const MetricValue *m = cell.result.find(metric); m && std::isfinite(m->value))
                out[cell.seedIndex] = m->value;
    return out;
}

} // namespace

std::optional<MeanCi>
ClaimEvidence::overSweeps(const std::function<std::vector<double>(const SweepResult &)> &one) const
{
    std::vector<std::vector<double>> perSweep;
    for (const SweepResult &sweep : mSweeps) {
        std::vector<double> diffs = one(sweep);
        if (diffs.empty())
            return std::nullopt;
        perSweep.push_back(std::move(diffs));
    }
    if (perSweep.empty())
        return std::nullopt;
    const bool untouched = std::all_of(perSweep.begin(), perSweep.end(),
                                       [&](const auto &d) { return d == perSweep.front(); });
    if (perSweep.size() == 1 || untouched)
        return meanCi(perSweep.front());
    std::vector<double> means;
    for (const std::vector<double> &d : perSweep)
        means.push_back(meanCi(d).mean);
    return meanCi(means);
}

std::optional<MeanCi> ClaimEvidence::difference(std::size_t pointA, const std::string &a,
                                                std::size_t pointB, const std::string &b,
                                                const std::string &metric, double scale) const
{
    return overSweeps([&](const SweepResult &sweep) {
        std::vector<double> diffs;
        if (pointA >= sweep.points.size() || pointB >= sweep.points.size())
            return diffs;
        const auto ours = perSeed(sweep.points[pointA], a, metric);
        const auto theirs = perSeed(sweep.points[pointB], b, metric);
        for (const auto &[seed, value] : ours)
            if (const auto it = theirs.find(seed); it != theirs.end())
                diffs.push_back(value - scale * it->second);
        return diffs;
    });
}

std::optional<MeanCi> ClaimEvidence::averageDifference(const std::string &a, const std::string &b,
                                                       const std::string &metric) const
{
    return overSweeps([&](const SweepResult &sweep) {
        std::map<int, std::pair<double, int>> bySeed; // seed -> sum of differences, values
        for (const SweepPointResult &point : sweep.points) {
            const auto theirs = perSeed(point, b, metric);
            for (const auto &[seed, value] : perSeed(point, a, metric))
                if (const auto it = theirs.find(seed); it != theirs.end()) {
                    bySeed[seed].first += value - it->second;
                    ++bySeed[seed].second;
                }
        }
        std::vector<double> diffs;
        for (const auto &[seed, sum] : bySeed)
            if (sum.second == int(sweep.points.size())) // ran at every value
                diffs.push_back(sum.first / double(sum.second));
        return diffs;
    });
}

} // namespace schedlab
