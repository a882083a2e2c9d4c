// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/runexplainer.h"

#include <nlohmann/json.hpp>
#include <string>

namespace schedlab::cli {

/** `run --explain`'s report: where requests went, drops by cause, idle nodes, hints. */
std::string explanationText(const RunExplanation &e);
/** The same facts for `run --json --explain`. */
nlohmann::ordered_json explanationJson(const RunExplanation &e);

} // namespace schedlab::cli
