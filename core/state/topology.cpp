// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/topology.h"

namespace schedlab {

namespace {
NodeInfo nodeFrom(const NodeSpec &spec, int i, int site, int eap, bool cloud)
{
    NodeInfo n;
    n.name = spec.nameOf(i);
    n.site = site;
    n.eap = eap;
    n.cloud = cloud;
    n.arch = spec.arch;
    n.cpu = spec.cpu;
    n.memory = spec.memory;
    n.disk = spec.disk;
    n.bandwidth = spec.bandwidth;
    n.diskRead = spec.diskRead;
    n.diskWrite = spec.diskWrite;
    n.perf = spec.perf;
    n.systemCpu = spec.systemCpu;
    n.systemMemory = spec.systemMemory;
    n.hosts = spec.hosts;
    n.labels = spec.labels;
    n.labels.emplace("kubernetes.io/arch", spec.arch);
    n.labels.emplace("kubernetes.io/hostname", n.name);
    n.taints = spec.taints;
    return n;
}

const LinkOverride *overrideFor(const Scenario &s, const std::string &a, const std::string &b)
{
    for (const auto &l : s.links)
        if ((l.from == a && l.to == b) || (l.from == b && l.to == a))
            return &l;
    return nullptr;
}
} // namespace

bool isControlPlane(const NodeInfo &node)
{
    for (const Taint &t : node.taints)
        if (t.effect == "NoSchedule" && (t.key == "node-role.kubernetes.io/control-plane" ||
                                         t.key == "node-role.kubernetes.io/master"))
            return true;
    return false;
}

void Topology::indexLabels()
{
    labelIndex = {};
    labelIndex.nodes = int(nodes.size());
    for (std::size_t n = 0; n < nodes.size(); ++n)
        for (const auto &[key, value] : nodes[n].labels) {
            LabelIndex::Column &column = labelIndex.keys[key];
            column.valueOf.resize(nodes.size(), -1);
            column.valueOf[n] = column.ids.emplace(value, int(column.ids.size())).first->second;
        }
}

Topology Topology::build(const Scenario &scenario)
{
    Topology t;
    for (int s = 0; s < int(scenario.sites.size()); ++s) {
        const SiteSpec &site = scenario.sites[s];
        if (site.kind != SiteKind::Edge)
            continue;
        t.edgeSites.push_back(s);
        std::vector<int> sitePool;
        const int firstEap = int(t.eaps.size());
        for (const EapSpec &eapSpec : site.eaps) {
            EapInfo eap;
            eap.name = eapSpec.name;
            eap.site = s;
            eap.toCloud = scenario.network.wan;
            const int e = int(t.eaps.size());
            for (const NodeSpec &group : eapSpec.nodes)
                for (int i = 1; i <= group.count; ++i) {
                    eap.managed.push_back(int(t.nodes.size()));
                    sitePool.push_back(int(t.nodes.size()));
                    t.nodes.push_back(nodeFrom(group, i, s, e, false));
                }
            t.eaps.push_back(std::move(eap));
        }
        for (int e = firstEap; e < int(t.eaps.size()); ++e)
            t.eaps[e].pool = sitePool;
    }
    t.edgeCount = int(t.nodes.size());

    std::string cloudSite;
    double perfSum = 0.0;
    for (int s = 0; s < int(scenario.sites.size()); ++s) {
        const SiteSpec &site = scenario.sites[s];
        if (site.kind != SiteKind::Cloud)
            continue;
        if (cloudSite.empty())
            cloudSite = site.name;
        for (const NodeSpec &group : site.nodes)
            for (int i = 1; i <= group.count; ++i) {
                t.cloudNodes.push_back(int(t.nodes.size()));
                t.nodes.push_back(nodeFrom(group, i, s, -1, true));
                t.cloudCores += group.cpu;
                perfSum += group.cpu * group.perf;
            }
    }
    if (t.cloudCores > 0)
        t.cloudPerf = perfSum / t.cloudCores;

    for (EapInfo &eap : t.eaps) {
        const std::string &siteName = scenario.sites[eap.site].name;
        const LinkOverride *o = overrideFor(scenario, eap.name, cloudSite);
        if (!o)
            o = overrideFor(scenario, siteName, cloudSite);
        if (o)
            eap.toCloud = o->link;
    }
    t.indexLabels();
    return t;
}

} // namespace schedlab
