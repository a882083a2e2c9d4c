// SPDX-License-Identifier: GPL-3.0-or-later
// KubeHICE AIM: the Arches Filter and the Container Updater.
#include "placement/hiceplugins.h"
#include "state/topology.h"

#include <algorithm>

namespace schedlab {

std::set<std::string> applicationArches(const PodRequest &pod)
{
    // A pod that names a per-arch image is resolved to its application (the image
    // the name belongs to): the name is only the temporary value the updater replaces.
    std::set<std::string> arches;
    if (pod.image)
        for (const ImageVariant &v : pod.image->variants)
            arches.insert(v.arch);
    return arches;
}

ContainerUpdate updateContainer(const PodRequest &pod, const std::string &arch, double kj)
{
    ContainerUpdate u;
    const ImageVariant *v = pod.image ? pod.image->variantFor(arch) : nullptr;
    if (!v || !(kj > 0))
        return u;
    u.ok = true;
    u.variant = v;
    u.cpu = pod.cpu * pod.perfBase / kj;
    u.cpuLimit = pod.cpuLimit * pod.perfBase / kj;
    return u;
}

namespace {
class ArchesFilter final : public PlacementPlugin
{
public:
    const char *name() const override { return "ArchesFilter"; }
    bool hasFilter() const override { return true; }

    /** ArchesPreFilter: Pod.Arches = Cluster.Arches ∩ App.Arches (one container per pod). */
    void preFilter(const PodRequest &pod, const ClusterView &view) override
    {
        const std::set<std::string> app = applicationArches(pod);
        mArches.clear();
        for (int n = 0; n < view.nodeCount; ++n) {
            const std::string &arch = view.topology->nodes[n].arch;
            if (app.count(arch) && std::find(mArches.begin(), mArches.end(), arch) == mArches.end())
                mArches.push_back(arch);
        }
    }

    const char *filter(const PodRequest &, const ClusterView &view, int node) const override
    {
        const std::string &arch = view.topology->nodes[node].arch;
        if (std::find(mArches.begin(), mArches.end(), arch) == mArches.end())
            return "node(s) didn't match the arches the Pod's images support";
        return nullptr;
    }

private:
    std::vector<std::string> mArches;
};
} // namespace

std::unique_ptr<PlacementPlugin> makeArchesFilter()
{
    return std::make_unique<ArchesFilter>();
}

} // namespace schedlab
