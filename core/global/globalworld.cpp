// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/globalworld.h"

#include "state/random.h"

#include <algorithm>
#include <cmath>

namespace schedlab::global {

GlobalScenario defaultGlobalScenario()
{
    GlobalScenario s;
    s.name = "global";
    Resources edgeNode, dcNode;
    edgeNode[Cpu] = 16;
    edgeNode[Memory] = 65536;
    dcNode[Cpu] = 64;
    dcNode[Memory] = 262144;
    Resources gpuNode = dcNode;
    gpuNode[Gpu] = 4;
    s.profiles = {{"edge", ClusterKind::EdgeSite, 0.85, 4, edgeNode, kSsd, 0.6},
                  {"dc", ClusterKind::DataCenter, 0.12, 40, dcNode, kSsd | kSas | kSata, 0.9},
                  {"dc-gpu", ClusterKind::DataCenter, 0.03, 20, gpuNode, kSsd | kSas, 0.8}};
    auto flavor = [](const char *name, double weight, double cpu, double mem, double gpu,
                     std::uint8_t storage) {
        RequestFlavor f{name, weight, {}, storage};
        f.demand[Cpu] = cpu;
        f.demand[Memory] = mem;
        f.demand[Gpu] = gpu;
        return f;
    };
    s.flavors = {flavor("small", 0.5, 1, 2048, 0, 0), flavor("medium", 0.3, 2, 8192, 0, 0),
                 flavor("cpu", 0.1, 8, 8192, 0, 0), flavor("memory", 0.07, 2, 32768, 0, 0),
                 flavor("gpu", 0.03, 8, 32768, 1, kSsd)};
    return s;
}

GlobalWorld generateWorld(const GlobalScenario &s)
{
    GlobalWorld w;
    Rng rng = Rng::stream(s.seed, "world");
    const int zones = std::max(1, s.regions * s.zonesPerRegion);
    w.zoneClusters.resize(std::size_t(zones));
    w.zoneStorage.assign(std::size_t(zones), 0);
    for (int z = 0; z < zones; ++z)
        w.zoneRegion.push_back(z / std::max(1, s.zonesPerRegion));
    std::vector<double> profileWeights;
    for (const ClusterProfile &p : s.profiles)
        profileWeights.push_back(p.weight);
    w.clusters.reserve(std::size_t(s.clusters));
    for (int c = 0; c < s.clusters; ++c) {
        const ClusterProfile &p = s.profiles[std::size_t(pickWeighted(rng, profileWeights))];
        ClusterInfo info;
        info.kind = p.kind;
        // Round robin over zones keeps every zone populated; the profile mix is random.
        info.zone = c % zones;
        info.region = w.zoneRegion[std::size_t(info.zone)];
        info.latitude = rng.uniform(-60.0, 60.0);
        info.longitude = rng.uniform(-180.0, 180.0);
        info.health = rng.uniform(s.healthMin, 1.0);
        info.energyEfficiency = std::clamp(p.energyEfficiency + rng.uniform(-0.1, 0.1), 0.0, 1.0);
        for (int n = 0; n < p.nodes; ++n) {
            const std::int32_t node = w.nodes.addNode(p.node, p.storage);
            // Background load the global framework did not place (design doc 2.5.2.2,
            // the blue boxes; 2.5.6, requests that went to the cluster directly).
            Resources used;
            for (std::size_t k = 0; k < kResources; ++k)
                used[k] = p.node[k] * rng.uniform(s.prefillMin, s.prefillMax);
            used[Gpu] = std::floor(used[Gpu]);
            w.nodes.free[std::size_t(node)] -= used;
        }
        w.nodes.closeCluster();
        w.zoneClusters[std::size_t(info.zone)].push_back(c);
        w.zoneStorage[std::size_t(info.zone)] |= p.storage;
        w.allClusters.push_back(c);
        w.clusters.push_back(info);
    }
    return w;
}

} // namespace schedlab::global
