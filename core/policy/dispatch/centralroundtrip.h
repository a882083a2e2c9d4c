// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/dispatchpolicy.h"

#include <vector>

namespace schedlab {

/**
 * What a dispatcher in the cloud costs each eAP in one slot (KaiS Sec. V on
 * Fig. 9c: centralised dispatch "requires additional time to upload local
 * observations and wait for dispatch decisions"): every eAP uploads its
 * requests' records and its nodes' reports over its WAN link, the solve starts
 * when the last is in and takes the scenario's `central_dispatch.solve`, and
 * each eAP's decisions come back over its link. Seconds per eAP, from the
 * requests leaving the queue until their decisions are back.
 */
std::vector<double> centralRoundTrip(const SimState &state, const std::vector<SlotRequest> &batch);

} // namespace schedlab
