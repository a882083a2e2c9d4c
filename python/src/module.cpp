// SPDX-License-Identifier: GPL-3.0-or-later
// schedlab._schedlab: the core as the package schedlab/ (python/schedlab) uses it.
#include "arguments.h"
#include "bindings.h"

PYBIND11_MODULE(_schedlab, m)
{
    m.doc() = "SchedLab's simulator core; import schedlab, which wraps it";
    m.attr("__version__") = SCHEDLAB_VERSION;
    schedlab::python::registerScenarioFailure();
    schedlab::python::bindScenario(m);
    schedlab::python::bindRun(m);
    schedlab::python::bindStore(m);
    schedlab::python::bindPlacement(m);
    schedlab::python::bindDispatch(m);
}
