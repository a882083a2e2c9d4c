// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/drsdecision.h"

#include "placement/agentplacement.h"
#include "state/simstate.h"

namespace schedlab {

void DrsDecision::read(const PodRequest &pod, const ClusterView &view)
{
    if (!mLayout) {
        mLayout.emplace(*view.topology);
        mNodes.resize(std::size_t(mLayout->nodeCount()));
        mState.resize(std::size_t(mLayout->size()));
        mFeasible.resize(std::size_t(mLayout->nodeCount()));
    }
    for (int a = 0; a < mLayout->nodeCount(); ++a) {
        const int n = mLayout->engineNode(a);
        mNodes[std::size_t(a)] = nodeUtilisation(view.topology->nodes[n], view.nodes[n]);
    }
    mLayout->writeNodes(mNodes, mState);
    const double cores = pod.cpuLimit > 0 ? pod.cpuLimit : pod.cpu;
    if (pod.spec) {
        mLayout->writePod(*pod.spec, cores, pod.memory, mState);
    } else { // a request made outside a run: its cpu request is all it says
        PodTemplate t;
        t.usage[int(Metric::Cpu)] = cores;
        mLayout->writePod(t, cores, pod.memory, mState);
    }
    const std::vector<char> ok = feasibleNodes(pod, view);
    for (int a = 0; a < mLayout->nodeCount(); ++a)
        mFeasible[std::size_t(a)] = ok[std::size_t(mLayout->engineNode(a))];
}

} // namespace schedlab
