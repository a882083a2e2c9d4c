// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace schedlab {

/** `v` with `digits` significant digits (%.*g); 17, the default, reads back bit for bit. */
std::string csvNumber(double v, int digits = 17);
/** RFC 4180: `text` as one CSV field, quoted with quotes doubled when it holds a
 *  comma, a quote or a line break. */
std::string csvField(const std::string &text);

} // namespace schedlab
