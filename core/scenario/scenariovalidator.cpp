// SPDX-License-Identifier: GPL-3.0-or-later
// Semantic checks of a scenario model (references, ranges, duplicate names). The
// loader runs them after reading and locates each error by its key path.
#include "base/suggest.h"
#include "model/arch.h"
#include "registry/buildpolicies.h"
#include "scenario/fieldschema.h"
#include "scenario/metrickeys.h"
#include "scenario/scenarioio.h"
#include "scenario/units.h"
#include "scenario/validationchecks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace schedlab {

namespace {

using detail::kMaxGroupCount;
using detail::kMaxNameLength;
/** Limits on a whole scenario, checked before anything is built from it. */
constexpr long long kMaxNodes = 100000;
constexpr std::size_t kMaxServices = 10000;
constexpr int kMaxReplicas = 100000;
constexpr std::size_t kMaxDescriptionLength = 65536;

class Validator : detail::ValidationChecks
{
public:
    Validator(const Scenario &s, std::vector<ScenarioError> &errors, double runDuration)
        : ValidationChecks(s, errors), mRunDuration(runDuration)
    {
    }

    void run()
    {
        if (mS.name.empty())
            add("name", "must not be empty");
        else if (const std::string problem = nameProblem(mS.name); !problem.empty())
            add("name", problem);
        if (mS.description.size() > kMaxDescriptionLength)
            add("description", "is " + std::to_string(mS.description.size()) +
                                   " characters long; at most " +
                                   std::to_string(kMaxDescriptionLength) + " are kept");
        checkTime();
        checkNetwork();
        checkImages();
        checkServices();
        checkSites();
        checkScalars("central_dispatch", centralDispatchSchema(), mS.centralDispatch);
        checkLinks();
        detail::checkWorkload(mS, mErrors);
        checkPolicies();
        checkScalars("policies.kais", kaisSchema(), mS.policies.kais);
        checkKaisChoices();
        checkLayout();
    }

private:
    /** The named readings of KaiS's training (KaisParameters): one of their values. */
    void checkKaisChoices()
    {
        const KaisParameters &k = mS.policies.kais;
        const std::pair<const char *, std::pair<const std::string *, std::vector<std::string>>>
            choices[] = {
                {"encoder", {&k.encoder, {"gnn", "stacking"}}},
                {"advantage", {&k.advantage, {"td", "standardised"}}},
                {"critic", {&k.critic, {"per-eap", "shared"}}},
                {"state_scale", {&k.stateScale, {"squashed", "raw"}}},
                {"violations", {&k.violations, {"slot", "dispatched"}}},
                {"xi_unit", {&k.xiUnit, {"percent", "fraction"}}},
                {"curriculum", {&k.curriculum, {"short", "light", "poisson-first", "none"}}},
                {"gpg_baseline", {&k.gpgBaseline, {"remaining", "index"}}}};
        for (const auto &[key, choice] : choices) {
            const auto &[value, known] = choice;
            if (std::find(known.begin(), known.end(), *value) == known.end())
                add(std::string("policies.kais.") + key, "expected " + joinAlternatives(known) +
                                                             ", got '" + *value + "'" +
                                                             didYouMean(*value, known));
        }
    }

    double mRunDuration;                        ///< > 0: the run's, not the file's time.duration
    std::map<std::string, std::string> mPlaces; ///< site and eAP names -> path

    void checkArch(const std::string &path, const std::string &arch)
    {
        const std::vector<std::string> &known = knownArches();
        if (arch.empty() || std::find(known.begin(), known.end(), arch) != known.end())
            return;
        const std::string kubernetes = kubernetesArchFor(arch);
        add(path, "unknown arch '" + arch + "'" +
                      (kubernetes.empty() ? didYouMean(arch, known)
                                          : "; Kubernetes calls it '" + kubernetes + "'") +
                      "; known: " + joinAlternatives(known));
    }
    void checkLink(const std::string &path, const LinkSpec &l)
    {
        checkScalars(path, linkSchema(), l);
    }

    void checkTime()
    {
        const TimeConfig &t = mS.time;
        positive("time.slot", t.slot, Dimension::Duration);
        if (t.frame < 1)
            add("time.frame", "must be at least 1 slot, got " + std::to_string(t.frame));
        positive("time.duration", t.duration, Dimension::Duration);
        if (t.dispatchPerSlot < 0)
            add("time.dispatch_per_slot",
                "must be >= 0 (or 'all'), got " + std::to_string(t.dispatchPerSlot));
        // With a run of its own the caller checks that run's length (naming its
        // option); what one slot brings is the file's either way.
        if (const auto problem = runSizeProblem(mS, mRunDuration > 0 ? mS.time.slot : 0.0))
            add(problem->key, problem->message);
    }

