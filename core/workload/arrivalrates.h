// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "workload/arrivalsource.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace schedlab {

struct Topology;

/** Each service's rank by replica memory, spread over [-1, 1] (lightest -1): the
 *  weights by which pattern P2 shifts the service mix. */
std::vector<double> centredMemoryRanks(const Scenario &scenario);

/**
 * The arrival rates of a run, known in advance: what an "oracle" baseline such
 * as GSP-SS assumes (KaiS V, "the arrival rates are known in advance"). The
 * oracle replays the run's own workload (the same scenario and seed give the
 * same arrivals), so the rates are the true ones of every window, per eAP and
 * service, for every workload: Poisson, P1–P4 and traces.
 */
class ArrivalRateOracle
{
public:
    /** Throws std::invalid_argument when the workload cannot be made (a trace that
     *  cannot be read). */
    ArrivalRateOracle(const Scenario &scenario, const Topology &topology, std::uint64_t seed);

    /**
     * Requests per second arriving at each eAP for each service in [from, to):
     * [eap * services + service]. Windows are asked for in time order; asking for
     * one that overlaps the last (other than the same window again) replays the
     * workload from its start.
     */
    std::vector<double> rates(double from, double to);
    /** The same summed over eAPs: one rate per service. */
    std::vector<double> serviceRates(double from, double to);

private:
    void restart();

    const Scenario &mScenario;
    const Topology &mTopology;
    std::uint64_t mSeed;
    int mEaps = 0, mServices = 0;
    std::unique_ptr<ArrivalSource> mSource;
    Arrival mPending;
    bool mHasPending = false;
    double mFrom = 0.0, mTo = 0.0; ///< the last window asked for
    std::vector<double> mLast;     ///< its rates
};

} // namespace schedlab
