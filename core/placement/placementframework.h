// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementplugin.h"

#include <memory>
#include <string>
#include <vector>

namespace schedlab {

/**
 * The Kubernetes scheduling framework's cycle for one pod: PreFilter, Filter
 * (every filter on every node, so the record says all reasons), Score,
 * NormalizeScore, a weighted sum, argmax (ties broken by the view's RNG), then
 * Reserve and Bind through the engine's binder. Placement policies are
 * frameworks with a plugin set and weights (DRS 2.1, LRS IV-B).
 *
 * Each stage runs one plugin over many nodes at once (filterNodes, scoreNodes),
 * so a plugin does the pod's share of its work once per cycle; node by node
 * (filter, score) is the definition, kept as setPerNodeEvaluation(true), and
 * gives the same decision and the same record.
 */
class PlacementFramework
{
public:
    explicit PlacementFramework(std::string name) : mName(std::move(name)) {}
    virtual ~PlacementFramework() = default;

    const std::string &name() const { return mName; }
    void addPlugin(std::unique_ptr<PlacementPlugin> plugin, double weight);
    /** Changes a plugin's weight; false if no plugin has that name. */
    bool setWeight(const std::string &plugin, double weight);
    double weight(const std::string &plugin) const;
    int pluginCount() const { return int(mPlugins.size()); }
    const char *pluginName(int p) const { return mRecord.plugins[p]; }

    /** Places `pod`: the chosen node, or -1 (unschedulable). Fills lastRecord(). */
    int schedule(const PodRequest &pod, const ClusterView &view, PlacementBinder *binder);
    const PlacementRecord &lastRecord() const { return mRecord; }

    /** kube-scheduler's percentageOfNodesToScore: the Filter stage stops once it has
     *  found feasibleNodesToFind() feasible nodes, starting where the last cycle
     *  stopped. 1..100 a share of the nodes, 0 kube-scheduler's adaptive share,
     *  kEveryNode (the default) every node. */
    void setPercentageOfNodesToScore(int percentage);
    int percentageOfNodesToScore() const { return mPercentage; }
    static constexpr int kEveryNode = -1;
    /** kube-scheduler's numFeasibleNodesToFind for `nodes` nodes. */
    static int feasibleNodesToFind(int percentage, int nodes);
    /** Runs every stage node by node through filter() and score() (the reference). */
    void setPerNodeEvaluation(bool on) { mPerNode = on; }
    /** True when the policy rewrites a bound pod's image and cpu for its node
     *  (KubeHICE's Container Updater); the engine then sizes the pod's cpu per
     *  node as CPU·k_b/k_j with the estimated k_j. */
    virtual bool updatesContainers() const { return false; }
    /** Seconds before a pod that found no node is tried again (the back-off queue),
     *  after `failures` earlier failures; 0: it fails as Unschedulable at once. As
     *  kube-scheduler: a pod some node turned away only for want of room waits and
     *  is tried again; one that no node could ever take (arch, taints, selector,
     *  more than a node has) fails. Reads lastRecord(). */
    virtual double retryDelay(int failures, const PodRequest &pod, const ClusterView &view) const;

protected:
    /** The weight of plugin `p` on `node`; a policy may make it depend on the node. */
    virtual double weightOn(int p, const PodRequest &, const ClusterView &, int) const
    {
        return mWeights[p];
    }
    const PlacementRecord &record() const { return mRecord; }

private:
    std::string mName;
    std::vector<std::unique_ptr<PlacementPlugin>> mPlugins;
    std::vector<double> mWeights;
    /** The Filter stage from `start`: fills the record's reasons and feasible nodes
     *  until `toFind` are feasible or every node was examined; returns how many were. */
    int filterFrom(const PodRequest &pod, const ClusterView &view, int start, int toFind);
    void filterChunk(const PodRequest &pod, const ClusterView &view, std::span<const int> chunk);

    PlacementRecord mRecord;
    std::vector<int> mBest;
    std::vector<int> mChunk;            ///< nodes the Filter stage examines next
    std::vector<int> mFeasible;         ///< the feasible nodes, in id order
    std::vector<int> mFilters, mScores; ///< plugins with a Filter, a Score stage
    int mPercentage = kEveryNode;
    int mNextStart = 0; ///< kube-scheduler's nextStartNodeIndex
    bool mPerNode = false;
};

/** kube-scheduler's back-off: 1 s (podInitialBackoffSeconds), doubling after each
 *  failure up to 10 s (podMaxBackoffSeconds). */
double kubeBackoff(int failures);

/** `kube-default`: NodeResourcesFit, BalancedAllocation, ImageLocality,
 *  TaintToleration, NodeAffinity, each with weight 1 (the v1.23 defaults). */
std::unique_ptr<PlacementFramework> makeKubeDefaultPlacement();
/** `layer`: kube-default plus LayerSharing with a static ω = 4 (LRS eq. 4, Sec. VI-A). */
std::unique_ptr<PlacementFramework> makeLayerPlacement(double omega = 4.0);

/** LRScheduler's parameters (Sec. VI-A defaults). */
struct LrsParameters
{
    double omega1 = 2.0;
    double omega2 = 0.5;
    double hSize = 10e6; ///< bytes (10 MB)
    double hCpu = 0.6;
    double hStd = 0.16;
};
/** `lrscheduler`: kube-default plus LayerSharing with the dynamic ω of eq. 11–13. */
std::unique_ptr<PlacementFramework> makeLrScheduler(const LrsParameters &p = {});

/** `kubehice`: kube-default plus AIM's ArchesFilter and PAS's PerformanceAware
 *  (eq. 5), with the Container Updater at bind (KubeHICE Sec. III–IV). */
std::unique_ptr<PlacementFramework> makeKubeHicePlacement();

/** LRS eq. 11 for a node: |requested cpu / allocatable − requested memory / allocatable| / 2. */
double lrsStd(const ClusterView &view, int node);

} // namespace schedlab
