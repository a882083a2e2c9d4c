// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <pybind11/pybind11.h>

namespace schedlab::python {

namespace py = pybind11;

void bindScenario(py::module_ &m);  ///< load, validate, Scenario
void bindRun(py::module_ &m);       ///< metrics, policies, run, compare
void bindStore(py::module_ &m);     ///< Store
void bindPlacement(py::module_ &m); ///< PlacementCore (the DRS environment)
void bindDispatch(py::module_ &m);  ///< DispatchCore, DispatchVecCore (KaiS dispatch)

} // namespace schedlab::python
