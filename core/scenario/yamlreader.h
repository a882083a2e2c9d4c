// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/**
 * Checked reading of yaml-cpp nodes for the scenario loader (internal to core/scenario).
 * Every problem becomes a ScenarioError with the file, 1-based line:column and key path;
 * reading goes on after an error so that one pass reports all of them.
 */

#include "model/distribution.h"
#include "scenario/scenarioio.h"

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace schedlab::detail {

/** Collects errors and the position of every key path read, for later semantic errors. */
class ReadContext
{
public:
    static constexpr std::size_t kMaxErrors = 50;

    explicit ReadContext(std::string file) : mFile(std::move(file)) {}

    const std::string &file() const { return mFile; }
    void error(const YAML::Mark &at, const std::string &path, const std::string &message);
    /** True once kMaxErrors were reported; readers stop early then. */
    bool full() const { return mErrors.size() >= kMaxErrors; }

    void remember(const std::string &path, const YAML::Mark &at) { mMarks.emplace(path, at); }
    /** The mark of `path` or of its closest remembered ancestor. */
    std::optional<YAML::Mark> locate(std::string path) const;

    std::vector<ScenarioError> &errors() { return mErrors; }

private:
    std::string mFile;
    std::vector<ScenarioError> mErrors;
    bool mTruncated = false;
    std::unordered_map<std::string, YAML::Mark> mMarks;
};

/** A value found under a key or at a list index, with where to report about it. */
struct Field
{
    YAML::Node node;
    std::string path;
    YAML::Mark mark; ///< the value's mark, or the key's when the value is empty
};

/** "a map", "a list", "nothing", "'text'" */
std::string describeNode(const YAML::Node &node);

/** The file's one YAML document (empty text: a null node); a second document
 *  (a '---' line after content) is an error at its line, not silently ignored.
 *  Throws what yaml-cpp throws on a syntax error. */
YAML::Node loadOneDocument(ReadContext &ctx, const std::string &yaml);

bool readString(ReadContext &ctx, const Field &f, std::string &out);
bool readInt(ReadContext &ctx, const Field &f, int &out);
bool readUint64(ReadContext &ctx, const Field &f, std::uint64_t &out);
bool readBool(ReadContext &ctx, const Field &f, bool &out);
bool readQuantity(ReadContext &ctx, const Field &f, Dimension dimension, double &out);
bool readDistribution(ReadContext &ctx, const Field &f, Dimension dimension, Distribution &out);

/** Reads one of `choices` (exact, case-sensitive); the message lists them all. */
template <typename E>
bool readEnum(ReadContext &ctx, const Field &f,
              std::initializer_list<std::pair<const char *, E>> choices, E &out);
bool readChoice(ReadContext &ctx, const Field &f, const std::vector<std::string> &choices,
                int &index);

template <typename E>
bool readEnum(ReadContext &ctx, const Field &f,
              std::initializer_list<std::pair<const char *, E>> choices, E &out)
{
    std::vector<std::string> names;
    for (const auto &c : choices)
        names.emplace_back(c.first);
    int index = 0;
    if (!readChoice(ctx, f, names, index))
        return false;
    out = (choices.begin() + index)->second;
    return true;
}

/**
 * Calls `item(index, field)` for each entry of a list; null counts as an empty list.
 * Anything else is an error.
 */
void forEachItem(ReadContext &ctx, const Field &list,
                 const std::function<void(int, const Field &)> &item);
/**
 * Calls `entry(key, field)` for each entry of a map whose keys are names chosen by
 * the user (layers, labels, hosts); duplicate keys are errors.
 */
void forEachEntry(ReadContext &ctx, const Field &map,
                  const std::function<void(const std::string &, const Field &)> &entry);

/**
 * A map with a fixed set of keys. Construction reports a non-map, unknown keys
 * (with a did-you-mean hint) and duplicate keys; then get() / require() hand out
 * the values, and the typed helpers read straight into the model.
 */
class MapReader
{
public:
    MapReader(ReadContext &ctx, const Field &map, std::vector<std::string> keys);

    bool valid() const { return mValid; }
    std::optional<Field> get(const std::string &key) const;
    /** Like get(), but a missing key is an error ("missing required key 'name'"). */
    std::optional<Field> require(const std::string &key, const std::string &why = {}) const;

    void string(const std::string &key, std::string &out) const;
    void integer(const std::string &key, int &out) const;
    void boolean(const std::string &key, bool &out) const;
    void quantity(const std::string &key, Dimension dimension, double &out) const;
    void number(const std::string &key, double &out) const { quantity(key, Dimension::Ratio, out); }
    void distribution(const std::string &key, Dimension dimension, Distribution &out) const;

private:
    ReadContext &mCtx;
    Field mMap;
    bool mValid = false;
    std::vector<std::pair<std::string, Field>> mEntries;
    /** Keys an unknown key was taken for ("did you mean 'sites'?"): require() does not
     *  report them missing as well. */
    std::vector<std::string> mHinted;
};

} // namespace schedlab::detail
