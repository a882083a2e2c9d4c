// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace schedlab {

/** The offset of the first byte of `text` that does not begin a well-formed UTF-8
 *  sequence (no overlong forms, surrogates or code points above U+10FFFF), or
 *  std::string_view::npos when all of it is valid. */
std::size_t invalidUtf8At(std::string_view text);

inline bool isValidUtf8(std::string_view text)
{
    return invalidUtf8At(text) == std::string_view::npos;
}

/** Where offset `at` of `text` is, 1-based: "line L, column C" counts lines by '\n'
 *  and columns in bytes. */
struct TextPosition
{
    int line = 1;
    int column = 1;
};
TextPosition positionOf(std::string_view text, std::size_t at);

/** Why `text` is not UTF-8 ("not valid UTF-8: byte 0xFF at line 3, column 7"), or
 *  empty when it is. */
std::string utf8Problem(std::string_view text);

} // namespace schedlab
