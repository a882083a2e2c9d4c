// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace schedlab {

/** `json` as indented text. A string that is not UTF-8 (which the loaders refuse, so
 *  only a bug lets one through) has its bad bytes written as U+FFFD rather than
 *  throwing halfway through an output. */
template <typename Json> std::string jsonText(const Json &json)
{
    return json.dump(2, ' ', false, Json::error_handler_t::replace);
}

} // namespace schedlab
