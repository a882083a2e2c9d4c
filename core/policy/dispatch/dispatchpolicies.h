// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/dispatchpolicy.h"

#include <memory>

namespace schedlab {

std::unique_ptr<DispatchPolicy> makeRandomDispatch();
std::unique_ptr<DispatchPolicy> makeRoundRobinDispatch();
std::unique_ptr<DispatchPolicy> makeGreedyDispatch();
std::unique_ptr<DispatchPolicy> makeKubeDefaultDispatch();
/** KaiS V's Firmament: centralised min-cost max-flow per slot (firmamentdispatch.cpp). */
std::unique_ptr<DispatchPolicy> makeFirmamentDispatch();
/** KaiS V's GSP-SS, request half: the shadow LP's split (gspssdispatch.cpp). */
std::unique_ptr<DispatchPolicy> makeGspSsDispatch();

} // namespace schedlab
