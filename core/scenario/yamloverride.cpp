// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/yamloverride.h"

#include "base/suggest.h"
#include "base/utf8.h"
#include "scenario/yamltext.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace schedlab {

namespace {

using yamltext::scalarExtent;
using yamltext::scalarSource;

/** "sites[0].eaps" -> {"sites", "0", "eaps"}; empty with *error on an empty part. */
std::vector<std::string> splitPath(const std::string &path, std::string *error)
{
    std::string dotted;
    for (char c : path) {
        if (c == '[')
            dotted += '.';
        else if (c != ']')
            dotted += c;
    }
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = dotted.find('.', start);
        out.push_back(dotted.substr(start, end == std::string::npos ? end : end - start));
        if (out.back().empty()) {
            *error = "'" + path + "' is not a path: it has an empty part (write keys and " +
                     "indices separated by dots, e.g. sites.0.eaps.0.nodes.1.count)";
            return {};
        }
        if (end == std::string::npos)
            return out;
        start = end + 1;
    }
}

/** "a, b, c" with at most 12 items shown. */
std::string listed(const std::vector<std::string> &items)
{
    constexpr std::size_t kShown = 12;
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < kShown; ++i)
        out += (i ? ", " : "") + items[i];
    if (items.size() > kShown)
        out += ", ... (" + std::to_string(items.size()) + " in all)";
    return out;
}

std::string describe(const YAML::Node &node)
{
    if (node.IsScalar())
        return "the value '" + node.Scalar() + "'";
    return node.IsMap() ? "a map" : node.IsSequence() ? "a list" : "empty";
}

/** The `name:` of a list item, or "". */
std::string itemName(const YAML::Node &item)
{
    if (!item.IsMap())
        return {};
    for (auto it = item.begin(); it != item.end(); ++it)
        if (it->first.IsScalar() && it->first.Scalar() == "name" && it->second.IsScalar())
            return it->second.Scalar();
    return {};
}