    void checkNetwork()
    {
        checkLink("network.access", mS.network.access);
        checkLink("network.lan", mS.network.lan);
        checkLink("network.wan", mS.network.wan);
        std::set<std::string> seen;
        for (const LayerSpec &l : mS.layers) {
            const std::string path = "layers." + l.digest;
            if (l.digest.empty())
                add("layers", "a layer name must not be empty");
            else if (!seen.insert(l.digest).second)
                add(path, "duplicate layer name '" + l.digest + "'");
            nonNegative(path, l.size, Dimension::Size);
        }
    }

    void checkImages()
    {
        std::set<std::string> names;
        std::set<std::string> perArch;
        for (std::size_t i = 0; i < mS.images.size(); ++i) {
            const ImageSpec &image = mS.images[i];
            const std::string path = "images[" + std::to_string(i) + "]";
            named(path, image.name, names, "image");
            if (image.variants.empty())
                add(path + ".variants", "an image needs at least one variant {arch, layers}");
            std::set<std::string> arches;
            for (std::size_t v = 0; v < image.variants.size(); ++v) {
                const ImageVariant &variant = image.variants[v];
                const std::string vp = path + ".variants[" + std::to_string(v) + "]";
                if (variant.arch.empty())
                    add(vp + ".arch", "must not be empty");
                else if (!arches.insert(variant.arch).second)
                    add(vp + ".arch", "duplicate variant for arch '" + variant.arch + "'");
                checkArch(vp + ".arch", variant.arch);
                if (!image.index && variant.name.empty())
                    add(vp + ".name", "an image without an index (index: false) needs a "
                                      "per-arch image name for each variant");
                else if (!image.index && variant.name != image.name) {
                    if (mS.image(variant.name))
                        add(vp + ".name", "per-arch name '" + variant.name +
                                              "' is already the name of another image");
                    else if (!perArch.insert(variant.name).second)
                        add(vp + ".name",
                            "per-arch name '" + variant.name + "' is used by another variant");
                }
                for (std::size_t l = 0; l < variant.layers.size(); ++l) {
                    const std::string lp = vp + ".layers[" + std::to_string(l) + "]";
                    if (variant.layers[l].digest.empty())
                        add(lp + ".digest", "must not be empty");
                    nonNegative(lp + ".size", variant.layers[l].size, Dimension::Size);
                }
            }
        }
    }

    /** A service's image needs a variant some node can run, or nothing would ever serve. */
    void checkRunnable(const std::string &path, const ImageSpec &image)
    {
        std::set<std::string> nodeArches;
        for (const SiteSpec &site : mS.sites) {
            for (const EapSpec &eap : site.eaps)
                for (const NodeSpec &n : eap.nodes)
                    nodeArches.insert(n.arch);
            for (const NodeSpec &n : site.nodes)
                nodeArches.insert(n.arch);
        }
        std::vector<std::string> imageArches;
        for (const ImageVariant &v : image.variants) {
            if (nodeArches.count(v.arch))
                return;
            imageArches.push_back(v.arch);
        }
        if (nodeArches.empty() || imageArches.empty())
            return; // said elsewhere: no node, or an image without variants
        add(path, "image '" + image.name +
                      "' has no variant for any node's arch: it is built for " +
                      joinAlternatives(imageArches) + ", the nodes are " +
                      joinAlternatives({nodeArches.begin(), nodeArches.end()}));
    }

