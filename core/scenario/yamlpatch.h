// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace schedlab {

/** A document with changes carried into it, or why they could not be. */
struct YamlPatch
{
    std::string text;  ///< the patched document; empty on error
    std::string error; ///< which change could not be written in place; empty on success

    bool ok() const { return error.empty(); }
};

/**
 * Writes into `original` the changes that turn `before` into `after`, touching only
 * the text of what changed: comments, key order, quoting, spacing and every
 * unchanged line stay as they are.
 *
 * `before` and `after` are documents written by one writer (the same style), and
 * `original` is a document with the structure of `before` (a person's file it was
 * read from: it may hold comments, other spacing, flow or block style, and keys
 * `before` leaves out as defaults).
 *
 * Changed values are replaced where they stand. A key new in `after` is added at
 * the end of its map (on the same line in a `{...}` map); a list item new in
 * `after` is added after the item it follows there, both in `after`'s style moved
 * to the file's indentation. A removed key or item goes with the comment lines
 * directly above it. List items are matched by their `name:` where they have one
 * (the rest by position), so an item added or removed mid-list leaves the others
 * alone; a reordered list is written whole, in `after`'s style. What cannot be
 * written in place (a document of another structure) is refused with the path
 * where it failed; callers then decide how to write the document.
 */
YamlPatch carryYamlChanges(const std::string &original, const std::string &before,
                           const std::string &after);

} // namespace schedlab
