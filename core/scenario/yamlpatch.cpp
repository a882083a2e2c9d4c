// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/yamlpatch.h"

#include "scenario/yamltext.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace schedlab {

namespace {

using namespace yamltext;
constexpr std::size_t npos = std::string::npos;
using Extent = std::pair<std::size_t, std::size_t>;

bool same(const YAML::Node &a, const YAML::Node &b)
{
    if (a.Type() != b.Type())
        return false;
    if (a.IsScalar())
        return a.Scalar() == b.Scalar();
    if (a.size() != b.size())
        return false;
    if (a.IsSequence()) {
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!same(a[i], b[i]))
                return false;
        return true;
    }
    if (a.IsMap()) {
        for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
            if (!same(x->first, y->first) || !same(x->second, y->second))
                return false;
    }
    return true;
}

/** A key of a map with its value. */
struct Entry
{
    YAML::Node key;
    YAML::Node value;
};

std::optional<Entry> entryOf(const YAML::Node &map, const std::string &key)
{
    for (auto it = map.begin(); it != map.end(); ++it)
        if (it->first.IsScalar() && it->first.Scalar() == key)
            return Entry{it->first, it->second};
    return std::nullopt;
}

std::string itemName(const YAML::Node &item)
{
    if (item.IsMap())
        if (const auto name = entryOf(item, "name"); name && name->value.IsScalar())
            return name->value.Scalar();
    return {};
}

bool flowStyle(const YAML::Node &n)
{
    return (n.IsMap() || n.IsSequence()) && n.Style() == YAML::EmitterStyle::Flow;
}

bool blockList(const YAML::Node &n)
{
    return n.IsSequence() && !flowStyle(n);
}

std::size_t column(const std::string &t, std::size_t pos)
{
    return pos - lineBegin(t, pos);
}

bool firstOnLine(const std::string &t, std::size_t pos)
{
    const std::size_t begin = lineBegin(t, pos);
    return begin + indentation(t, begin) == pos;
}

/** The '-' of the block list item `item`, or npos. */
std::size_t dashOf(const std::string &t, const YAML::Node &item)
{
    if (item.Mark().pos < 0)
        return npos;
    std::size_t i = std::size_t(item.Mark().pos);
    while (i > 0 && t[i - 1] == ' ')
        --i;
    return i > 0 && t[i - 1] == '-' ? i - 1 : npos;
}

/**
 * The end of the last line of the block entry or item whose key or dash is at
 * `anchor`: the lines after it indented deeper (and, for a key holding a block list,
 * the dashes at its own column) belong to it; trailing comment lines do not.
 */
std::size_t blockEnd(const std::string &t, std::size_t anchor, bool dashesBelong)
{
    const std::size_t own = column(t, anchor);
    std::size_t end = lineEnd(t, anchor);
    for (std::size_t line = nextLine(t, anchor); line < t.size(); line = nextLine(t, line)) {
        if (!holdsContent(t, line))
            continue;
        const std::size_t indent = indentation(t, line);
        const std::size_t first = line + indent;
        const bool dash = t[first] == '-' && (first + 1 == t.size() || t[first + 1] == ' ' ||
                                              t[first + 1] == '\n' || t[first + 1] == '\r');
        if (indent < own || (indent == own && !(dashesBelong && dash)))
            break;
        end = lineEnd(t, line);
    }
    return end;
}

/** The start of the comment lines directly above the line at `begin`, at its indentation. */
std::size_t withCommentsAbove(const std::string &t, std::size_t begin)
{
    const std::size_t indent = indentation(t, begin);
    while (begin > 0) {
        const std::size_t above = lineBegin(t, begin - 1);
        const std::size_t first = above + indentation(t, above);
        if (indentation(t, above) != indent || first >= t.size() || t[first] != '#')
            break;
        begin = above;
    }
    return begin;
}

/** The text from `anchor` to `end`, every line moved so the anchor sits at `to`. */
std::string shifted(const std::string &t, std::size_t anchor, std::size_t end, std::size_t to,
                    const std::string &newline)
{
    const std::size_t from = column(t, anchor);
    std::string out(to, ' ');
    out += t.substr(anchor, lineEnd(t, anchor) - anchor);
    for (std::size_t line = nextLine(t, anchor); line < end; line = nextLine(t, line)) {
        out += newline;
        if (!holdsContent(t, line) && t.find('#', line) >= lineEnd(t, line))
            continue; // a blank line stays blank
        const std::size_t indent = indentation(t, line);
        const std::size_t kept = indent + to >= from ? indent + to - from : 0;
        out += std::string(kept, ' ') + t.substr(line + indent, lineEnd(t, line) - line - indent);
    }
    return out;
}

