// SPDX-License-Identifier: GPL-3.0-or-later
#include "arguments.h"

#include "learn/learnedmodel.h"
#include "metrics/metriccatalog.h"
#include "registry/buildpolicies.h"
#include "scenario/units.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <thread>

namespace schedlab::python {

py::object problemObject(const ScenarioError &e)
{
    const py::object problem = py::module_::import("schedlab.errors").attr("Problem");
    return problem(e.file, e.line, e.column, e.keyPath, e.message, e.warning);
}

void registerScenarioFailure()
{
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const ScenarioFailure &failure) {
            py::list problems;
            for (const ScenarioError &e : failure.errors)
                problems.append(problemObject(e));
            const py::object type = py::module_::import("schedlab.errors").attr("ScenarioError");
            PyErr_SetObject(type.ptr(), type(problems).ptr());
        }
    });
}

const Scenario &PyScenario::cluster(const char *what) const
{
    if (loaded.isGlobal())
        throw py::value_error(file + " is a global scenario (a top-level `global:` map); " + what +
                              " takes one-cluster scenarios (schedlab-cli runs global ones)");
    return loaded.cluster();
}

std::vector<std::string> policyNames(const py::object &value, const char *plane)
{
    std::vector<std::string> names;
    std::string given;
    if (value.is_none())
        return names;
    if (py::isinstance<py::str>(value)) {
        given = value.cast<std::string>();
        std::string item;
        for (char c : given + ",") {
            if (c == ',') {
                names.push_back(item);
                item.clear();
            } else if (c != ' ') {
                item += c;
            }
        }
    } else {
        try {
            names = value.cast<std::vector<std::string>>();
        } catch (const py::cast_error &) {
            throw py::type_error(std::string(plane) +
                                 ": give a policy name, names separated by commas or a list "
                                 "of names");
        }
        for (const std::string &n : names)
            given += (given.empty() ? "" : ",") + n;
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i].empty())
            throw py::value_error(std::string(plane) + ": an empty policy name in '" + given + "'");
        if (std::find(names.begin(), names.begin() + std::ptrdiff_t(i), names[i]) !=
            names.begin() + std::ptrdiff_t(i))
            throw py::value_error(std::string(plane) + ": '" + names[i] + "' is given twice");
    }
    return names;
}

void requireKnownPolicies(const PolicySelection &selection)
{
    std::string message;
    for (const PolicyProblem &problem : policyProblems(selection))
        message += (message.empty() ? "" : "\n") + problem.message;
    if (!message.empty())
        throw py::value_error(message);
}

std::uint64_t seedOf(const py::handle &value)
{
    const std::string text = py::str(value).cast<std::string>();
    const auto refuse = [&] {
        return py::value_error(
            "seed: must be a whole number from 0 to 18446744073709551615, got '" + text + "'");
    };
    if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
        throw refuse();
    const py::int_ number = py::reinterpret_borrow<py::int_>(value);
    if (number < py::int_(0) || number > py::int_(UINT64_MAX))
        throw refuse();
    return number.cast<std::uint64_t>();
}

double durationOf(const py::object &value)
{
    if (value.is_none())
        return 0.0;
    double seconds = 0.0;
    if (py::isinstance<py::str>(value)) {
        const Parsed<double> d = parseDuration(value.cast<std::string>());
        if (!d.ok())
            throw py::value_error("duration: " + d.error);
        seconds = d.value;
    } else if (py::isinstance<py::float_>(value) || py::isinstance<py::int_>(value)) {
        seconds = value.cast<double>();
    } else {
        throw py::type_error("duration: give seconds or a text such as '10m'");
    }
    if (!(seconds > 0.0))
        throw py::value_error("duration: must be positive");
    return seconds;
}

void requireRunSize(const Scenario &scenario, double duration)
{
    if (const auto problem = runSizeProblem(scenario, duration))
        throw py::value_error((duration > 0 ? "duration" : problem->key) + ": " + problem->message);
}

std::shared_ptr<const LearnedModel> checkpointOf(const std::optional<std::string> &path)
{
    if (!path)
        return nullptr;
    try {
        return std::make_shared<const LearnedModel>(loadModel(*path));
    } catch (const CheckpointError &e) {
        throw py::value_error(e.what());
    }
}

py::list summaryRows(const std::vector<VariantSummary> &summary)
{
    py::list rows;
    for (const VariantSummary &v : summary)
        for (const auto &[name, ci] : v.metrics) {
            const MetricInfo *info = findMetric(name);
            rows.append(py::dict(py::arg("policy") = v.label, py::arg("metric") = name,
                                 py::arg("unit") = info ? std::string(info->unit) : "",
                                 py::arg("mean") = ci.mean, py::arg("ci95") = ci.ci95,
                                 py::arg("n") = ci.n));
        }
    return rows;
}

void runInterruptibly(const std::function<void()> &work, std::atomic<bool> &stop)
{
    std::exception_ptr failure;
    auto done = std::async(std::launch::async, [&] {
        try {
            work();
        } catch (...) {
            failure = std::current_exception();
        }
    });
    bool interrupted = false;
    while (true) {
        bool finished = false;
        {
            py::gil_scoped_release release;
            finished = done.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready;
        }
        if (finished)
            break;
        if (!interrupted && PyErr_CheckSignals() != 0) {
            // The KeyboardInterrupt stays pending while the runs stop at their next slot.
            interrupted = true;
            stop = true;
        }
    }
    if (interrupted)
        throw py::error_already_set();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace schedlab::python
