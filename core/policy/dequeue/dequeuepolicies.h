// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/dequeuepolicy.h"

#include <memory>

namespace schedlab {

std::unique_ptr<DequeuePolicy> makeFifoDequeue();
std::unique_ptr<DequeuePolicy> makeLatencyGreedyDequeue();
/** KaiS eq. 8–9 with discount λ_e and penalty λ' (both in (0, 1)). */
std::unique_ptr<DequeuePolicy> makeDiscountedExperienceDequeue(double discount = 0.9,
                                                               double penalty = 0.5);

} // namespace schedlab
