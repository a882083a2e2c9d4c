// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

/** One problem in a scenario, located as precisely as the input allows. */
struct ScenarioError
{
    std::string file;    ///< as given to the loader
    int line = 0;        ///< 1-based; 0 when unknown (semantic checks on an in-memory model)
    int column = 0;      ///< 1-based
    std::string keyPath; ///< e.g. "sites[0].eaps[1].nodes[2].cpu"
    std::string message; ///< what is wrong and what was expected
    /** A warning: what the run will do that the author may not expect; never stops it. */
    bool warning = false;

    /** "file:line:column: keyPath: message" ("...: warning: keyPath: message") */
    std::string format() const;
};

struct ScenarioLoad
{
    std::optional<Scenario> scenario; ///< set only when there are no errors
    std::vector<ScenarioError> errors;
    /** The model as read, when the file is well formed and only the semantic checks
     *  (names, ranges, references) found problems: an editor opens it and lists them. */
    std::optional<Scenario> withProblems;
    /** scenarioWarnings(), located as errors are; checked only when there is no error. */
    std::vector<ScenarioError> warnings;
    bool ok() const { return scenario.has_value(); }
};

/** The largest scenario file or text read (the bundled ones are under 30 KB, and a
 *  group of nodes is one line): a bigger one is a mistake that would take minutes. */
constexpr std::uintmax_t kMaxScenarioBytes = std::uintmax_t(8) << 20;

/** Loads and validates a schema-1 scenario file (DESIGN.md section 5). The size of a
 *  run of its time.duration is checked (runSizeProblem) unless `runDuration` > 0
 *  says the run is another: then only what one slot brings is, and the caller checks
 *  the run's length, naming its option. */
ScenarioLoad loadScenarioFile(const std::string &path, double runDuration = 0.0);
/** Same, from text; `fileName` is used in messages and to resolve relative trace paths. */
ScenarioLoad loadScenarioText(const std::string &yaml, const std::string &fileName = "<text>",
                              double runDuration = 0.0);

/** Canonical YAML for a scenario; loading it gives back an equal Scenario. */
std::string saveScenarioText(const Scenario &scenario);
/** Writes atomically (temp file + rename); false with a message on failure. */
bool saveScenarioFile(const Scenario &scenario, const std::string &path, std::string *error);

/** A scenario's file text as edited in place, or why it could not be. */
struct ScenarioRewrite
{
    std::string text;  ///< the file with the edits; empty on error
    std::string error; ///< why the edits cannot be written into the file's own text
    bool ok() const { return error.empty(); }
};

/**
 * `edited` written into `original`, the text `loaded` was read from: only what
 * differs between the two models changes in the text, so comments, key order,
 * units and layout of the rest stay the user's (see carryYamlChanges). The result
 * is read back and must give `edited`; `fileName` resolves relative paths then.
 */
ScenarioRewrite rewriteScenarioText(const std::string &original, const Scenario &loaded,
                                    const Scenario &edited, const std::string &fileName);

/**
 * Semantic checks on an in-memory model (references, ranges, duplicate names),
 * the same checks and messages the loader applies; used by editors. `runDuration`
 * as for loadScenarioFile().
 */
std::vector<ScenarioError> validateScenario(const Scenario &scenario, double runDuration = 0.0);

/**
 * What a valid scenario will do that its author may not expect: a service no edge
 * node can hold, an image a site's nodes cannot run, initial replicas beyond the room
 * there is, an eAP without nodes, a workload that brings nothing. Only for a model
 * validateScenario() finds no problem in.
 */
std::vector<ScenarioError> scenarioWarnings(const Scenario &scenario);

} // namespace schedlab
