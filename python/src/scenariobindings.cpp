// SPDX-License-Identifier: GPL-3.0-or-later
// schedlab.load, schedlab.validate and schedlab.Scenario: a scenario file as the
// CLI reads it, its values read and set by the path syntax of a sweep.
#include "arguments.h"
#include "bindings.h"

#include "base/textfile.h"
#include "scenario/yamloverride.h"

#include <pybind11/stl.h>

#include <filesystem>
#include <limits>

namespace schedlab::python {

namespace {

std::string pathText(const py::object &path)
{
    // os.fsdecode: a str, bytes or path-like object as the str it names.
    return py::module_::import("os").attr("fsdecode")(path).cast<std::string>();
}

/** The file's text; FileNotFoundError or OSError naming it when it cannot be read. */
std::string readScenarioFile(const std::string &path)
{
    std::string why;
    const auto text = readTextFile(path, &why, kMaxScenarioBytes);
    if (!text) {
        const std::string message = path + ": cannot read the file: " + why;
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) {
            PyErr_SetString(PyExc_FileNotFoundError, message.c_str());
            throw py::error_already_set();
        }
        throw std::runtime_error(message); // pybind11 raises RuntimeError
    }
    return *text;
}

/** The scenario `text` read as the file `file`; ScenarioFailure when it has errors.
 *  The size of its whole run is not checked here: run(), compare() and the
 *  environments check the run they are asked for (requireRunSize), which need not
 *  be the file's time.duration; what one slot brings is checked either way. */
PyScenario loadText(const std::string &file, std::string text)
{
    constexpr double kRunOfItsOwn = std::numeric_limits<double>::infinity();
    AnyScenarioLoad load = loadAnyScenarioText(text, file, kRunOfItsOwn);
    if (!load.ok())
        throw ScenarioFailure(std::move(load.errors));
    return PyScenario{file, std::move(text), std::move(*load.scenario), std::move(load.warnings)};
}

std::string valueText(const py::handle &value)
{
    if (py::isinstance<py::bool_>(value))
        return value.cast<bool>() ? "true" : "false";
    if (py::isinstance<py::str>(value))
        return value.cast<std::string>();
    if (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value))
        return py::repr(value).cast<std::string>();
    throw py::type_error("a scenario value is a text, a number or a bool, not " +
                         py::type::of(value).attr("__name__").cast<std::string>());
}

py::list problems(const std::vector<ScenarioError> &errors)
{
    py::list out;
    for (const ScenarioError &e : errors)
        out.append(problemObject(e));
    return out;
}

py::list validate(const py::object &what)
{
    if (py::isinstance<PyScenario>(what))
        return problems(what.cast<const PyScenario &>().warnings);
    const std::string path = pathText(what);
    const AnyScenarioLoad load = loadAnyScenarioText(readScenarioFile(path), path);
    py::list out = problems(load.errors);
    for (const py::handle warning : problems(load.warnings))
        out.append(warning);
    return out;
}

} // namespace

void bindScenario(py::module_ &m)
{
    py::class_<PyScenario>(m, "Scenario",
                           "A scenario file as loaded, with the values set() changed in it")
        .def_property_readonly(
            "file", [](const PyScenario &s) { return s.file; }, "The file it was loaded from")
        .def_property_readonly("name", [](const PyScenario &s) { return s.loaded.name(); })
        .def_property_readonly(
            "seed", [](const PyScenario &s) { return s.loaded.seed(); },
            "The first seed of a run or comparison")
        .def_property_readonly("is_global", [](const PyScenario &s) { return s.loaded.isGlobal(); })
        .def_property_readonly(
            "text", [](const PyScenario &s) { return s.text; },
            "The YAML with every value set() in place; comments and layout are the file's")
        .def_property_readonly(
            "summary", [](const PyScenario &s) { return s.loaded.summary(); },
            "What it holds, as `schedlab-cli validate` says: \"12 edge nodes, 3 services\"")
        .def_property_readonly(
            "warnings", [](const PyScenario &s) { return problems(s.warnings); },
            "What it will do that its author may not expect, as schedlab.Problem objects")
        .def(
            "get",
            [](const PyScenario &s, const std::string &path) {
                const YamlValue found = yamlScalar(s.text, path);
                if (!found.ok())
                    throw py::value_error(s.file + ": " + found.error);
                return found.value;
            },
            py::arg("path"),
            "The value at `path` (\"workload.requests.rate\") as the file writes it")
        .def(
            "set",
            [](PyScenario &s, const std::string &path, const py::handle &value) {
                const YamlEdit edit = setYamlScalar(s.text, path, valueText(value));
                if (!edit.ok())
                    throw py::value_error(s.file + ": " + edit.error);
                s = loadText(s.file, edit.text); // unchanged when the new value is refused
            },
            py::arg("path"), py::arg("value"),
            "Sets the value at `path` as `schedlab-cli --set PATH=VALUE` does; raises "
            "ScenarioError, leaving the scenario as it was, when the value is refused")
        .def("copy", [](const PyScenario &s) { return PyScenario(s); })
        .def("__copy__", [](const PyScenario &s) { return PyScenario(s); })
        .def("__deepcopy__", [](const PyScenario &s, const py::dict &) { return PyScenario(s); })
        .def("__repr__", [](const PyScenario &s) {
            return "<schedlab.Scenario '" + s.loaded.name() + "' from " + s.file + ">";
        });

    m.def(
        "load",
        [](const py::object &path) {
            const std::string file = pathText(path);
            return loadText(file, readScenarioFile(file));
        },
        py::arg("path"),
        "Loads and validates a scenario file; raises ScenarioError (file, line, column, key, "
        "message) when it has errors");
    m.def("validate", &validate, py::arg("scenario"),
          "The errors and warnings of a scenario file, or the warnings of a loaded Scenario, as "
          "schedlab.Problem objects; empty when there is nothing to say");
}

} // namespace schedlab::python
