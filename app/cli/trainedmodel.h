// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/learnedmodel.h"
#include "model/scenario.h"

#include <cstdint>
#include <memory>
#include <string>

namespace schedlab::cli {

/**
 * Trains `agent` on `scenario` for `episodes` episodes (0: its default budget) from
 * `seed`, with `workers` (train --workers, for the agents that take it; 0: the
 * machine's cores), in the schedlab-train program (schedlab-cli does not load libtorch), its
 * progress on stderr, and returns the weights; null with `error` set when training
 * fails.
 */
std::shared_ptr<const LearnedModel> trainModel(const Scenario &scenario, const std::string &agent,
                                               std::uint64_t seed, int episodes, int workers,
                                               std::string *error);

} // namespace schedlab::cli
