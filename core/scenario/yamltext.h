// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

/** Reading and writing YAML as text, for edits that keep the rest of a file as it is. */
namespace schedlab::yamltext {

/** [begin, end) of the one-line scalar starting at `pos` (quotes included); nullopt
 *  for block scalars, anchors, aliases, tags and quoted scalars that span lines. */
std::optional<std::pair<std::size_t, std::size_t>> scalarExtent(const std::string &text,
                                                                std::size_t pos, bool flow);

/** [begin, end) of the flow collection opening at `pos` ('{' or '['); nullopt when
 *  it is not one, is not closed, or holds a comment. */
std::optional<std::pair<std::size_t, std::size_t>> flowExtent(const std::string &text,
                                                              std::size_t pos);

/** `value` as YAML source: plain when YAML reads it back unchanged there, else quoted. */
std::string scalarSource(const std::string &value, bool flow);

/** The offset of the first character of the line holding `pos`. */
std::size_t lineBegin(const std::string &text, std::size_t pos);
/** The offset of the line break ending the line at `pos` (before a CR of CRLF), or the size. */
std::size_t lineEnd(const std::string &text, std::size_t pos);
/** The offset of the next line's first character, or the size. */
std::size_t nextLine(const std::string &text, std::size_t pos);
/** Spaces before the first character of the line starting at `begin`. */
std::size_t indentation(const std::string &text, std::size_t begin);
/** False for a blank line and a line holding only a comment. */
bool holdsContent(const std::string &text, std::size_t begin);

} // namespace schedlab::yamltext
