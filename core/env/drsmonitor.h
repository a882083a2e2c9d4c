// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <array>
#include <span>
#include <vector>

namespace schedlab {

/** How the DRS monitor samples and normalises (DRS Sec. 3.1, 4.3). */
struct MonitorConfig
{
    double interval = 0.1; ///< seconds between samples
    /** Samples averaged per metric: five for cpu and network, which fluctuate fast,
     *  three for memory and disk, which are stable (Sec. 3.1). */
    std::array<int, kMetricCount> samples{5, 3, 5, 5, 3, 3};
    /** The utilisation that counts as 100 % per metric (the pre-set range of
     *  Sec. 4.2); 1 = the node's full capacity. */
    UsageProfile ceiling{1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
};

/**
 * The DRS monitor (Algorithm 3): one queue of utilisation samples per node and
 * metric; a query returns, per metric, the mean of its latest `samples[c]`
 * entries, normalised by its ceiling into [0, 1] — Node_t^i of eq. 8.
 */
class DrsMonitor
{
public:
    explicit DrsMonitor(int nodes = 0, MonitorConfig config = {});

    void reset();
    /** One sample of every node's six utilisations (each in [0, 1] of capacity). */
    void record(std::span<const UsageProfile> utilisation);
    /** Every queue holds enough samples for its average (Algorithm 3, line 4). */
    bool warm() const;
    /** Node_t^i (eq. 8): averaged and normalised; a queue not yet full averages what it has. */
    UsageProfile state(int node) const;
    int nodeCount() const { return mNodes; }
    const MonitorConfig &config() const { return mConfig; }

private:
    static constexpr int kDepth = 16; ///< ring capacity: above any sample count used
    int mNodes = 0;
    MonitorConfig mConfig;
    std::vector<UsageProfile> mRing; ///< [slot * nodes + node]
    long mRecorded = 0;
};

} // namespace schedlab
