// SPDX-License-Identifier: GPL-3.0-or-later
// Warnings: what a scenario that loads will do that its author may not expect (a
// replica that fits nowhere, initial replicas the engine leaves out, an eAP without
// nodes, a workload that brings nothing). They never stop a run.
#include "engine/initialreplicas.h"
#include "scenario/scenarioio.h"
#include "scenario/units.h"
#include "state/topology.h"

#include <algorithm>
#include <map>
#include <set>

namespace schedlab {

namespace {

class Warnings
{
public:
    explicit Warnings(const Scenario &s) : mS(s), mTopology(Topology::build(s)) {}

    std::vector<ScenarioError> run()
    {
        checkEaps();
        checkServices();
        checkInitialReplicas();
        checkWorkload();
        return std::move(mOut);
    }

private:
    void warn(const std::string &path, const std::string &message)
    {
        ScenarioError e;
        e.file = mS.sourcePath;
        e.keyPath = path;
        e.message = message;
        e.warning = true;
        mOut.push_back(std::move(e));
    }
    static std::string quoted(const std::string &name) { return "'" + name + "'"; }
    std::string serviceName(int s) const { return quoted(mS.services[std::size_t(s)].name); }
    bool requestsArrive() const { return mS.workload.requests.kind != RequestWorkloadKind::None; }
    int siteNodes(int site) const
    {
        return int(std::count_if(mTopology.nodes.begin(), mTopology.nodes.end(),
                                 [&](const NodeInfo &n) { return !n.cloud && n.site == site; }));
    }
    bool siteHasArch(int site, const ImageSpec &image) const
    {
        return std::any_of(mTopology.nodes.begin(), mTopology.nodes.end(), [&](const NodeInfo &n) {
            return !n.cloud && n.site == site && image.variantFor(n.arch);
        });
    }
    std::string cloudFate() const
    {
        return mTopology.cloudCores > 0 ? "go to the cloud"
                                        : "are sent to the cloud, which has no nodes, and dropped";
    }

    void checkEaps()
    {
        for (std::size_t i = 0; i < mS.sites.size(); ++i) {
            const SiteSpec &site = mS.sites[i];
            if (site.kind != SiteKind::Edge)
                continue;
            for (std::size_t e = 0; e < site.eaps.size(); ++e) {
                if (!site.eaps[e].nodes.empty())
                    continue;
                std::string message = "eAP " + quoted(site.eaps[e].name) + " has no nodes";
                if (requestsArrive() && mTopology.eaps.size() > 0) {
                    // Requests pick their eAP uniformly (workload.routing).
                    message += ": the 1 in " + std::to_string(mTopology.eaps.size()) +
                               " requests that arrive there ";
                    const int others = siteNodes(int(i));
                    message += others > 0 ? "are dispatched to the " + std::to_string(others) +
                                                " nodes of site " + quoted(site.name) +
                                                " under its other eAPs"
                                          : "have no edge node in reach (site " +
                                                quoted(site.name) + " has none) and " + cloudFate();
                }
                warn("sites[" + std::to_string(i) + "].eaps[" + std::to_string(e) + "].nodes",
                     message);
            }
        }
    }

    /** A replica no edge node can hold, or an image no node of a site can run. */
    void checkServices()
    {
        for (int s = 0; s < int(mS.services.size()); ++s) {
            const ServiceSpec &spec = mS.services[std::size_t(s)];
            const std::string path = "services[" + std::to_string(s) + "]";
            const ImageSpec *image = mS.image(spec.image);
            if (!image)
                continue;
            bool anywhere = false;
            for (int n = 0; n < mTopology.edgeCount; ++n)
                anywhere = anywhere || replicaFits(mS, mTopology.nodes[std::size_t(n)], s, 0, 0);
            if (!anywhere) {
                mUnplaceable.insert(s);
                warn(path + ".replica",
                     "no edge node can hold a replica of " + serviceName(s) + " (cpu " +
                         formatCpu(spec.replicaCpu) + ", memory " + formatSize(spec.replicaMemory) +
                         ", on a node with a variant of image " + quoted(image->name) +
                         "): no replica of it is ever placed, and its "
                         "requests " +
                         cloudFate());
                continue;
            }
            for (int site : mTopology.edgeSites) {
                if (siteNodes(site) == 0 || siteHasArch(site, *image))
                    continue;
                mNoVariant.insert({site, s});
                std::set<std::string> arches;
                for (const NodeInfo &n : mTopology.nodes)
                    if (!n.cloud && n.site == site)
                        arches.insert(n.arch);
                std::string archList;
                for (const std::string &a : arches)
                    archList += (archList.empty() ? "" : ", ") + a;
                warn(path + ".image",
                     "image " + quoted(image->name) + " has no variant for any node of site " +
                         quoted(mS.sites[std::size_t(site)].name) + " (" + archList +
                         "): no replica of " + serviceName(s) + " is placed there" +
                         (requestsArrive() ? ", and its requests at the site's eAPs " + cloudFate()
                                           : std::string()));
            }
        }
    }

