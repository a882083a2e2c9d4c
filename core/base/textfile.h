// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace schedlab {

/** The whole file at `path`; nullopt with the reason in `why` when it cannot be read:
 *  a directory, a device, pipe or socket (which may never end), a file of more than
 *  `maxBytes` (checked before reading), or what the system says. */
std::optional<std::string> readTextFile(const std::string &path, std::string *why = nullptr,
                                        std::uintmax_t maxBytes = std::uintmax_t(1) << 30);

/**
 * Writes `bytes` as the file at `path`: to a new temporary file beside it, then
 * renamed over it, so a failure leaves the old file whole and no other file is
 * touched. False with the reason in `why` (naming the file).
 */
bool replaceFile(const std::string &path, std::string_view bytes, std::string *why = nullptr);

/** replaceFile() of several files as one: each is written beside its destination
 *  first, and only when all are written are they renamed into place, so a failure
 *  (a full disk) leaves the earlier set as it was, not half of each. */
bool replaceFiles(const std::vector<std::pair<std::string, std::string_view>> &files,
                  std::string *why = nullptr);

} // namespace schedlab
