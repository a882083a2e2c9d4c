// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementplugin.h"

#include <memory>

namespace schedlab {

/** The default Kubernetes plugins (v1.23 semantics, in floating point). */
std::unique_ptr<PlacementPlugin> makeNodeResourcesFit();
std::unique_ptr<PlacementPlugin> makeBalancedAllocation();
std::unique_ptr<PlacementPlugin> makeImageLocality();
std::unique_ptr<PlacementPlugin> makeTaintToleration();
std::unique_ptr<PlacementPlugin> makeNodeAffinity();
/** LRScheduler's layer sharing score: raw D (eq. 2), normalised S_Layer (eq. 3). */
std::unique_ptr<PlacementPlugin> makeLayerSharing();

/** True if `tolerations` tolerate `taint` (an empty effect or value matches any). */
bool tolerates(const std::vector<Taint> *tolerations, const Taint &taint);

} // namespace schedlab
