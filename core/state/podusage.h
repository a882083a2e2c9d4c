// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

namespace schedlab {

struct NodeInfo;
struct NodeState;

/** True if the template gives absolute `usage` (DRS style) rather than a `profile`. */
bool hasUsage(const PodTemplate &t);

/**
 * What a node has of each of the six metrics: cores, bytes, and bits per second
 * for net rx and tx (its bandwidth each way), disk read and disk write.
 */
UsageProfile nodeCapacity(const NodeInfo &node);

/**
 * The rates a running pod adds to its node's usage (NodeState::usageRate, in core
 * units: rate / node cpu is the utilisation). `cores` is its cpu limit, or its
 * request if unlimited. With `usage`, each metric loads the node relative to its
 * capacity (cpu capped at `cores`); with `profile`, the pod uses cores × profile.
 */
UsageProfile podUsageRate(const PodTemplate &t, double cores, const NodeInfo &node);

/**
 * A node's six utilisations now, each in [0, 1] (DRS eq. 8): usage rates over
 * its cores, memory as requested over allocatable.
 */
UsageProfile nodeUtilisation(const NodeInfo &node, const NodeState &state);

} // namespace schedlab
