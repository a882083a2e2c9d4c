// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <pybind11/numpy.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace schedlab::python {

namespace py = pybind11;

/** A fresh NumPy array of `values` as T: what an environment or a Python policy is
 *  handed never changes under it afterwards. */
template <typename T, typename From> py::array_t<T> numpyArray(const std::vector<From> &values)
{
    py::array_t<T> out(py::ssize_t(values.size()));
    std::transform(values.begin(), values.end(), out.mutable_data(),
                   [](const From &v) { return T(v); });
    return out;
}

/** The info of a dispatch decision, as DispatchEnv and a Python dispatch policy see
 *  it: "action_mask", "eap", and per action "load" and "memory" as `writeLoads`
 *  (DispatchObservation::writeLoads) gives them. */
template <typename WriteLoads>
py::dict dispatchInfo(const std::vector<std::uint8_t> &mask, int eap, WriteLoads &&writeLoads)
{
    const std::size_t n = mask.size();
    const auto size = py::ssize_t(n);
    py::array_t<double> load(size), memory(size);
    writeLoads(std::span<double>(load.mutable_data(), n),
               std::span<double>(memory.mutable_data(), n));
    py::dict info;
    info["action_mask"] = numpyArray<std::int8_t>(mask);
    info["eap"] = eap;
    info["load"] = load;
    info["memory"] = memory;
    return info;
}

} // namespace schedlab::python
