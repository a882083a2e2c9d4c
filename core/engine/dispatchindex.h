// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/mintree.h"
#include "policy/dispatchpolicy.h"

#include <vector>

namespace schedlab {

/**
 * Per edge site and service, the nodes hosting a ready replica of the service,
 * ordered by a ranking dispatch policy's rank(): the least of them in O(1).
 * The engine tells it which nodes host what and which nodes' state changed;
 * changed nodes are re-ranked once, before the next decision reads the index.
 *
 * Only sites of at least `fromNodes` edge nodes are covered: below a few hundred
 * nodes, scanning the candidates costs less than keeping them ordered.
 */
class DispatchIndex
{
public:
    DispatchIndex(const DispatchPolicy &policy, const SimState &state, int fromNodes);

    bool covers(int site) const { return !mTrees[std::size_t(site)].empty(); }
    void host(int node, int service);
    void unhost(int node, int service);
    /** Node `node`'s state changed (its load or allocation): re-rank it. */
    void touch(int node)
    {
        if (node < mEdgeCount && !mDirty[std::size_t(node)] &&
            !mHosted[std::size_t(node)].empty()) {
            mDirty[std::size_t(node)] = 1;
            mChanged.push_back(node);
        }
    }
    /** The least-ranked node of covered site `site` hosting `service`; kCloud
     *  when none has a rank. */
    int least(int site, int service);

private:
    using Ranked = MinTree<NodeRank, std::less<NodeRank>>;
    Ranked &tree(int node, int service);
    void rerank(int node);

    const DispatchPolicy &mPolicy;
    const SimState &mState;
    int mEdgeCount = 0;
    std::vector<int> mSlot;                   ///< per edge node: its place in its site
    std::vector<std::vector<int>> mSiteNodes; ///< per site: its edge nodes by id
    std::vector<std::vector<Ranked>> mTrees;  ///< per site (none if not covered), per service
    std::vector<std::vector<int>> mHosted;    ///< per edge node of a covered site: its services
    std::vector<char> mDirty;
    std::vector<int> mChanged;
};

} // namespace schedlab
