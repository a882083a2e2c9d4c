// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/yamlreader.h"

#include "base/suggest.h"
#include "scenario/units.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>

namespace schedlab::detail {

void ReadContext::error(const YAML::Mark &at, const std::string &path, const std::string &message)
{
    if (mTruncated)
        return;
    if (full()) {
        mTruncated = true;
        mErrors.back().message +=
            " (and more errors; stopped after " + std::to_string(kMaxErrors) + ")";
        return;
    }
    ScenarioError e;
    e.file = mFile;
    e.line = at.line >= 0 ? at.line + 1 : 0;
    e.column = at.line >= 0 && at.column >= 0 ? at.column + 1 : 0;
    e.keyPath = path;
    e.message = message;
    mErrors.push_back(std::move(e));
}

std::optional<YAML::Mark> ReadContext::locate(std::string path) const
{
    while (true) {
        const auto it = mMarks.find(path);
        if (it != mMarks.end())
            return it->second;
        const std::size_t cut = path.find_last_of(".[");
        if (cut == std::string::npos || cut == 0)
            break;
        path.resize(cut);
    }
    const auto root = mMarks.find("");
    if (root != mMarks.end())
        return root->second;
    return std::nullopt;
}

namespace {
/** YAML text holds no control characters but tabs and line breaks (YAML 1.2's
 *  c-printable, as far as single bytes of UTF-8 tell). yaml-cpp reads a NUL as the
 *  text's end or an odd escape, and reports somewhere else or nothing; the first
 *  such byte is named here instead. */
void refuseControlBytes(const std::string &yaml)
{
    // UTF-16 and UTF-32 text, which yaml-cpp decodes, has zero bytes in its first two
    // (a byte-order mark, or the high byte of an ASCII character).
    const auto byte = [&](std::size_t i) { return i < yaml.size() ? (unsigned char)yaml[i] : 1; };
    const bool wide = (byte(0) == 0xFE && byte(1) == 0xFF) ||
                      (byte(0) == 0xFF && byte(1) == 0xFE) ||
                      (yaml.size() >= 2 && (byte(0) == 0) != (byte(1) == 0)) ||
                      (byte(0) == 0 && byte(1) == 0 && byte(2) == 0xFE && byte(3) == 0xFF);
    if (wide)
        return;
    int line = 0;
    std::size_t lineStart = 0;
    for (std::size_t at = 0; at < yaml.size(); ++at) {
        const auto c = static_cast<unsigned char>(yaml[at]);
        if (c == '\n') {
            ++line;
            lineStart = at + 1;
            continue;
        }
        if ((c >= 0x20 && c != 0x7f) || c == '\t' || c == '\r')
            continue;
        YAML::Mark mark = YAML::Mark::null_mark();
        mark.pos = int(at);
        mark.line = line;
        mark.column = int(at - lineStart);
        char code[8];
        std::snprintf(code, sizeof code, "0x%02X", unsigned(c));
        throw YAML::ParserException(mark, std::string("a control character (byte ") + code +
                                              ") that YAML text cannot hold: is the file "
                                              "binary or damaged?");
    }
}
} // namespace

YAML::Node loadOneDocument(ReadContext &ctx, const std::string &yaml)
{
    refuseControlBytes(yaml);
    YAML::Node root = YAML::Load(yaml); // the first document only
    // A '---' at the start of a line after content begins another document (yaml-cpp's
    // LoadAll can loop on damaged text, so the marker is looked for instead).
    bool content = false;
    int line = 0;
    for (std::size_t at = 0; at < yaml.size(); ++line) {
        std::size_t end = yaml.find('\n', at);
        if (end == std::string::npos)
            end = yaml.size();
        const std::string_view text(yaml.data() + at, end - at);
        const bool marker = text.substr(0, 3) == "---" && (text.size() == 3 || text[3] == ' ' ||
                                                           text[3] == '\t' || text[3] == '\r');
        if (marker && content) {
            YAML::Mark mark = YAML::Mark::null_mark();
            mark.line = line;
            mark.column = 0;
            mark.pos = int(at);
            ctx.error(mark, "",
                      "a second YAML document: a file holds one scenario (remove the '---' "
                      "and what follows, or put it in its own file)");
            break;
        }
        const std::size_t first = text.find_first_not_of(" \t\r");
        content = content || (!marker && first != std::string_view::npos && text[first] != '#' &&
                              text[first] != '%');
        at = end + 1;
    }
    return root;
}

std::string describeNode(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map:
        return "a map";
    case YAML::NodeType::Sequence:
        return "a list";
    case YAML::NodeType::Scalar: {
        std::string s = node.Scalar();
        if (s.size() > 40)
            s = s.substr(0, 37) + "...";
        return "'" + s + "'";
    }
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        return "nothing";
    }
    return "nothing";
}

