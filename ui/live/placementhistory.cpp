// SPDX-License-Identifier: GPL-3.0-or-later
#include "placementhistory.h"

#include "placement/placementtypes.h"
#include "state/simstate.h"

#include <algorithm>

namespace schedlab::ui {

PlacementHistory::PlacementHistory(int nodes)
    : mList(std::make_shared<LivePlacementList>()), mFailures(std::size_t(nodes), PodFailure::None)
{
}

void PlacementHistory::record(const SimState &state, int pod, const PlacementRecord &record)
{
    if (!mPlugins || mPlugins->names.size() != record.plugins.size()) {
        auto plugins = std::make_shared<LivePlugins>();
        for (const char *name : record.plugins)
            plugins->names.emplace_back(name ? name : "");
        plugins->filters = record.filters;
        plugins->scores = record.scores;
        mPlugins = plugins;
    }
    const Pod &p = state.pods[pod];
    const PodTemplate &t = state.scenario->workload.deployments[p.stream].pods[p.templ];
    auto d = std::make_shared<LivePlacement>();
    d->sequence = ++mSequence;
    d->time = state.now;
    d->pod = pod;
    d->name = t.name;
    d->image = t.image;
    d->chosen = record.chosen;
    d->plugins = mPlugins;
    d->nodeCount = record.nodeCount;
    d->cells.resize(record.cells.size());
    for (std::size_t i = 0; i < record.cells.size(); ++i) {
        const PluginResult &c = record.cells[i];
        d->cells[i] = {c.reason ? c.reason : "", c.raw, c.normalized, c.weight};
    }
    d->feasible = record.feasible;
    d->totals = record.totals;
    if (record.chosen >= 0) {
        if (p.phase == PodPhase::Failed) {
            d->failure = p.failure; // ImagePull at bind
            failed(record.chosen, p.failure);
        } else {
            mAlive.push_back(pod);
        }
    } else {
        d->failure = PodFailure::Unschedulable;
        d->retried = p.phase != PodPhase::Failed;
    }

    mKept.push_back(std::move(d));
    if (mKept.size() > std::size_t(kKeep))
        mKept.pop_front();
    mList = std::make_shared<LivePlacementList>(mKept.begin(), mKept.end());
}

void PlacementHistory::failed(int node, PodFailure kind)
{
    if (node >= 0 && node < int(mFailures.size()))
        mFailures[node] = kind;
}

void PlacementHistory::sweep(const SimState &state)
{
    const auto gone = [&](std::int32_t id) {
        const Pod &p = state.pods[id];
        if (p.phase == PodPhase::Failed)
            failed(p.node, p.failure);
        return p.phase == PodPhase::Failed || p.phase == PodPhase::Succeeded;
    };
    mAlive.erase(std::remove_if(mAlive.begin(), mAlive.end(), gone), mAlive.end());
}

void PlacementHistory::fill(const SimState &state, Snapshot &s)
{
    sweep(state);
    for (std::int32_t id : mAlive) {
        const Pod &p = state.pods[id];
        if (p.node < 0 || p.node >= int(s.nodes.size()))
            continue;
        if (p.phase == PodPhase::Pulling)
            ++s.nodes[p.node].podsPulling;
        else if (p.phase == PodPhase::Running)
            ++s.nodes[p.node].podsRunning;
    }
    for (std::size_t n = 0; n < mFailures.size() && n < s.nodes.size(); ++n) {
        s.nodes[n].podFailure = mFailures[n];
        mFailures[n] = PodFailure::None;
    }
    s.placements = mList;
    s.pods.decisions = std::uint64_t(mSequence);
}

} // namespace schedlab::ui
