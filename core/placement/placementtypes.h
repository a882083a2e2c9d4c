// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace schedlab {

struct Topology;
struct NodeState;
class LayerCache;
class Rng;

/** What the placement plane knows of a pod when it places it. */
struct PodRequest
{
    std::int32_t pod = -1; ///< the engine's pod id; -1 for a request made outside a run
    double cpu = 0.0;      ///< requested cores (KubeHICE C_min)
    double cpuLimit = 0.0; ///< cpu limit, cores; 0 = none (KubeHICE C_max)
    double memory = 0.0;   ///< requested bytes
    double perfBase = 1.0; ///< KubeHICE k_b: the node performance its cpu is sized for
    /** Per node: what the pod's cpu becomes there (KubeHICE's CPU·k_b/k_j); null = 1. */
    const double *cpuScale = nullptr;
    const ImageSpec *image = nullptr;
    /** Set when the pod names a per-arch image (no index): it pulls this variant everywhere. */
    const ImageVariant *fixedVariant = nullptr;
    const std::map<std::string, std::string> *nodeSelector = nullptr;
    const std::vector<Taint> *tolerations = nullptr;
    /** The pod's template, its configuration file (DRS eq. 9 reads its use); null outside a run. */
    const PodTemplate *spec = nullptr;

    /** The cpu the pod requests on `node`. */
    double cpuOn(int node) const { return cpuScale ? cpu * cpuScale[node] : cpu; }

    /** The layers the pod would pull on a node of `arch`; null if the image has none for it. */
    const std::vector<LayerSpec> *layersOn(const std::string &arch) const
    {
        if (fixedVariant)
            return &fixedVariant->layers;
        const ImageVariant *v = image ? image->variantFor(arch) : nullptr;
        return v ? &v->layers : nullptr;
    }
};

/** The cluster as the placement plane sees it: nodes 0..nodeCount-1 of the topology. */
struct ClusterView
{
    const Topology *topology = nullptr;
    const NodeState *nodes = nullptr;   ///< SimState::nodes
    const LayerCache *caches = nullptr; ///< one per node
    int nodeCount = 0;
    Rng *tieBreak = nullptr; ///< picks among equal best scores; null = lowest node id
    /** Per node: the performance estimated from the workloads (KubeHICE k_j); null = none. */
    const double *perf = nullptr;
};

/** One plugin's verdict on one node. */
struct PluginResult
{
    const char *reason = nullptr; ///< why the filter rejected the node; null = passed
    double raw = 0.0;             ///< the plugin's own measure (bytes, a fraction, a count)
    double normalized = 0.0;      ///< 0..100 after NormalizeScore
    double weight = 0.0;          ///< the weight the total used for this node
};

/**
 * Why a node was chosen, as the Kubernetes scheduler simulator shows it: per node,
 * per plugin, the filter result and the raw and normalised scores, and the
 * weighted total. Reused between decisions, so keeping it costs no allocation.
 */
struct PlacementRecord
{
    std::vector<const char *> plugins; ///< column names, in framework order
    std::vector<char> filters;         ///< per plugin: it has a Filter stage
    std::vector<char> scores;          ///< per plugin: it has a Score stage
    int nodeCount = 0;
    std::vector<PluginResult> cells; ///< plugin-major: cells[p * nodeCount + node]
    std::vector<char> feasible;      ///< per node: passed every filter
    std::vector<double> totals;      ///< per node: the weighted sum (0 if infeasible)
    int chosen = -1;                 ///< node id, or -1: unschedulable
    /** The Filter stage examined `examined` nodes from `searchStart` on, round robin;
     *  every node unless percentageOfNodesToScore stopped it. A node it did not
     *  examine has no reasons and is not feasible. */
    int searchStart = 0;
    int examined = 0;

    const PluginResult &cell(int plugin, int node) const
    {
        return cells[std::size_t(plugin) * nodeCount + node];
    }
    bool wasExamined(int node) const
    {
        return (node - searchStart + nodeCount) % nodeCount < examined;
    }
    int pluginIndex(const std::string &name) const;
};

/** The Reserve and Bind stages, implemented by the engine. */
class PlacementBinder
{
public:
    virtual ~PlacementBinder() = default;
    /** Claims the node's resources for the pod; false rejects the node. */
    virtual bool reserve(int node) = 0;
    virtual void bind(int node) = 0;
};

} // namespace schedlab
