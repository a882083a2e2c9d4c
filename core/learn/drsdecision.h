// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/drsstate.h"
#include "state/podusage.h"

#include <optional>
#include <vector>

namespace schedlab {

struct ClusterView;
struct PodRequest;

/**
 * What a DRS decision maker sees at run time (Sec. 4.1) when it scores a pod:
 * State_t (eq. 7–9) from the engine's use rates at the decision, and which action
 * nodes pass the Kubernetes filters. Node_t^i is the node's six utilisations now
 * (nodeUtilisation), where training's monitor averages its last 100 ms samples
 * (Sec. 3.1); use rates change only when a pod starts or ends, so the two differ
 * only at decisions within 0.5 s of such an event. Pod_t (eq. 9) is read from the
 * pod's template, its configuration file, exactly as in training.
 */
class DrsDecision
{
public:
    /** Reads the pod and the cluster into state() and feasible(); the first call fixes
     *  the layout on the view's topology. */
    void read(const PodRequest &pod, const ClusterView &view);

    const DrsStateLayout &layout() const { return *mLayout; }
    const std::vector<double> &state() const { return mState; }
    /** Per action node: 1 if the pod passes the filters there. */
    const std::vector<char> &feasible() const { return mFeasible; }

private:
    std::optional<DrsStateLayout> mLayout;
    std::vector<UsageProfile> mNodes;
    std::vector<double> mState;
    std::vector<char> mFeasible;
};

} // namespace schedlab
