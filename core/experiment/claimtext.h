// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/sweep.h"

#include <cstdio>
#include <optional>
#include <string>

namespace schedlab {

/** `policy`'s `metric` at one value of a sweep, as its summary holds it. */
inline std::optional<MeanCi> findResult(const SweepPointResult &point, const std::string &policy,
                                        const std::string &metric)
{
    for (const VariantSummary &v : point.summary)
        if (v.label == policy)
            for (const auto &[name, ci] : v.metrics)
                if (name == metric)
                    return ci;
    return std::nullopt;
}

/** A number as the reproduction report prints it: four significant digits. */
inline std::string claimNumber(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

/** "0.8512 ± 0.0006". */
inline std::string meanCiText(const MeanCi &m)
{
    char ci[32];
    std::snprintf(ci, sizeof ci, "%.2g", m.ci95);
    return claimNumber(m.mean) + " ± " + ci;
}

} // namespace schedlab
