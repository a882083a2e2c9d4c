// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/dispatchindex.h"

#include <algorithm>

namespace schedlab {

DispatchIndex::DispatchIndex(const DispatchPolicy &policy, const SimState &state, int fromNodes)
    : mPolicy(policy), mState(state), mEdgeCount(state.topology->edgeCount)
{
    const Topology &topology = *state.topology;
    mSlot.assign(std::size_t(mEdgeCount), 0);
    mSiteNodes.resize(state.scenario->sites.size());
    for (int n = 0; n < mEdgeCount; ++n) {
        auto &site = mSiteNodes[std::size_t(topology.nodes[std::size_t(n)].site)];
        mSlot[std::size_t(n)] = int(site.size());
        site.push_back(n);
    }
    mTrees.resize(mSiteNodes.size());
    for (std::size_t site = 0; site < mSiteNodes.size(); ++site) {
        const int nodes = int(mSiteNodes[site].size());
        if (nodes > 0 && nodes >= fromNodes)
            mTrees[site].assign(std::size_t(state.serviceCount), Ranked(nodes));
    }
    mHosted.resize(std::size_t(mEdgeCount));
    mDirty.assign(std::size_t(mEdgeCount), 0);
}

DispatchIndex::Ranked &DispatchIndex::tree(int node, int service)
{
    const int site = mState.topology->nodes[std::size_t(node)].site;
    return mTrees[std::size_t(site)][std::size_t(service)];
}

void DispatchIndex::rerank(int node)
{
    const auto rank = mPolicy.rank(mState, node);
    for (const int s : mHosted[std::size_t(node)]) {
        if (rank)
            tree(node, s).set(mSlot[std::size_t(node)], *rank);
        else
            tree(node, s).clear(mSlot[std::size_t(node)]);
    }
}

void DispatchIndex::host(int node, int service)
{
    if (!covers(mState.topology->nodes[std::size_t(node)].site))
        return;
    mHosted[std::size_t(node)].push_back(service);
    if (const auto rank = mPolicy.rank(mState, node))
        tree(node, service).set(mSlot[std::size_t(node)], *rank);
}

void DispatchIndex::unhost(int node, int service)
{
    if (!covers(mState.topology->nodes[std::size_t(node)].site))
        return;
    auto &hosted = mHosted[std::size_t(node)];
    hosted.erase(std::find(hosted.begin(), hosted.end(), service));
    tree(node, service).clear(mSlot[std::size_t(node)]);
}

int DispatchIndex::least(int site, int service)
{
    for (const int node : mChanged) {
        mDirty[std::size_t(node)] = 0;
        rerank(node);
    }
    mChanged.clear();
    const int slot = mTrees[std::size_t(site)][std::size_t(service)].top();
    return slot < 0 ? kCloud : mSiteNodes[std::size_t(site)][std::size_t(slot)];
}

} // namespace schedlab
