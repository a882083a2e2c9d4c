// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace schedlab::cli {

/**
 * Renders the Markdown report `markdownPath` (its images relative to its folder)
 * beside it as NAME.html and NAME.pdf (A4, charts 16 cm wide), with Qt's
 * Markdown reader. Without the GUI's modules it writes nothing and says so.
 */
bool writeReportRenderings(const std::string &markdownPath, std::vector<std::string> *written,
                           std::string *error);

} // namespace schedlab::cli
