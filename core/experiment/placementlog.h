// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"
#include "placement/placementtypes.h"

#include <ostream>
#include <string>

namespace schedlab {

/**
 * Writes placement decisions as CSV, one row per node and plugin, the way the
 * Kubernetes scheduler simulator lists them: filter verdict, raw and normalised
 * score, weight, the node's weighted total and whether it was chosen.
 */
class PlacementLog final : public SimObserver
{
public:
    explicit PlacementLog(std::ostream &out) : mOut(out) {}
    void writeHeader();
    void write(const SimState &state, int pod, const PlacementRecord &record);
    void onPlacement(const SimState &state, int pod, const PlacementRecord &record) override
    {
        write(state, pod, record);
    }

private:
    std::ostream &mOut;
};

} // namespace schedlab