bool allDigits(const std::string &s)
{
    return !s.empty() && s.size() < 10 &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

struct Located
{
    YAML::Node node;
    bool inFlow = false; ///< the value sits in a {...} or [...] collection
    std::string error;
};

/**
 * Follows `parts` from `root`. At each step the shortest run of parts that names a
 * key (or a list item's name) is taken, so keys with dots in them are found.
 */
Located locate(const YAML::Node &root, const std::vector<std::string> &parts,
               const std::string &path, bool scalar = true)
{
    Located out;
    YAML::Node node = root;
    std::string at; // the parts walked so far, dotted
    for (std::size_t i = 0; i < parts.size();) {
        const std::string where = at.empty() ? "the document" : "'" + at + "'";
        const std::string prefix = "no value at '" + path + "': ";
        std::vector<std::string> names; // keys of a map, item names of a list
        std::vector<YAML::Node> children;
        if (node.IsMap()) {
            for (auto it = node.begin(); it != node.end(); ++it)
                if (it->first.IsScalar()) {
                    names.push_back(it->first.Scalar());
                    children.push_back(it->second);
                }
        } else if (node.IsSequence()) {
            for (auto it = node.begin(); it != node.end(); ++it) {
                names.push_back(itemName(*it));
                children.push_back(*it);
            }
        } else {
            out.error =
                prefix + where + " is " + describe(node) + ", which has no key '" + parts[i] + "'";
            return out;
        }

        std::size_t used = 0, found = 0;
        if (node.IsSequence() && allDigits(parts[i])) {
            const std::size_t index = std::stoul(parts[i]);
            if (index >= children.size()) {
                out.error = prefix + where +
                            (children.empty() ? " is an empty list"
                                              : " has " + std::to_string(children.size()) +
                                                    " items (indices 0 to " +
                                                    std::to_string(children.size() - 1) + ")");
                return out;
            }
            used = 1;
            found = index;
        }
        std::string joined;
        for (std::size_t k = i; k < parts.size() && !used; ++k) {
            joined += (k > i ? "." : "") + parts[k];
            const auto hit = std::find(names.begin(), names.end(), joined);
            if (hit != names.end() && !joined.empty()) {
                used = k - i + 1;
                found = std::size_t(hit - names.begin());
            }
        }
        if (!used) {
            std::vector<std::string> named;
            std::copy_if(names.begin(), names.end(), std::back_inserter(named),
                         [](const std::string &n) { return !n.empty(); });
            if (node.IsMap())
                out.error =
                    prefix + where + " has no key '" + parts[i] + "'" +
                    didYouMean(parts[i], named) +
                    (named.empty() ? "; it is an empty map" : "; its keys: " + listed(named));
            else
                out.error =
                    prefix + where + " is a list with no item '" + parts[i] + "'" +
                    didYouMean(parts[i], named) + "; name an item by its index" +
                    (children.empty() ? std::string(" (the list is empty)")
                                      : " (0 to " + std::to_string(children.size() - 1) + ")") +
                    (named.empty() ? "" : " or its name: " + listed(named));
            return out;
        }
        std::string step = parts[i];
        for (std::size_t k = i + 1; k < i + used; ++k)
            step += "." + parts[k];
        at += (at.empty() ? "" : ".") + step;
        out.inFlow = node.Style() == YAML::EmitterStyle::Flow;
        node.reset(children[found]); // reset rebinds; operator= would write into the tree
        i += used;
    }
    if (scalar && !node.IsScalar()) {
        out.error = "'" + path + "' is " + describe(node) + ", not a single value";
        if (node.IsMap()) {
            std::vector<std::string> keys;
            for (auto it = node.begin(); it != node.end(); ++it)
                if (it->first.IsScalar())
                    keys.push_back(it->first.Scalar());
            out.error += "; choose one of its keys: " + listed(keys);
        } else if (node.IsSequence()) {
            out.error += " (" + std::to_string(node.size()) + " items); add an index";
        }
        return out;
    }
    out.node.reset(node);
    return out;
}

/** True when `text` parses and holds exactly `value` at `parts`. */
bool holds(const std::string &text, const std::vector<std::string> &parts, const std::string &path,
           const std::string &value)
{
    try {
        const Located l = locate(YAML::Load(text), parts, path);
        return l.error.empty() && l.node.Scalar() == value;
    } catch (const std::exception &) {
        return false;
    }
}

bool hasKey(const YAML::Node &map, const std::string &key)
{
    for (auto it = map.begin(); it != map.end(); ++it)
        if (it->first.IsScalar() && it->first.Scalar() == key)
            return true;
    return false;
}

/**
 * The document with `key: value` added before the '}' of the flow map at
 * `parent`, on the same line, so no other line moves; nullopt for any other map.
 */
std::optional<std::string> addKey(const std::string &text, const YAML::Node &parent,
                                  const std::string &key, const std::string &value)
{
    if (!parent.IsMap() || parent.Mark().pos < 0)
        return std::nullopt;
    const std::size_t at = std::size_t(parent.Mark().pos);
    if (parent.Style() != YAML::EmitterStyle::Flow || at >= text.size() || text[at] != '{')
        return std::nullopt;
    const auto map = yamltext::flowExtent(text, at);
    if (!map || text.find('\n', at) < map->second)
        return std::nullopt;
    const std::size_t close = map->second - 1;
    const bool empty = text.find_first_not_of(" \t", at + 1) == close;
    return text.substr(0, close) + (empty ? "" : ", ") + key + ": " + scalarSource(value, true) +
           text.substr(close);
    return std::nullopt; // a block map would need a new line: every later line would move
}

} // namespace