    void checkServices()
    {
        std::vector<std::string> images;
        for (const ImageSpec &i : mS.images)
            images.push_back(i.name);
        std::set<std::string> names;
        if (mS.services.size() > kMaxServices) {
            add("services", std::to_string(mS.services.size()) +
                                " services; a scenario has at most " +
                                std::to_string(kMaxServices));
            return;
        }
        if (mS.services.empty() && mS.workload.requests.kind != RequestWorkloadKind::None)
            add("services", "requests arrive (workload.requests) but no service is there to "
                            "serve them: add a service, or set workload.requests.kind: none");
        for (std::size_t i = 0; i < mS.services.size(); ++i) {
            const ServiceSpec &s = mS.services[i];
            const std::string path = "services[" + std::to_string(i) + "]";
            named(path, s.name, names, "service");
            if (s.image.empty())
                add(path + ".image", "must name an image");
            else if (!mS.image(s.image))
                add(path + ".image",
                    "unknown image '" + s.image + "'" + didYouMean(s.image, images) +
                        "; known images: " + (images.empty() ? "none" : joinAlternatives(images)));
            else
                checkRunnable(path + ".image", *mS.image(s.image));
            positive(path + ".replica.cpu", s.replicaCpu, Dimension::Cpu);
            positive(path + ".replica.memory", s.replicaMemory, Dimension::Size);
            checkDistribution(path + ".request.work", s.work, Dimension::Duration);
            checkDistribution(path + ".request.size", s.size, Dimension::Size);
            checkDistribution(path + ".request.deadline", s.deadline, Dimension::Duration);
            if (distributionProblem(s.deadline, Dimension::Duration).empty() &&
                !(s.deadline.mean() > 0))
                add(path + ".request.deadline",
                    "must be longer than 0s: every request would miss it as it arrives");
            checkDistribution(path + ".request.cpu", s.requestCpu, Dimension::Cpu);
            checkDistribution(path + ".request.memory", s.requestMemory, Dimension::Size);
            for (int m = 0; m < kMetricCount; ++m)
                nonNegative(path + ".profile." + kMetricKeys[m], s.profile[m], Dimension::Ratio);
            positive(path + ".perf_base", s.perfBase, Dimension::Ratio);
            const ReplicaBounds &r = s.replicas;
            if (r.max > kMaxReplicas)
                add(path + ".replicas.max", "must be at most " + std::to_string(kMaxReplicas) +
                                                ", got " + std::to_string(r.max));
            else if (r.min < 0)
                add(path + ".replicas.min", "must not be negative, got " + std::to_string(r.min));
            else if (r.min > r.max)
                add(path + ".replicas.max",
                    "max " + std::to_string(r.max) + " is below min " + std::to_string(r.min));
            else if (r.edge < r.min || r.edge > r.max)
                add(path + ".replicas.edge", "initial edge replicas " + std::to_string(r.edge) +
                                                 " must lie between min " + std::to_string(r.min) +
                                                 " and max " + std::to_string(r.max));
        }
    }

    void checkNode(const std::string &path, const NodeSpec &n,
                   std::map<std::string, std::string> &nodeNames)
    {
        checkScalars(path, nodeSchema(), n);
        checkArch(path + ".arch", n.arch);
        if (const std::string problem = nameProblem(n.name); !problem.empty())
            add(path + ".name", problem);
        if (n.systemCpu >= n.cpu && n.cpu > 0)
            add(path + ".system_cpu", "the node's own use " + formatCpu(n.systemCpu) +
                                          " leaves nothing of its " + formatCpu(n.cpu));
        if (n.systemMemory >= n.memory && n.memory > 0)
            add(path + ".system_memory", "the node's own use " + formatSize(n.systemMemory) +
                                             " leaves nothing of its " + formatSize(n.memory));
        if (n.count < 1)
            add(path + ".count", "must be at least 1, got " + std::to_string(n.count));
        else if (n.count > kMaxGroupCount)
            add(path + ".count", "must be at most " + std::to_string(kMaxGroupCount) + ", got " +
                                     std::to_string(n.count));
        else if (!n.name.empty())
            for (int i = 1; i <= n.count; ++i) {
                const std::string name = n.nameOf(i);
                const auto [it, fresh] = nodeNames.emplace(name, path);
                if (!fresh) {
                    add(path + ".name", "duplicate node name '" + name + "'" +
                                            (it->second == path ? std::string(" within this group")
                                                                : " (also in " + it->second + ")"));
                    break;
                }
            }
        std::vector<std::string> services;
        for (const ServiceSpec &s : mS.services)
            services.push_back(s.name);
        for (const auto &[service, replicas] : n.hosts) {
            const std::string hp = path + ".hosts." + service;
            if (!mS.service(service))
                add(hp, "unknown service '" + service + "'" + didYouMean(service, services));
            if (replicas < 1)
                add(hp, "pinned replicas must be at least 1, got " + std::to_string(replicas));
        }
        for (std::size_t t = 0; t < n.taints.size(); ++t) {
            const Taint &taint = n.taints[t];
            const std::string tp = path + ".taints[" + std::to_string(t) + "]";
            if (taint.key.empty())
                add(tp + ".key", "must not be empty");
            if (taint.effect != "NoSchedule" && taint.effect != "PreferNoSchedule" &&
                taint.effect != "NoExecute")
                add(tp + ".effect", "expected NoSchedule, PreferNoSchedule or NoExecute, got '" +
                                        taint.effect + "'");
        }
    }

