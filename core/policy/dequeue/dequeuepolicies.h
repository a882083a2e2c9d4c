// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "policy/dequeuepolicy.h"

#include <memory>
#include <optional>

namespace schedlab {

std::unique_ptr<DequeuePolicy> makeFifoDequeue();
std::unique_ptr<DequeuePolicy> makeLatencyGreedyDequeue();
/** KaiS eq. 8–9 with discount λ_e and penalty λ' (both in (0, 1)); those not given are
 *  the scenario's (`policies: {kais: {lambda_e, lambda_prime}}`). */
std::unique_ptr<DequeuePolicy>
makeDiscountedExperienceDequeue(std::optional<double> discount = std::nullopt,
                                std::optional<double> penalty = std::nullopt);

} // namespace schedlab
