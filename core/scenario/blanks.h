// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

namespace schedlab {

/** Spaces and tabs: the only blanks allowed around values in quantity text. */
inline bool isBlank(char c) { return c == ' ' || c == '\t'; }

inline std::string_view trimBlanks(std::string_view s)
{
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back()))
        s.remove_suffix(1);
    return s;
}

} // namespace schedlab