    void checkSites()
    {
        long long nodes = 0, edgeNodes = 0;
        for (const SiteSpec &site : mS.sites) {
            for (const EapSpec &eap : site.eaps)
                for (const NodeSpec &n : eap.nodes) {
                    const int count = std::clamp(n.count, 0, kMaxGroupCount);
                    nodes += count;
                    edgeNodes += site.kind == SiteKind::Edge ? count : 0;
                }
            for (const NodeSpec &n : site.nodes)
                nodes += std::clamp(n.count, 0, kMaxGroupCount);
        }
        if (nodes > kMaxNodes) {
            add("sites", std::to_string(nodes) + " nodes; a scenario has at most " +
                             std::to_string(kMaxNodes));
            return;
        }
        if (edgeNodes == 0)
            add("sites", "no edge node: a scenario needs an edge site with an eAP that has nodes "
                         "(sites[i].eaps[j].nodes)");
        std::set<std::string> siteNames;
        std::map<std::string, std::string> nodeNames;
        const auto place = [&](const std::string &path, const std::string &name,
                               const std::string &what) {
            if (name.empty()) {
                add(path + ".name", "must not be empty");
                return;
            }
            if (const std::string problem = nameProblem(name); !problem.empty()) {
                add(path + ".name", problem);
                return;
            }
            const auto [it, fresh] = mPlaces.emplace(name, path);
            if (!fresh)
                add(path + ".name",
                    "duplicate " + what + " name '" + name + "' (also used by " + it->second + ")");
        };
        for (std::size_t i = 0; i < mS.sites.size(); ++i) {
            const SiteSpec &site = mS.sites[i];
            const std::string path = "sites[" + std::to_string(i) + "]";
            place(path, site.name, "site");
            checkScalars(path, siteSchema(), site);
            if (site.kind == SiteKind::Edge && !site.nodes.empty())
                add(path + ".nodes", "an edge site's nodes belong to its eAPs: move them under " +
                                         path + ".eaps[...].nodes");
            if (site.kind == SiteKind::Cloud && !site.eaps.empty())
                add(path + ".eaps",
                    "a cloud site has no eAPs; list its nodes under " + path + ".nodes");
            for (std::size_t e = 0; e < site.eaps.size(); ++e) {
                const std::string ep = path + ".eaps[" + std::to_string(e) + "]";
                place(ep, site.eaps[e].name, "eAP");
                for (std::size_t n = 0; n < site.eaps[e].nodes.size(); ++n)
                    checkNode(ep + ".nodes[" + std::to_string(n) + "]", site.eaps[e].nodes[n],
                              nodeNames);
            }
            for (std::size_t n = 0; n < site.nodes.size(); ++n)
                checkNode(path + ".nodes[" + std::to_string(n) + "]", site.nodes[n], nodeNames);
        }
    }

    void checkLinks()
    {
        std::vector<std::string> places;
        for (const auto &[name, path] : mPlaces)
            places.push_back(name);
        for (std::size_t i = 0; i < mS.links.size(); ++i) {
            const LinkOverride &l = mS.links[i];
            const std::string path = "links[" + std::to_string(i) + "]";
            for (const auto &[key, name] : {std::pair{"from", &l.from}, std::pair{"to", &l.to}})
                if (!mPlaces.count(*name))
                    add(path + "." + key,
                        "'" + *name + "' names no eAP or site" + didYouMean(*name, places));
            if (!l.from.empty() && l.from == l.to)
                add(path + ".to", "a link needs two different ends");
            checkLink(path, l.link);
        }
    }

    /** Layout keys name sites, eAPs or node groups (as written, templates included). */
    void checkLayout()
    {
        std::vector<std::string> names;
        for (const SiteSpec &site : mS.sites) {
            names.push_back(site.name);
            for (const EapSpec &eap : site.eaps) {
                names.push_back(eap.name);
                for (const NodeSpec &n : eap.nodes)
                    names.push_back(n.name);
            }
            for (const NodeSpec &n : site.nodes)
                names.push_back(n.name);
        }
        for (const auto &[name, at] : mS.layout) {
            if (std::find(names.begin(), names.end(), name) == names.end())
                add("layout." + name,
                    "'" + name + "' names no site, eAP or node group" + didYouMean(name, names));
            else if (!std::isfinite(at.x) || !std::isfinite(at.y))
                add("layout." + name, "a canvas position must be finite");
        }
    }

    /** Names and weights against the registry, as a run would build them. */
    void checkPolicies()
    {
        for (const auto &[plugin, weight] : mS.policies.placementWeights)
            nonNegative("policies.placement_weights." + plugin, weight, Dimension::Ratio);
        if (const std::optional<int> p = mS.policies.percentageOfNodesToScore;
            p && (*p < 0 || *p > 100))
            add("policies.percentage_of_nodes_to_score",
                "must lie in [0, 100] (a percentage of the nodes; 0 = kube-scheduler's adaptive "
                "50 - nodes/125, at least 5), got " +
                    std::to_string(*p));
        for (const PolicyProblem &p : policyProblems(mS.policies))
            add(p.keyPath, p.message);
    }
};

} // namespace

std::vector<ScenarioError> validateScenario(const Scenario &scenario, double runDuration)
{
    std::vector<ScenarioError> errors;
    Validator(scenario, errors, runDuration).run();
    return errors;
}

} // namespace schedlab
