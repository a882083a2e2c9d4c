// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/globalscenario.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace schedlab::global {

/**
 * A global scheduler's run queue (design doc 2.4 "short run queues").
 * - Forwarded and failed requests go to the head (2.5.5, 2.5.6).
 * - Fair discipline (2.5.8): higher priority first; within a priority, tenants take
 *   turns so a flooding tenant cannot starve another; a request that has waited
 *   `starvationAge` is served before any newer one whatever its priority; a tenant
 *   may hold at most `tenantLimit` queued requests (0: no limit).
 * - Fifo discipline: arrival order only, the baseline fairness is measured against.
 */
class SchedulerQueue
{
public:
    SchedulerQueue(QueueDiscipline discipline, int tenants, int priorities, double starvationAge,
                   int tenantLimit);

    /** False when the tenant's limit is reached: the request is throttled. */
    bool push(std::int32_t request, std::int32_t tenant, std::int32_t priority, double now);
    void pushFront(std::int32_t request);
    /** The next request to decide on; the queue must not be empty. */
    std::int32_t pop(double now);

    bool empty() const { return mSize == 0; }
    std::size_t size() const { return mSize; }

private:
    struct Entry
    {
        std::int32_t request;
        std::int32_t tenant;
        double since;
    };
    struct Level
    {
        std::vector<std::deque<Entry>> byTenant;
        std::deque<std::int32_t> turn; ///< tenants with queued requests, next first
    };

    std::int32_t popFrom(Level &level, std::int32_t tenant);

    QueueDiscipline mDiscipline;
    double mStarvationAge;
    int mTenantLimit;
    std::deque<std::int32_t> mHead;
    std::deque<Entry> mFifo;
    std::vector<Level> mLevels; ///< index = priority
    std::vector<int> mQueuedPerTenant;
    std::size_t mSize = 0;
};

} // namespace schedlab::global
