// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/schedulerqueue.h"

#include <algorithm>

namespace schedlab::global {

SchedulerQueue::SchedulerQueue(QueueDiscipline discipline, int tenants, int priorities,
                               double starvationAge, int tenantLimit)
    : mDiscipline(discipline), mStarvationAge(starvationAge), mTenantLimit(tenantLimit),
      mLevels(std::size_t(std::max(1, priorities))),
      mQueuedPerTenant(std::size_t(std::max(1, tenants)), 0)
{
    for (Level &l : mLevels)
        l.byTenant.resize(mQueuedPerTenant.size());
}

bool SchedulerQueue::push(std::int32_t request, std::int32_t tenant, std::int32_t priority,
                          double now)
{
    const std::size_t t = std::size_t(tenant);
    if (mTenantLimit > 0 && mQueuedPerTenant[t] >= mTenantLimit)
        return false;
    ++mQueuedPerTenant[t];
    ++mSize;
    if (mDiscipline == QueueDiscipline::Fifo) {
        mFifo.push_back({request, tenant, now});
        return true;
    }
    Level &level = mLevels[std::size_t(std::clamp(priority, 0, int(mLevels.size()) - 1))];
    if (level.byTenant[t].empty())
        level.turn.push_back(tenant);
    level.byTenant[t].push_back({request, tenant, now});
    return true;
}

void SchedulerQueue::pushFront(std::int32_t request)
{
    mHead.push_front(request);
    ++mSize;
}

std::int32_t SchedulerQueue::popFrom(Level &level, std::int32_t tenant)
{
    auto &q = level.byTenant[std::size_t(tenant)];
    const std::int32_t request = q.front().request;
    q.pop_front();
    const auto at = std::find(level.turn.begin(), level.turn.end(), tenant);
    level.turn.erase(at);
    if (!q.empty())
        level.turn.push_back(tenant);
    return request;
}

std::int32_t SchedulerQueue::pop(double now)
{
    --mSize;
    if (!mHead.empty()) {
        const std::int32_t r = mHead.front();
        mHead.pop_front();
        return r;
    }
    if (mDiscipline == QueueDiscipline::Fifo) {
        const Entry e = mFifo.front();
        mFifo.pop_front();
        --mQueuedPerTenant[std::size_t(e.tenant)];
        return e.request;
    }
    // Aging against starvation across priorities: a level holding a request past the
    // age is served before higher levels (the one with the oldest such request first).
    // Within a level tenants always take turns, so aging never lets a flood jump ahead.
    Level *chosen = nullptr;
    double oldest = now - mStarvationAge;
    for (Level &level : mLevels)
        for (std::int32_t t : level.turn) {
            const double since = level.byTenant[std::size_t(t)].front().since;
            if (since <= oldest) {
                oldest = since;
                chosen = &level;
            }
        }
    for (auto level = mLevels.rbegin(); !chosen && level != mLevels.rend(); ++level)
        if (!level->turn.empty())
            chosen = &*level;
    const std::int32_t tenant = chosen->turn.front();
    --mQueuedPerTenant[std::size_t(tenant)];
    return popFrom(*chosen, tenant);
}

} // namespace schedlab::global
