// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/textfile.h"
#include "base/utf8.h"
#include "scenario/scenarioio.h"

#include <cstdio>
#include <string>
#include <string_view>

namespace schedlab {

/** `text` with each carriage return that ends a line alone (an old Mac file) made a
 *  line feed, which YAML reads as a line break; "\r\n" stays as it is. */
inline std::string withLineFeeds(std::string text)
{
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))
            text[i] = '\n';
    return text;
}

/** The error of a text that is not UTF-8, at its first bad byte. */
inline ScenarioError utf8Error(std::string_view text, const std::string &file)
{
    const std::size_t bad = invalidUtf8At(text);
    const TextPosition at = positionOf(text, bad);
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[bad]));
    return {file, at.line, at.column, "",
            std::string("not valid UTF-8 (byte ") + byte + "): YAML files are UTF-8"};
}

/**
 * `loadText(text, path)` of the file at `path`, or a `Load` (ScenarioLoad and its
 * kin: an `errors` list) holding one error that names the file and why it cannot be
 * read, or where it is not UTF-8 (YAML is; every name read from it is written out
 * again, into JSON among others).
 */
template <typename Load, typename LoadText>
Load loadTextFile(const std::string &path, LoadText &&loadText)
{
    std::string why;
    auto text = readTextFile(path, &why, kMaxScenarioBytes);
    if (text && isValidUtf8(*text))
        return loadText(withLineFeeds(std::move(*text)), path);
    Load load;
    load.errors.push_back(text ? utf8Error(*text, path)
                               : ScenarioError{path, 0, 0, "", "cannot read the file: " + why});
    return load;
}

} // namespace schedlab
