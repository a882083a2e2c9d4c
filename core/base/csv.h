// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace schedlab {

/** `v` with `digits` significant digits (%.*g); 17, the default, reads back bit for bit. */
std::string csvNumber(double v, int digits = 17);
/** RFC 4180: `text` as one CSV field, quoted with quotes doubled when it holds a
 *  comma, a quote or a line break. Text a spreadsheet would run as a formula (it
 *  begins with =, @, a tab, a carriage return, or + or - and is not a number) is
 *  written after a `'`, as is text that begins with `'`; csvFieldText() takes it off
 *  again. */
std::string csvField(const std::string &text);
/** A field's text as csvField() was given it, from the field as a CSV reader parsed it. */
std::string csvFieldText(const std::string &field);

} // namespace schedlab
