// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace schedlab {

/**
 * The candidate closest to `word` for a "did you mean" hint: edit distance at
 * most 2, or a common prefix of at least 3 characters (or one being a prefix of
 * the other). Ties go to the smaller distance, then to the earlier candidate.
 * Empty when nothing is close enough.
 */
std::string closestMatch(const std::string &word, const std::vector<std::string> &candidates);

/** " (did you mean 'x'?)" or an empty string. */
std::string didYouMean(const std::string &word, const std::vector<std::string> &candidates);

/** "a, b or c" */
std::string joinAlternatives(const std::vector<std::string> &items);

} // namespace schedlab
