// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <span>

namespace schedlab {

/** What a running pod asks of its node, for sharing. */
struct PodDemand
{
    UsageProfile rate{}; ///< its rates at full pace, in usageRate units
    double cap = 1.0;    ///< the pace its cpu limit allows: limit / cpu it would use
};

/**
 * Each pod's pace in (0, 1]: the share of its full-pace rates it gets when the
 * pods on one node contend. Every contended resource is shared in proportion to
 * demand (CFS shares for cpu, fair queueing for the network and the disk), and a
 * pod advances at the pace of its most contended resource, as a job that needs
 * all of its inputs does. `available` is what the node leaves to pods after its
 * own use, in the same units. Memory is not shared: it is held, not consumed.
 */
void sharePaces(std::span<const PodDemand> pods, const UsageProfile &available,
                std::span<double> pace);

} // namespace schedlab
