// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/gpgaction.h"

#include "learn/gpgforward.h"
#include "learn/gpgstate.h"
#include "policy/orchestrationpolicy.h"
#include "state/random.h"

#include <algorithm>

namespace schedlab {

namespace {
constexpr double kTaken = -1.0; ///< marks a node already chosen this frame

/** An index drawn from `p` (weights, not necessarily normalised), never a taken one. */
int draw(const std::vector<double> &p, Rng &rng)
{
    double total = 0.0;
    for (double v : p)
        total += v;
    double u = rng.uniform() * total;
    int last = -1;
    for (int i = 0; i < int(p.size()); ++i) {
        if (p[i] <= 0.0)
            continue;
        last = i;
        if (u < p[i])
            return i;
        u -= p[i];
    }
    if (last >= 0)
        return last; // rounding left u at the end
    // Every weight left underflowed to 0: the first node not taken.
    return int(std::find_if(p.begin(), p.end(), [](double v) { return v >= 0.0; }) - p.begin());
}

int mostProbable(const std::vector<double> &p)
{
    return int(std::max_element(p.begin(), p.end()) - p.begin());
}
} // namespace

GpgAction chooseGpgAction(const GpgForward &forward, int nodesPerFrame, Rng *rng)
{
    GpgAction action;
    std::vector<double> sigma = forward.nodeProbabilities(); // eq. 11
    const int h = std::min(nodesPerFrame, int(sigma.size()));
    for (int k = 0; k < h; ++k) {
        const int n = rng ? draw(sigma, *rng) : mostProbable(sigma);
        action.nodes.push_back(n);
        sigma[n] = kTaken; // without replacement; the next draw renormalises
        const std::vector<double> q = softmax(forward.scalingValues(n));
        action.scaling.push_back(rng ? draw(q, *rng) : mostProbable(q));
    }
    action.applied.assign(action.nodes.size(), 0);
    return action;
}

int applyGpgAction(GpgAction &action, const GpgSiteGraph &graph, OrchestrationContext &ctx)
{
    const GpgLayout &layout = graph.layout();
    const SimState &state = ctx.state();
    int applied = 0;
    for (std::size_t k = 0; k < action.nodes.size(); ++k) {
        const int a = action.scaling[k];
        const int service = layout.serviceOf(a);
        const int node = graph.nodes()[action.nodes[k]];
        bool done = false;
        if (layout.direction(a) > 0)
            done = ctx.edgeReplicas(service) < state.service(service).replicas.max &&
                   ctx.scaleUpOn(service, node);
        else if (layout.direction(a) < 0)
            done = ctx.edgeReplicas(service) > state.service(service).replicas.min &&
                   ctx.scaleDownOn(service, node);
        action.applied[k] = done;
        applied += done;
    }
    return applied;
}

} // namespace schedlab
