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

std::optional<MeanCi> ClaimEvidence::difference(std::size_t pointA, const std::string &a,
                                                std::size_t pointB, const std::string &b,
                                                const std::string &metric, double scale) const
{
    std::vector<std::vector<double>> perSweep;
    for (const SweepResult &sweep : mSweeps) {
        if (pointA >= sweep.points.size() || pointB >= sweep.points.size())
            return std::nullopt;
        const auto ours = perSeed(sweep.points[pointA], a, metric);
        const auto theirs = perSeed(sweep.points[pointB], b, metric);
        std::vector<double> diffs;
        for (const auto &[seed, value] : ours)
            if (const auto it = theirs.find(seed); it != theirs.end())
                diffs.push_back(value - scale * it->second);
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

} // namespace schedlab
