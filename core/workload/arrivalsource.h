// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <memory>
#include <string>

namespace schedlab {

struct Topology;

/** One request as it leaves an end device. */
struct Arrival
{
    double time = 0.0;
    int eap = 0;
    int service = 0;
    double work = 0.0;
    double size = 0.0;
    double delay = 0.0; ///< the request's delay requirement (deadline - time)
    double cpu = 0.0;    ///< cores it needs of its edge node (KaiS eq. 4)
    double memory = 0.0; ///< bytes it needs of its edge node
};

/** A stream of arrivals in non-decreasing time, drawn from the run's seeded streams. */
class ArrivalSource
{
public:
    virtual ~ArrivalSource() = default;
    /** The next arrival, or false when the workload has no more. */
    virtual bool next(Arrival &out) = 0;
};

/**
 * The request workload of a scenario: Poisson, the KaiS patterns P1–P4, or an
 * Alibaba trace. Returns null and sets `error` if a trace cannot be read.
 */
std::unique_ptr<ArrivalSource> makeArrivalSource(const Scenario &scenario,
                                                 const Topology &topology,
                                                 std::uint64_t seed, std::string *error);

} // namespace schedlab
