// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

namespace schedlab {

class GpgForward;
class GpgSiteGraph;
class OrchestrationContext;
class Rng;

/**
 * One frame's joint orchestration action ã_τ = (ã•_τ, ã⋆_τ) for one site (KaiS Sec.
 * III-B-2): the high-value edge nodes and a scaling action for each.
 */
struct GpgAction
{
    std::vector<int> nodes;   ///< graph nodes chosen (ã•), in the order chosen
    std::vector<int> scaling; ///< per chosen node: θ_q's action, index W + l (GpgLayout)
    /** Per chosen node: 1 when the action took effect; 0 when it was invalid and
     *  became l = 0 (or was l = 0). */
    std::vector<std::uint8_t> applied;
};

/**
 * Chooses ã_τ from an embedded GpgForward. Without `rng` (run time): the H nodes
 * most probable under eq. 11 and, for each, the most probable scaling action, as
 * the paper decides; ties go to the lower index. With `rng` (training): H nodes
 * drawn from eq. 11 without replacement (each draw renormalised over the nodes
 * left) and each action drawn from θ_q's softmax. H is min(nodesPerFrame, nodes).
 */
GpgAction chooseGpgAction(const GpgForward &forward, int nodesPerFrame, Rng *rng);

/**
 * Executes ã_τ through `ctx`. An invalid scaling action becomes l = 0 ("KaiS always
 * transforms it to l = 0"): adding a replica the node cannot hold (resources, no
 * image for its arch) or one past the service's `replicas.max` in the site;
 * deleting a replica the node does not have, or one below `replicas.min`. Fills
 * action.applied; returns how many actions took effect.
 */
int applyGpgAction(GpgAction &action, const GpgSiteGraph &graph, OrchestrationContext &ctx);

} // namespace schedlab
