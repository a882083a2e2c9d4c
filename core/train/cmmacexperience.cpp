// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/cmmacexperience.h"

#include "state/simstate.h"

#include <cmath>

namespace schedlab {

void ExperienceCollector::beginSlot(long slot, std::vector<float> state)
{
    if (mRecords.empty())
        mFirstSlot = slot;
    mCurrent = slot;
    mRecords.emplace_back();
    mRecords.back().before = std::move(state);
}

void ExperienceCollector::endSlot(std::vector<float> state, double xi)
{
    SlotRecord &r = mRecords.back();
    r.after = std::move(state);
    r.xi = xi;
    r.closed = true;
}

int ExperienceCollector::dispatch(const DispatchContext &ctx)
{
    const LocalStateBuilder &local = mLocal[ctx.eap];
    Decision d;
    d.actor = mActorOf[ctx.eap];
    d.eap = ctx.eap;
    d.state.resize(std::size_t(local.layout().size()));
    d.mask.resize(std::size_t(local.layout().actions()));
    local.write(ctx, d.state);
    local.writeMask(ctx, d.mask);
    const auto p = mActors[std::size_t(d.actor)].policy(d.state, d.mask);
    const double u = ctx.rng.uniform();
    double cum = 0.0;
    int chosen = -1, last = -1;
    for (int o = 0; o < int(p.size()); ++o) {
        if (!d.mask[std::size_t(o)])
            continue;
        if (p[std::size_t(o)] > 0.0f)
            entropySum -= double(p[std::size_t(o)]) * std::log(double(p[std::size_t(o)]));
        cum += p[std::size_t(o)];
        last = o;
        if (chosen < 0 && u < cum)
            chosen = o;
    }
    d.action = chosen >= 0 ? chosen : last; // u in the rounding gap: the last valid one
    ++decisions;
    const int target = local.target(d.action);
    const auto id = std::int32_t(&ctx.request - ctx.state.requests.data());
    mSlotOf[id] = mCurrent;
    SlotRecord &r = mRecords.back();
    ++r.violations.decisions;
    ++r.violations.open;
    r.decisions.push_back(std::move(d));
    return target;
}

void ExperienceCollector::onComplete(const SimState &, std::int32_t request, bool onTime)
{
    resolve(request, !onTime);
}

void ExperienceCollector::onDrop(const SimState &, std::int32_t request, DropSite, int)
{
    if (mSlotOf.count(request) == 0 && !mRecords.empty() && !mRecords.back().closed)
        ++mRecords.back().violations.droppedAtEap; // never dispatched: it violates now
    resolve(request, true);
}

void ExperienceCollector::resolve(std::int32_t request, bool missed)
{
    const auto it = mSlotOf.find(request);
    if (it == mSlotOf.end())
        return; // dropped at its eAP before any agent dispatched it
    const long index = it->second - mFirstSlot;
    mSlotOf.erase(it);
    if (index < 0 || index >= long(mRecords.size()))
        return;
    SlotViolations &v = mRecords[std::size_t(index)].violations;
    --v.open;
    v.missed += missed;
}

void ExperienceCollector::popFront()
{
    mRecords.pop_front();
    ++mFirstSlot;
}

void ExperienceCollector::closeAll(const SimState &state)
{
    for (const auto &[request, slot] : mSlotOf) {
        const long index = slot - mFirstSlot;
        if (index >= 0 && index < long(mRecords.size()))
            mRecords[std::size_t(index)].violations.endOpen(
                state.requests[std::size_t(request)].deadline <= state.now);
    }
    for (SlotRecord &r : mRecords)
        r.violations.open = 0; // every request has been given its outcome or none
    mSlotOf.clear();
}

} // namespace schedlab
