// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstddef>

namespace schedlab::global {

/** The resource types a global request asks for (design doc 2.5.2, filtering factor 1). */
enum Resource : std::size_t { Cpu = 0, Memory = 1, Gpu = 2 };
inline constexpr std::size_t kResources = 3;

/** An amount of each resource type: cpu in cores, memory in MiB, gpu in devices. */
struct Resources
{
    std::array<double, kResources> v{};

    double &operator[](std::size_t k) { return v[k]; }
    double operator[](std::size_t k) const { return v[k]; }

    Resources &operator+=(const Resources &o)
    {
        for (std::size_t k = 0; k < kResources; ++k)
            v[k] += o.v[k];
        return *this;
    }
    Resources &operator-=(const Resources &o)
    {
        for (std::size_t k = 0; k < kResources; ++k)
            v[k] -= o.v[k];
        return *this;
    }
    /** Every component of `demand` fits in this amount. */
    bool holds(const Resources &demand) const
    {
        for (std::size_t k = 0; k < kResources; ++k)
            if (demand.v[k] > v[k] + 1e-9)
                return false;
        return true;
    }
};

} // namespace schedlab::global