namespace {
bool expectScalar(ReadContext &ctx, const Field &f, const std::string &what)
{
    if (f.node.IsScalar())
        return true;
    ctx.error(f.mark, f.path, "expected " + what + ", got " + describeNode(f.node));
    return false;
}

template <typename T> bool parseInteger(const std::string &s, T &out)
{
    const char *begin = s.data();
    const char *end = begin + s.size();
    if (begin != end && *begin == '+')
        ++begin;
    const auto r = std::from_chars(begin, end, out);
    return r.ec == std::errc() && r.ptr == end && begin != end;
}
} // namespace

bool readString(ReadContext &ctx, const Field &f, std::string &out)
{
    if (f.node.IsNull()) {
        out.clear();
        return true;
    }
    if (!expectScalar(ctx, f, "a string"))
        return false;
    out = f.node.Scalar();
    return true;
}

bool readInt(ReadContext &ctx, const Field &f, int &out)
{
    if (!expectScalar(ctx, f, "an integer"))
        return false;
    if (!parseInteger(f.node.Scalar(), out)) {
        ctx.error(f.mark, f.path, "expected an integer, got " + describeNode(f.node));
        return false;
    }
    return true;
}

bool readUint64(ReadContext &ctx, const Field &f, std::uint64_t &out)
{
    if (!expectScalar(ctx, f, "a non-negative integer"))
        return false;
    if (!parseInteger(f.node.Scalar(), out)) {
        ctx.error(f.mark, f.path, "expected a non-negative integer, got " + describeNode(f.node));
        return false;
    }
    return true;
}

bool readBool(ReadContext &ctx, const Field &f, bool &out)
{
    if (!expectScalar(ctx, f, "true or false"))
        return false;
    const std::string &s = f.node.Scalar();
    if (s == "true" || s == "false") {
        out = s == "true";
        return true;
    }
    ctx.error(f.mark, f.path, "expected true or false, got " + describeNode(f.node));
    return false;
}

bool readQuantity(ReadContext &ctx, const Field &f, Dimension dimension, double &out)
{
    const std::string what =
        dimension == Dimension::Ratio ? std::string("a number") : "a " + dimensionName(dimension);
    if (!expectScalar(ctx, f, what))
        return false;
    const Parsed<double> p = parseQuantity(f.node.Scalar(), dimension);
    if (!p.ok()) {
        ctx.error(f.mark, f.path, p.error);
        return false;
    }
    out = p.value;
    return true;
}

bool readDistribution(ReadContext &ctx, const Field &f, Dimension dimension, Distribution &out)
{
    if (!expectScalar(ctx, f, "a " + dimensionName(dimension) + " or a distribution"))
        return false;
    const Parsed<Distribution> p = parseDistribution(f.node.Scalar(), dimension);
    if (!p.ok()) {
        ctx.error(f.mark, f.path, p.error);
        return false;
    }
    out = p.value;
    return true;
}

bool readChoice(ReadContext &ctx, const Field &f, const std::vector<std::string> &choices,
                int &index)
{
    if (!expectScalar(ctx, f, "one of " + joinAlternatives(choices)))
        return false;
    const std::string &s = f.node.Scalar();
    for (std::size_t i = 0; i < choices.size(); ++i)
        if (s == choices[i]) {
            index = int(i);
            return true;
        }
    ctx.error(f.mark, f.path,
              "expected one of " + joinAlternatives(choices) + ", got '" + s + "'" +
                  didYouMean(s, choices));
    return false;
}

