// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/comparison.h"

#include <QString>
#include <optional>
#include <vector>

namespace schedlab::charts {

/** A comparison read back from the folder `schedlab-cli compare --out DIR` wrote. */
struct ComparisonFolder
{
    QString scenario;
    ComparisonSpec spec;
    std::vector<CellResult> cells; ///< frames and response CDF only, no metrics
    std::vector<VariantSummary> summary;
    bool hasCdf = false;
};

/**
 * Reads summary.csv, frames.csv, and cdf.csv and summary.json when present.
 * On broken input: nullopt and an error naming the file and line.
 */
std::optional<ComparisonFolder> readComparisonFolder(const QString &dir, QString *error);

} // namespace schedlab::charts