/** `*` at parts[star]: the value set under every item of the list there, in turn. */
static YamlEdit setEveryItem(const std::string &text, const YAML::Node &root,
                             const std::vector<std::string> &parts, std::ptrdiff_t star,
                             const std::string &path, const std::string &value)
{
    YamlEdit out;
    const std::vector<std::string> before(parts.begin(), parts.begin() + star);
    Located list{root, false, {}};
    if (!before.empty())
        list = locate(root, before, path, false);
    if (!list.error.empty() || !list.node.IsSequence() || list.node.size() == 0) {
        out.error = list.error.empty() ? "'*' in '" + path +
                                             "' must stand for the items of a "
                                             "list that has some"
                                       : list.error;
        return out;
    }
    out.text = text;
    for (std::size_t i = 0; i < list.node.size(); ++i) {
        std::string concrete;
        for (std::size_t k = 0; k < parts.size(); ++k)
            concrete += (k ? "." : "") + (k == std::size_t(star) ? std::to_string(i) : parts[k]);
        const YamlEdit one = setYamlScalar(out.text, concrete, value);
        if (!one.ok())
            return one;
        out.text = one.text;
    }
    return out;
}

YamlEdit setYamlScalar(const std::string &text, const std::string &path, const std::string &value)
{
    YamlEdit out;
    if (const std::string why = utf8Problem(path + "=" + value); !why.empty()) {
        out.error = "cannot set '" + path + "': " + why.substr(0, why.find(" at line")) +
                    " (a scenario is UTF-8)";
        return out;
    }
    const std::vector<std::string> parts = splitPath(path, &out.error);
    if (parts.empty())
        return out;
    YAML::Node root;
    try {
        root = YAML::Load(text);
    } catch (const std::exception &e) {
        out.error = "cannot set '" + path + "': the document is not valid YAML: " + e.what();
        return out;
    }
    if (const auto star = std::find(parts.begin(), parts.end(), "*"); star != parts.end())
        return setEveryItem(text, root, parts, star - parts.begin(), path, value);
    Located target = locate(root, parts, path);
    if (!target.error.empty()) {
        // A key missing from a map that exists is added; the loader then checks it
        // like any other key (a typo is an unknown key there, with a suggestion).
        const std::vector<std::string> up(parts.begin(), parts.end() - 1);
        Located parent{root, false, {}};
        if (!up.empty())
            parent = locate(root, up, path, false);
        if (parent.error.empty() && parent.node.IsMap() && !hasKey(parent.node, parts.back()))
            if (auto added = addKey(text, parent.node, parts.back(), value);
                added && holds(*added, parts, path, value)) {
                out.text = std::move(*added);
                return out;
            }
        out.error = target.error;
        return out;
    }

    // In place: only the value's characters change.
    const YAML::Mark mark = target.node.Mark();
    if (mark.pos >= 0) {
        if (const auto span = scalarExtent(text, std::size_t(mark.pos), target.inFlow)) {
            std::string edited = text.substr(0, span->first) + scalarSource(value, target.inFlow) +
                                 text.substr(span->second);
            if (holds(edited, parts, path, value)) {
                out.text = std::move(edited);
                return out;
            }
        }
    }
    // Scalars we do not splice (block scalars, anchors, multi-line): re-emit the document.
    try {
        target.node = value; // writes into the tree `root` owns
        YAML::Emitter emitter;
        emitter << root;
        std::string emitted = emitter.c_str();
        if (emitter.good() && holds(emitted, parts, path, value)) {
            out.text = std::move(emitted);
            return out;
        }
    } catch (const std::exception &) {
    }
    out.error = "cannot set '" + path + "' to '" + value + "' in this document";
    return out;
}

YamlValue yamlScalar(const std::string &text, const std::string &path)
{
    YamlValue out;
    const std::vector<std::string> parts = splitPath(path, &out.error);
    if (parts.empty())
        return out;
    if (std::find(parts.begin(), parts.end(), "*") != parts.end()) {
        out.error = "'" + path + "' names every item of a list; give one item's index";
        return out;
    }
    try {
        const Located target = locate(YAML::Load(text), parts, path);
        out.error = target.error;
        if (out.error.empty())
            out.value = target.node.Scalar();
    } catch (const std::exception &e) {
        out.error = "cannot read '" + path + "': the document is not valid YAML: " + e.what();
    }
    return out;
}

} // namespace schedlab