namespace {
YAML::Mark valueMark(const YAML::Node &key, const YAML::Node &value)
{
    return value.IsNull() ? key.Mark() : value.Mark();
}

/** The entries of a map with scalar keys; non-scalar and duplicate keys are reported. */
std::vector<std::pair<std::string, Field>> mapEntries(ReadContext &ctx, const Field &map)
{
    std::vector<std::pair<std::string, Field>> out;
    std::set<std::string> seen;
    for (auto it = map.node.begin(); it != map.node.end(); ++it) {
        const YAML::Node key = it->first;
        const YAML::Node value = it->second;
        if (!key.IsScalar()) {
            ctx.error(key.Mark(), map.path, "a key must be a plain name, got " + describeNode(key));
            continue;
        }
        const std::string name = key.Scalar();
        const std::string path = map.path.empty() ? name : map.path + "." + name;
        if (!seen.insert(name).second) {
            ctx.error(key.Mark(), path, "duplicate key '" + name + "'");
            continue;
        }
        Field f{value, path, valueMark(key, value)};
        ctx.remember(path, f.mark);
        out.emplace_back(name, std::move(f));
    }
    return out;
}
} // namespace

void forEachItem(ReadContext &ctx, const Field &list,
                 const std::function<void(int, const Field &)> &item)
{
    if (list.node.IsNull())
        return;
    if (!list.node.IsSequence()) {
        ctx.error(list.mark, list.path, "expected a list, got " + describeNode(list.node));
        return;
    }
    int i = 0;
    for (auto it = list.node.begin(); it != list.node.end() && !ctx.full(); ++it, ++i) {
        const YAML::Node value = *it;
        Field f{value, list.path + "[" + std::to_string(i) + "]",
                value.IsNull() ? list.mark : value.Mark()};
        ctx.remember(f.path, f.mark);
        item(i, f);
    }
}

void forEachEntry(ReadContext &ctx, const Field &map,
                  const std::function<void(const std::string &, const Field &)> &entry)
{
    if (map.node.IsNull())
        return;
    if (!map.node.IsMap()) {
        ctx.error(map.mark, map.path, "expected a map, got " + describeNode(map.node));
        return;
    }
    for (const auto &[key, field] : mapEntries(ctx, map)) {
        if (ctx.full())
            return;
        entry(key, field);
    }
}

MapReader::MapReader(ReadContext &ctx, const Field &map, std::vector<std::string> keys)
    : mCtx(ctx), mMap(map)
{
    if (!map.node.IsMap() && !map.node.IsNull()) {
        ctx.error(map.mark, map.path, "expected a map, got " + describeNode(map.node));
        return;
    }
    mValid = true;
    if (map.node.IsNull())
        return;
    for (auto &[name, field] : mapEntries(ctx, map)) {
        bool known = false;
        for (const std::string &k : keys)
            known = known || k == name;
        if (known) {
            mEntries.emplace_back(name, std::move(field));
            continue;
        }
        const std::string hint = closestMatch(name, keys);
        std::string message = "unknown key '" + name + "'";
        if (!hint.empty()) {
            message += "; did you mean '" + hint + "'?";
            mHinted.push_back(hint);
        } else
            message += "; expected one of " + joinAlternatives(keys);
        // Point at the key, not at its value.
        YAML::Mark at = field.mark;
        for (auto it = map.node.begin(); it != map.node.end(); ++it)
            if (it->first.IsScalar() && it->first.Scalar() == name) {
                at = it->first.Mark();
                break;
            }
        ctx.error(at, field.path, message);
    }
}

std::optional<Field> MapReader::get(const std::string &key) const
{
    for (const auto &[name, field] : mEntries)
        if (name == key)
            return field;
    return std::nullopt;
}

std::optional<Field> MapReader::require(const std::string &key, const std::string &why) const
{
    std::optional<Field> f = get(key);
    const bool hinted = std::find(mHinted.begin(), mHinted.end(), key) != mHinted.end();
    if (!f && mValid && !hinted)
        mCtx.error(mMap.mark, mMap.path.empty() ? key : mMap.path + "." + key,
                   "missing required key '" + key + "'" + (why.empty() ? "" : " (" + why + ")"));
    return f;
}

void MapReader::string(const std::string &key, std::string &out) const
{
    if (const auto f = get(key))
        readString(mCtx, *f, out);
}

void MapReader::integer(const std::string &key, int &out) const
{
    if (const auto f = get(key))
        readInt(mCtx, *f, out);
}

void MapReader::boolean(const std::string &key, bool &out) const
{
    if (const auto f = get(key))
        readBool(mCtx, *f, out);
}

void MapReader::quantity(const std::string &key, Dimension dimension, double &out) const
{
    if (const auto f = get(key))
        readQuantity(mCtx, *f, dimension, out);
}

void MapReader::distribution(const std::string &key, Dimension dimension, Distribution &out) const
{
    if (const auto f = get(key))
        readDistribution(mCtx, *f, dimension, out);
}

} // namespace schedlab::detail