    /** What the engine does with the initial replicas: leaves out those that find no room,
     *  places pinned ones whether they fit or not. */
    void checkInitialReplicas()
    {
        const InitialReplicaPlan plan = planInitialReplicas(mS, mTopology);
        std::map<int, std::vector<InitialShortfall>> byService;
        for (const InitialShortfall &cut : plan.shortfalls)
            if (!mUnplaceable.count(cut.service) && !mNoVariant.count({cut.site, cut.service}))
                byService[cut.service].push_back(cut);
        for (const auto &[service, cuts] : byService) {
            const ServiceSpec &spec = mS.services[std::size_t(service)];
            std::string where;
            for (std::size_t i = 0; i < cuts.size(); ++i)
                where += std::string(i == 0                 ? ""
                                     : i + 1 == cuts.size() ? " and "
                                                            : ", ") +
                         "site " + quoted(mS.sites[std::size_t(cuts[i].site)].name) +
                         (i == 0 ? " has room for " : " for ") +
                         (cuts[i].placed ? std::to_string(cuts[i].placed) : "none");
            warn("services[" + std::to_string(service) + "].replicas.edge",
                 std::to_string(spec.replicas.edge) +
                     (spec.replicas.edge == 1 ? " initial replica of " : " initial replicas of ") +
                     serviceName(service) + " per site, but " + where + " (cpu " +
                     formatCpu(spec.replicaCpu) + ", memory " + formatSize(spec.replicaMemory) +
                     " each, shared round robin with the other services' replicas): the run "
                     "starts with " +
                     (cuts.size() == 1 ? "that many there" : "those") + " and leaves the rest out");
        }
        int node = 0;
        for (std::size_t i = 0; i < mS.sites.size(); ++i) {
            if (mS.sites[i].kind != SiteKind::Edge)
                continue;
            for (std::size_t e = 0; e < mS.sites[i].eaps.size(); ++e)
                for (std::size_t g = 0; g < mS.sites[i].eaps[e].nodes.size(); ++g) {
                    const NodeSpec &group = mS.sites[i].eaps[e].nodes[g];
                    const int first = node;
                    node += group.count;
                    if (group.hosts.empty())
                        continue;
                    const double cpu = plan.cpuAlloc[std::size_t(first)];
                    const double memory = plan.memAlloc[std::size_t(first)];
                    if (cpu <= group.cpu + 1e-9 && memory <= group.memory + 1e-9)
                        continue;
                    warn("sites[" + std::to_string(i) + "].eaps[" + std::to_string(e) + "].nodes[" +
                             std::to_string(g) + "].hosts",
                         "the replicas on " + quoted(group.nameOf(1)) + " reserve cpu " +
                             formatCpu(cpu) + " and memory " + formatSize(memory) + " of its " +
                             formatCpu(group.cpu) + " and " + formatSize(group.memory) +
                             ": pinned replicas are placed anyway, beyond its capacity");
                }
        }
    }

    void checkWorkload()
    {
        const double duration = mS.time.duration;
        const RequestWorkload &w = mS.workload.requests;
        if (w.kind == RequestWorkloadKind::Poisson && w.rate * duration < 1.0)
            warn("workload.requests.rate", formatRate(w.rate) + " over the run's " +
                                               formatDuration(duration) + " brings " +
                                               formatNumber(w.rate * duration) +
                                               " requests on average: the run may see none");
        if (w.kind != RequestWorkloadKind::None || mS.workload.deployments.empty())
            return;
        for (const DeploymentStream &d : mS.workload.deployments) {
            const double first =
                d.arrival == PodArrivalKind::At
                    ? (d.at.empty() ? duration : *std::min_element(d.at.begin(), d.at.end()))
                    : d.start;
            if (first < duration)
                return;
        }
        warn("workload", "nothing arrives within the run's " + formatDuration(duration) +
                             ": no request kind, and every deployment stream's first pod "
                             "arrives later");
    }

    const Scenario &mS;
    Topology mTopology;
    std::vector<ScenarioError> mOut;
    std::set<int> mUnplaceable;
    std::set<std::pair<int, int>> mNoVariant; ///< {site, service}
};

} // namespace

std::vector<ScenarioError> scenarioWarnings(const Scenario &scenario)
{
    return Warnings(scenario).run();
}

} // namespace schedlab
