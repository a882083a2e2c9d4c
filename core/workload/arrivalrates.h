// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <vector>

namespace schedlab {

/** Each service's rank by replica memory, spread over [-1, 1] (lightest -1): the
 *  weights by which pattern P2 shifts the service mix. */
std::vector<double> centredMemoryRanks(const Scenario &scenario);

/**
 * The arrival rates a scenario's request workload is defined with, known in
 * advance: what an "oracle" baseline such as GSP-SS assumes (KaiS V). For
 * Poisson and the patterns P1–P3 they are the generators' expected rates, for
 * P4 without a trace its long-run mean, and for a trace the rows that arrive.
 */
class ArrivalRateOracle
{
public:
    /** Reads the trace of a trace workload; throws std::invalid_argument when it
     *  cannot be read. */
    explicit ArrivalRateOracle(const Scenario &scenario);

    /** Mean requests per second of each service, over all eAPs, in [from, to). */
    std::vector<double> serviceRates(double from, double to) const;

private:
    const Scenario &mScenario;
    std::vector<double> mMemoryRank;
    /** Trace workloads: (arrival time, service) of every row, by time. */
    std::vector<std::pair<double, int>> mTraceArrivals;
};

} // namespace schedlab
