// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/scenarioio.h"

#include <optional>
#include <string>
#include <string_view>

namespace schedlab {

/** The whole file at `path`; nullopt with the reason in `why` (a directory, or what
 *  the system says) when it cannot be read. */
std::optional<std::string> readTextFile(const std::string &path, std::string *why = nullptr);

/**
 * Writes `bytes` as the file at `path`: to a new temporary file beside it, then
 * renamed over it, so a failure leaves the old file whole and no other file is
 * touched. False with the reason in `why` (naming the file).
 */
bool replaceFile(const std::string &path, std::string_view bytes, std::string *why = nullptr);

/**
 * `loadText(text, path)` of the file at `path`, or a `Load` (ScenarioLoad and its
 * kin: an `errors` list) holding one error that names the file and why it cannot be
 * read.
 */
template <typename Load, typename LoadText>
Load loadTextFile(const std::string &path, LoadText &&loadText)
{
    std::string why;
    if (const auto text = readTextFile(path, &why))
        return loadText(*text, path);
    Load load;
    ScenarioError e;
    e.file = path;
    e.message = "cannot read the file: " + why;
    load.errors.push_back(std::move(e));
    return load;
}

} // namespace schedlab
