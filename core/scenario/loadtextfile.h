// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/textfile.h"
#include "scenario/scenarioio.h"

#include <string>

namespace schedlab {

/**
 * `loadText(text, path)` of the file at `path`, or a `Load` (ScenarioLoad and its
 * kin: an `errors` list) holding one error that names the file and why it cannot be
 * read.
 */
template <typename Load, typename LoadText>
Load loadTextFile(const std::string &path, LoadText &&loadText)
{
    std::string why;
    if (const auto text = readTextFile(path, &why, kMaxScenarioBytes))
        return loadText(*text, path);
    Load load;
    ScenarioError e;
    e.file = path;
    e.message = "cannot read the file: " + why;
    load.errors.push_back(std::move(e));
    return load;
}

} // namespace schedlab
