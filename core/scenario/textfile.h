// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>

namespace schedlab {

/** The whole file at `path`; nullopt with the reason in `why` (a directory, or what
 *  the system says) when it cannot be read. */
std::optional<std::string> readTextFile(const std::string &path, std::string *why = nullptr);

} // namespace schedlab
