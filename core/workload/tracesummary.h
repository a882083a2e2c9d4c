// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workload/tracereader.h"

#include <cstddef>
#include <iosfwd>
#include <vector>

namespace schedlab {

/** Ranges of an imported trace, for reports; all zero when there are no tasks. */
struct TraceSummary
{
    std::size_t count = 0;
    std::size_t services = 0; ///< distinct service keys
    double startMin = 0.0, startMax = 0.0, endMax = 0.0;
    double cpuMin = 0.0, cpuMax = 0.0;
    double memoryMin = 0.0, memoryMax = 0.0;
};

TraceSummary summarizeTrace(const std::vector<TraceTask> &tasks);

/**
 * The cleaned tasks as CSV: start,end,deadline,service,cpu,memory,instances with a
 * header row; numbers in shortest round-trip form, services quoted when needed.
 */
void writeTraceTasksCsv(std::ostream &out, const std::vector<TraceTask> &tasks);

} // namespace schedlab
