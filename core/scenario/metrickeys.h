// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <array>
#include <string>
#include <vector>

namespace schedlab {

/** The scenario file's key of each DRS metric, in Metric order: the keys of a
 *  `profile` map, and of a pod's `usage` but for memory. */
inline constexpr std::array<const char *, kMetricCount> kMetricKeys{
    "cpu", "memory", "net_rx", "net_tx", "disk_read", "disk_write"};

/** kMetricKeys as the allowed keys of a map. */
inline std::vector<std::string> metricKeyList()
{
    return {kMetricKeys.begin(), kMetricKeys.end()};
}

} // namespace schedlab
