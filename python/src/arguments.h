// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/anyscenario.h"
#include "experiment/comparison.h"
#include "model/scenario.h"
#include "scenario/scenarioio.h"

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {
struct LearnedModel;
}

namespace schedlab::python {

namespace py = pybind11;

/** A scenario that did not load: raised in Python as schedlab.ScenarioError. */
struct ScenarioFailure : std::exception
{
    std::vector<ScenarioError> errors;
    explicit ScenarioFailure(std::vector<ScenarioError> e) : errors(std::move(e)) {}
    const char *what() const noexcept override { return "the scenario has errors"; }
};

/** A schedlab.Problem (errors.py) for one located error or warning. */
py::object problemObject(const ScenarioError &error);
/** Raises schedlab.ScenarioError for a failure; registered once by the module. */
void registerScenarioFailure();

/** A loaded scenario as Python holds it: its text, the edits made to it, the model. */
struct PyScenario
{
    std::string file; ///< as given: messages name it, relative trace paths start there
    std::string text; ///< the YAML with every set() applied
    AnyScenario loaded;
    std::vector<ScenarioError> warnings;

    /** The one-cluster model; ValueError naming the file for a global scenario. */
    const Scenario &cluster(const char *what) const;
};

/** A policy name, a comma-separated list or a sequence of names; empty for None. */
std::vector<std::string> policyNames(const py::object &value, const char *plane);
/** ValueError with the registry's did-you-mean messages when a name is unknown. */
void requireKnownPolicies(const PolicySelection &selection);
/** A seed 0 to 2^64-1; ValueError otherwise, in the CLI's words. */
std::uint64_t seedOf(const py::handle &value);
/** Seconds from "10m", "90s" or a number; 0 for None (the scenario's). */
double durationOf(const py::object &value);
/** ValueError when a run this long would not fit in time or memory. */
void requireRunSize(const Scenario &scenario, double duration);
/** The learned model of a checkpoint file; null for None. */
std::shared_ptr<const LearnedModel> checkpointOf(const std::optional<std::string> &path);

/** A comparison's summary as rows: policy, metric, unit (the metric table's), mean,
 *  ci95, n; what schedlab.compare and Store.comparison return. */
py::list summaryRows(const std::vector<VariantSummary> &summary);

/**
 * Runs `work` on its own thread with the GIL released, and Ctrl-C in Python sets
 * `stop` (the work is expected to end soon after) and raises KeyboardInterrupt
 * once it has. An exception of `work` is rethrown here.
 */
void runInterruptibly(const std::function<void()> &work, std::atomic<bool> &stop);

} // namespace schedlab::python