/** Where a value stands: what replacing it as a whole has to rewrite. */
struct Slot
{
    std::size_t oAnchor = npos; ///< its key or dash in the original; npos for the document
    std::size_t aAnchor = npos; ///< the same in `after`
    bool oFlow = false;         ///< its collection is a {...} or [...] in the original
    bool aFlow = false;         ///< the same in `after`
    bool item = false;          ///< a list item (anchors are dashes) rather than a map value
};

class Patcher
{
public:
    Patcher(const std::string &original, const std::string &after)
        : mO(original), mA(after), mNewline(original.find("\r\n") != npos ? "\r\n" : "\n")
    {
    }

    /** Makes the original's value `o` read as `b`; `a` is what it read as before. */
    bool change(const YAML::Node &a, const YAML::Node &b, const YAML::Node &o, const Slot &slot,
                const std::string &path)
    {
        if (same(a, b))
            return true;
        const std::size_t mark = mEdits.size();
        if (a.IsScalar() && b.IsScalar() && o.IsScalar() && o.Mark().pos >= 0)
            if (const auto at = scalarExtent(mO, std::size_t(o.Mark().pos), slot.oFlow)) {
                edit(*at, scalarSource(b.Scalar(), slot.oFlow));
                return true;
            }
        if (a.IsMap() && b.IsMap() && o.IsMap() && changeMap(a, b, o, path))
            return true;
        mEdits.resize(mark);
        if (a.IsSequence() && b.IsSequence() && o.IsSequence() && changeList(a, b, o, path))
            return true;
        mEdits.resize(mark);
        if (replaceWhole(o, b, slot))
            return true;
        if (mWhy.empty())
            mWhy = "cannot write the change of '" + (path.empty() ? "the document" : path) +
                   "' in place";
        return false;
    }

    /** The original with every change made, or nullopt when two changes overlap. */
    std::optional<std::string> result()
    {
        std::stable_sort(mEdits.begin(), mEdits.end(), [](const Edit &x, const Edit &y) {
            return x.begin != y.begin ? x.begin > y.begin : x.order > y.order;
        });
        std::string out = mO;
        std::size_t limit = out.size();
        for (const Edit &e : mEdits) {
            if (e.end > limit)
                return std::nullopt;
            out.replace(e.begin, e.end - e.begin, e.text);
            limit = e.begin;
        }
        return out;
    }

    const std::string &why() const { return mWhy; }

private:
    struct Edit
    {
        std::size_t begin, end;
        std::string text;
        std::size_t order;
    };

    const std::string &mO;
    const std::string &mA;
    const std::string mNewline;
    std::vector<Edit> mEdits;
    std::string mWhy;

    void edit(Extent at, std::string text)
    {
        mEdits.push_back({at.first, at.second, std::move(text), mEdits.size()});
    }

    /** The one-line source of `n` in `t`, when it has one. */
    static std::optional<Extent> oneLine(const std::string &t, const YAML::Node &n, bool inFlow)
    {
        if (n.Mark().pos < 0)
            return std::nullopt;
        const std::size_t pos = std::size_t(n.Mark().pos);
        std::optional<Extent> at;
        if (n.IsScalar())
            at = scalarExtent(t, pos, inFlow);
        else if (flowStyle(n))
            at = flowExtent(t, pos);
        if (at && t.find('\n', at->first) < at->second)
            return std::nullopt;
        return at;
    }

    /** `b` as one line of YAML for a place in the original, when it can be one. */
    std::optional<std::string> oneLineText(const YAML::Node &b, bool aFlow, bool oFlow) const
    {
        if (b.IsScalar())
            return scalarSource(b.Scalar(), oFlow);
        if (const auto at = oneLine(mA, b, aFlow))
            return mA.substr(at->first, at->second - at->first);
        return std::nullopt;
    }

    /** The lines of `after` from `anchor` to its block's end, moved to column `to`. */
    std::string afterLines(std::size_t anchor, const YAML::Node &value, bool item,
                           std::size_t to) const
    {
        return shifted(mA, anchor, blockEnd(mA, anchor, !item && blockList(value)), to, mNewline);
    }

