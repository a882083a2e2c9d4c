// SPDX-License-Identifier: GPL-3.0-or-later
// The placement plane's policies: kube-default, layer (static ω), lrscheduler
// (dynamic ω), kubehice (AIM + PAS).
#include "placement/agentplacement.h"
#include "placement/hiceplugins.h"
#include "placement/kubeplugins.h"
#include "placement/placementframework.h"
#include "state/simstate.h"

#include <cmath>

namespace schedlab {

namespace {
void addKubeDefaults(PlacementFramework &f)
{
    f.addPlugin(makeNodeResourcesFit(), 1.0);
    f.addPlugin(makeBalancedAllocation(), 1.0);
    f.addPlugin(makeImageLocality(), 1.0);
    f.addPlugin(makeTaintToleration(), 1.0);
    f.addPlugin(makeNodeAffinity(), 1.0);
}

/** Algorithm 1: S = ω·S_Layer + S_K8s (eq. 4) with ω from S_Weight (eq. 13). */
class LrScheduler final : public PlacementFramework
{
public:
    explicit LrScheduler(const LrsParameters &p) : PlacementFramework("lrscheduler"), mP(p)
    {
        addKubeDefaults(*this);
        addPlugin(makeLayerSharing(), p.omega1);
        mLayer = pluginCount() - 1;
    }

protected:
    double weightOn(int p, const PodRequest &pod, const ClusterView &view, int node) const override
    {
        if (p != mLayer)
            return PlacementFramework::weightOn(p, pod, view, node);
        const NodeInfo &info = view.topology->nodes[node];
        const double d = record().cell(mLayer, node).raw;                                 // eq. 2
        const double cpu = view.nodes[node].cpuAlloc / info.cpu;                          // eq. 12
        const bool light = d > mP.hSize && cpu < mP.hCpu && lrsStd(view, node) < mP.hStd; // eq. 13
        return light ? mP.omega1 : mP.omega2;
    }

private:
    LrsParameters mP;
    int mLayer = 0;
};

class KubeHice final : public PlacementFramework
{
public:
    KubeHice() : PlacementFramework("kubehice")
    {
        addPlugin(makeArchesFilter(), 0.0);
        addKubeDefaults(*this);
        addPlugin(makePerformanceAware(), 1.0);
    }
    bool updatesContainers() const override { return true; }
};
} // namespace

double lrsStd(const ClusterView &view, int node)
{
    const NodeInfo &info = view.topology->nodes[node];
    const NodeState &ns = view.nodes[node];
    return std::abs(ns.cpuAlloc / info.cpu - ns.memAlloc / info.memory) / 2.0;
}

std::unique_ptr<PlacementFramework> makeKubeDefaultPlacement()
{
    auto f = std::make_unique<PlacementFramework>("kube-default");
    addKubeDefaults(*f);
    return f;
}

std::unique_ptr<PlacementFramework> makeLayerPlacement(double omega)
{
    auto f = std::make_unique<PlacementFramework>("layer");
    addKubeDefaults(*f);
    f->addPlugin(makeLayerSharing(), omega);
    return f;
}

std::unique_ptr<PlacementFramework> makeLrScheduler(const LrsParameters &p)
{
    return std::make_unique<LrScheduler>(p);
}

std::unique_ptr<PlacementFramework> makeKubeHicePlacement()
{
    return std::make_unique<KubeHice>();
}

} // namespace schedlab
