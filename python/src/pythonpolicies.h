// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/policyset.h"

#include <pybind11/pybind11.h>

#include <functional>
#include <string>

namespace schedlab::python {

namespace py = pybind11;

/**
 * A Python function run as a plane's policy: policy(state, mask) or, with `withInfo`,
 * policy(state, mask, info) -> action, seeing what DispatchEnv or PlacementEnv shows
 * an agent. The caller keeps `function` alive for as long as runs may call it.
 */
struct PythonPolicy
{
    std::string name;
    py::handle function;
    bool withInfo = false;
};

/** The planes `dispatch` and `placement` set (either may be null) for one run, built
 *  afresh each call; what Variant::given runs. */
std::function<PolicySet()> pythonPolicies(const PythonPolicy *dispatch,
                                          const PythonPolicy *placement);

} // namespace schedlab::python
