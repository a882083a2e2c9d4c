// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace schedlab {

/** A YAML document with one value replaced, or why it could not be. */
struct YamlEdit
{
    std::string text;  ///< the edited document; empty on error
    std::string error; ///< what is wrong with the path, naming it; empty on success

    bool ok() const { return error.empty(); }
};

/**
 * Replaces the scalar at `path` in the YAML document `text` by `value`; works on any
 * YAML document (scenarios of either simulator), not on a model.
 *
 * The path is dot-separated map keys and list indices ("sites.0.eaps.0.nodes.1.count";
 * "sites[0]" reads as "sites.0"); a list item may also be named by its `name` key
 * ("services.web.request.deadline"), and a key that itself holds dots
 * ("layers.python-3.11-amd64") is found as such.
 *
 * Only the value's characters change, so comments, layout and every line number
 * stay those of the original file (messages about the edited document point at the
 * file the user knows). A value that plain YAML cannot hold there is quoted.
 *
 * A `*` part stands for every item of a list (`sites.0.eaps.0.nodes.*.bandwidth`
 * sets each node's bandwidth).
 *
 * A last key missing from a one-line flow map that exists is added before its
 * '}' (`requests: {kind: poisson, rate: 5/s}` takes `workload.requests.clip`), so
 * a default can be swept without writing it first; the loader then checks the key
 * like any other (a typo is an unknown key there, with a suggestion).
 *
 * Refuses a document that does not parse, a path that does not exist (the message
 * lists the keys, or the indices and names, available where it broke, with a "did
 * you mean" hint) and a path that ends at a map, a list or an empty value.
 */
YamlEdit setYamlScalar(const std::string &text, const std::string &path, const std::string &value);

/** The scalar at `path` of a YAML document, or why there is none (the messages of
 *  setYamlScalar, which takes the same paths; a `*` part names no single value). */
struct YamlValue
{
    std::string value;
    std::string error; ///< empty when found

    bool ok() const { return error.empty(); }
};
YamlValue yamlScalar(const std::string &text, const std::string &path);

} // namespace schedlab
