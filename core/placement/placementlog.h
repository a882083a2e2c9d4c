// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementtypes.h"

#include <ostream>
#include <string>

namespace schedlab {

struct SimState;

/**
 * Writes placement decisions as CSV, one row per node and plugin, the way the
 * Kubernetes scheduler simulator lists them: filter verdict, raw and normalised
 * score, weight, the node's weighted total and whether it was chosen.
 */
class PlacementLog
{
public:
    explicit PlacementLog(std::ostream &out) : mOut(out) {}
    void writeHeader();
    void write(const SimState &state, int pod, const PlacementRecord &record);

private:
    std::ostream &mOut;
};

} // namespace schedlab