    bool changeMap(const YAML::Node &a, const YAML::Node &b, const YAML::Node &o,
                   const std::string &path)
    {
        const bool oFlow = flowStyle(o), bFlow = flowStyle(b);
        YAML::Node preceding; // the last key of `b` seen that the file has
        for (auto it = b.begin(); it != b.end(); ++it) {
            if (!it->first.IsScalar())
                return false;
            const std::string key = it->first.Scalar();
            const std::string at = path.empty() ? key : path + "." + key;
            const auto before = entryOf(a, key);
            const auto there = entryOf(o, key);
            if (there) {
                const Slot slot{std::size_t(there->key.Mark().pos),
                                std::size_t(it->first.Mark().pos), oFlow, bFlow, false};
                // A key `before` leaves out as a default may still be written in the file.
                if (!change(before ? before->value : there->value, it->second, there->value, slot,
                            at))
                    return false;
            } else if (before && same(before->value, it->second)) {
                continue; // the file leaves out what the writer spells out: still so
            } else if (!addEntry(o, oFlow, it->first, it->second, bFlow, preceding)) {
                return false;
            }
            if (there)
                preceding = there->key;
        }
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (entryOf(b, it->first.Scalar()))
                continue;
            const auto there = entryOf(o, it->first.Scalar());
            if (there && !removeEntry(oFlow, *there))
                return false;
        }
        return true;
    }

    /** Adds `bKey: b` to the map `o`, after the entry `preceding` when it is set. */
    bool addEntry(const YAML::Node &o, bool oFlow, const YAML::Node &bKey, const YAML::Node &b,
                  bool bFlow, const YAML::Node &preceding)
    {
        const std::string key = scalarSource(bKey.Scalar(), oFlow);
        if (oFlow) {
            const auto map = oneLine(mO, o, false);
            const auto value = oneLineText(b, bFlow, true);
            if (!map || !value)
                return false;
            const std::size_t close = map->second - 1;
            const bool empty = mO.find_first_not_of(' ', map->first + 1) == close;
            edit({close, close}, (empty ? "" : ", ") + key + ": " + *value);
            return true;
        }
        if (o.size() == 0 || o.Mark().pos < 0 || bKey.Mark().pos < 0)
            return false;
        std::size_t to = npos, end = 0;
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it->first.Mark().pos < 0)
                return false;
            const std::size_t anchor = std::size_t(it->first.Mark().pos);
            if (to == npos)
                to = column(mO, anchor);
            end = blockEnd(mO, anchor, blockList(it->second));
            if (preceding.IsDefined() && it->first.Mark().pos == preceding.Mark().pos)
                break;
        }
        std::string text;
        if (const auto value = oneLineText(b, bFlow, false))
            text = std::string(to, ' ') + key + ": " + *value;
        else if (!bFlow)
            text = afterLines(std::size_t(bKey.Mark().pos), b, false, to);
        else
            return false;
        edit({end, end}, mNewline + text);
        return true;
    }

    bool removeEntry(bool oFlow, const Entry &there)
    {
        if (there.key.Mark().pos < 0)
            return false;
        const std::size_t key = std::size_t(there.key.Mark().pos);
        if (oFlow) {
            const auto value = oneLine(mO, there.value, true);
            if (!value)
                return false;
            std::size_t begin = key, end = value->second;
            const std::size_t next = mO.find_first_not_of(' ', end);
            if (next != npos && mO[next] == ',') {
                end = mO.find_first_not_of(' ', next + 1);
            } else {
                const std::size_t prev = mO.find_last_not_of(' ', begin - 1);
                if (prev != npos && mO[prev] == ',')
                    begin = prev;
            }
            edit({begin, end}, "");
            return true;
        }
        if (!firstOnLine(mO, key))
            return false;
        const std::size_t end = blockEnd(mO, key, blockList(there.value));
        edit({withCommentsAbove(mO, lineBegin(mO, key)), nextLine(mO, end)}, "");
        return true;
    }

    bool changeList(const YAML::Node &a, const YAML::Node &b, const YAML::Node &o,
                    const std::string &path)
    {
        if (a.size() != o.size())
            return false;
        // Items match by name, then the rest by position.
        std::vector<std::ptrdiff_t> match(b.size(), -1);
        std::vector<bool> taken(a.size(), false);
        for (std::size_t j = 0; j < b.size(); ++j) {
            const std::string name = itemName(b[j]);
            for (std::size_t i = 0; i < a.size() && !name.empty(); ++i)
                if (!taken[i] && itemName(a[i]) == name) {
                    match[j] = std::ptrdiff_t(i), taken[i] = true;
                    break;
                }
        }
        for (std::size_t j = 0; j < b.size(); ++j)
            if (match[j] < 0 && j < a.size() && !taken[j] &&
                (itemName(b[j]).empty() || !itemName(a[j]).empty()))
                match[j] = std::ptrdiff_t(j), taken[j] = true;
        std::ptrdiff_t last = -1;
        for (const std::ptrdiff_t i : match)
            if (i >= 0) {
                if (i < last)
                    return false; // reordered: written whole by the caller
                last = i;
            }
        const bool oFlow = flowStyle(o), bFlow = flowStyle(b);
        const bool resized = std::count(taken.begin(), taken.end(), false) > 0 ||
                             std::count(match.begin(), match.end(), -1) > 0;
        if (oFlow && resized)
            return false; // a one-line list is rewritten whole
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!taken[i] && !removeItem(o[i]))
                return false;
        std::ptrdiff_t after = -1; // the original's item the next new one follows
        for (std::size_t j = 0; j < b.size(); ++j) {
            if (match[j] < 0) {
                if (!addItem(o, after, b[j], bFlow))
                    return false;
                continue;
            }
            const std::size_t i = std::size_t(match[j]);
            after = std::ptrdiff_t(i);
            const std::size_t oAnchor = oFlow ? std::size_t(o[i].Mark().pos) : dashOf(mO, o[i]);
            const std::size_t aAnchor = bFlow ? std::size_t(b[j].Mark().pos) : dashOf(mA, b[j]);
            const Slot slot{oAnchor, aAnchor, oFlow, bFlow, true};
            const std::string name = itemName(b[j]);
            if (!change(a[i], b[j], o[i], slot,
                        path + "." + (name.empty() ? std::to_string(j) : name)))
                return false;
        }
        return true;
    }

    bool removeItem(const YAML::Node &item)
    {
        const std::size_t dash = dashOf(mO, item);
        if (dash == npos || !firstOnLine(mO, dash))
            return false;
        const std::size_t end = blockEnd(mO, dash, false);
        edit({withCommentsAbove(mO, lineBegin(mO, dash)), nextLine(mO, end)}, "");
        return true;
    }

    /** Adds `b` after the original's item `after` (-1: before the first). */
    bool addItem(const YAML::Node &o, std::ptrdiff_t after, const YAML::Node &b, bool bFlow)
    {
        if (o.size() == 0)
            return false;
        const std::size_t firstDash = dashOf(mO, o[0]);
        if (firstDash == npos || !firstOnLine(mO, firstDash))
            return false;
        const std::size_t to = column(mO, firstDash);
        std::string text;
        if (!bFlow) {
            const std::size_t dash = dashOf(mA, b);
            if (dash == npos)
                return false;
            text = afterLines(dash, b, true, to);
        } else if (const auto value = oneLineText(b, true, false)) {
            text = std::string(to, ' ') + "- " + *value;
        } else {
            return false;
        }
        if (after < 0) {
            const std::size_t begin = withCommentsAbove(mO, lineBegin(mO, firstDash));
            edit({begin, begin}, text + mNewline);
            return true;
        }
        const std::size_t dash = dashOf(mO, o[std::size_t(after)]);
        if (dash == npos)
            return false;
        const std::size_t end = blockEnd(mO, dash, false);
        edit({end, end}, mNewline + text);
        return true;
    }

    /** Rewrites the value (or, in a block, the whole entry or item) from `after`. */
    bool replaceWhole(const YAML::Node &o, const YAML::Node &b, const Slot &slot)
    {
        if (const auto at = oneLine(mO, o, slot.oFlow))
            if (const auto text = oneLineText(b, slot.aFlow, slot.oFlow)) {
                edit(*at, *text);
                return true;
            }
        // A position past the text is a node without a mark (npos or a wrapped -1).
        if (slot.oAnchor >= mO.size() || slot.aAnchor >= mA.size() || slot.oFlow || slot.aFlow ||
            !firstOnLine(mO, slot.oAnchor))
            return false;
        const std::size_t end = blockEnd(mO, slot.oAnchor, !slot.item && blockList(o));
        const std::size_t to = column(mO, slot.oAnchor); // the text starts at the anchor
        edit({slot.oAnchor, end}, afterLines(slot.aAnchor, b, slot.item, to).substr(to));
        return true;
    }
};

} // namespace

YamlPatch carryYamlChanges(const std::string &original, const std::string &before,
                           const std::string &after)
{
    YamlPatch out;
    YAML::Node o, a, b;
    try {
        o = YAML::Load(original);
        a = YAML::Load(before);
        b = YAML::Load(after);
    } catch (const std::exception &e) {
        out.error = std::string("a document does not parse: ") + e.what();
        return out;
    }
    Patcher patcher(original, after);
    if (!patcher.change(a, b, o, Slot{}, "")) {
        out.error = patcher.why();
        return out;
    }
    if (auto text = patcher.result())
        out.text = std::move(*text);
    else
        out.error = "two changes overlap in the file";
    return out;
}

} // namespace schedlab
