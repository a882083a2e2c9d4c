// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/utf8.h"

#include <cstdint>
#include <cstdio>

namespace schedlab {

std::size_t invalidUtf8At(std::string_view text)
{
    const auto *begin = reinterpret_cast<const unsigned char *>(text.data());
    const auto *end = begin + text.size();
    for (const unsigned char *p = begin; p < end;) {
        const unsigned char c = *p;
        if (c < 0x80) {
            ++p;
            continue;
        }
        int extra;
        std::uint32_t cp;
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            cp = c & 0x07;
        } else {
            return std::size_t(p -
                               begin); // continuation byte first, overlong 0xC0/0xC1, > U+10FFFF
        }
        if (end - p <= extra)
            return std::size_t(p - begin);
        for (int k = 1; k <= extra; ++k) {
            if ((p[k] & 0xC0) != 0x80)
                return std::size_t(p - begin);
            cp = (cp << 6) | (p[k] & 0x3F);
        }
        if ((extra == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (extra == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
            return std::size_t(p - begin);
        p += extra + 1;
    }
    return std::string_view::npos;
}

TextPosition positionOf(std::string_view text, std::size_t at)
{
    TextPosition where;
    for (std::size_t i = 0; i < at && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++where.line;
            where.column = 1;
        } else {
            ++where.column;
        }
    }
    return where;
}

std::string utf8Problem(std::string_view text)
{
    const std::size_t at = invalidUtf8At(text);
    if (at == std::string_view::npos)
        return {};
    const TextPosition where = positionOf(text, at);
    char message[96];
    std::snprintf(message, sizeof message, "not valid UTF-8: byte 0x%02X at line %d, column %d",
                  static_cast<unsigned char>(text[at]), where.line, where.column);
    return message;
}

} // namespace schedlab
