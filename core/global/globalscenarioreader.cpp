// SPDX-License-Identifier: GPL-3.0-or-later
#include "global/globalscenarioreader.h"

#include "scenario/loadtextfile.h"
#include "scenario/yamlreader.h"

#include <algorithm>
#include <cmath>

namespace schedlab::global {

namespace {
using detail::Field;
using detail::MapReader;
using detail::ReadContext;

constexpr double kMiB = 1024.0 * 1024.0;

/** Reads `key` if present and reports a value outside [lo, hi] at its position. */
template <typename T>
void ranged(ReadContext &ctx, const MapReader &m, const std::string &key, T &out, T lo, T hi,
            const std::string &what)
{
    const auto f = m.get(key);
    if (!f)
        return;
    bool ok = false;
    if constexpr (std::is_same_v<T, int>)
        ok = detail::readInt(ctx, *f, out);
    else
        ok = detail::readQuantity(ctx, *f, Dimension::Ratio, out);
    if (ok && (out < lo || out > hi))
        ctx.error(f->mark, f->path, "expected " + what);
}

void positive(ReadContext &ctx, const MapReader &m, const std::string &key, Dimension d,
              double &out, bool zeroAllowed = false)
{
    const auto f = m.get(key);
    if (f && detail::readQuantity(ctx, *f, d, out) && (out < 0.0 || (!zeroAllowed && out == 0.0)))
        ctx.error(f->mark, f->path,
                  zeroAllowed ? "expected zero or more" : "expected more than zero");
}

std::uint8_t readStorage(ReadContext &ctx, const Field &f)
{
    std::uint8_t bits = 0;
    auto one = [&](const Field &item) {
        std::uint8_t b = 0;
        if (detail::readEnum<std::uint8_t>(ctx, item,
                                           {{"ssd", kSsd}, {"sas", kSas}, {"sata", kSata}}, b))
            bits |= b;
    };
    if (f.node.IsSequence())
        detail::forEachItem(ctx, f, [&](int, const Field &item) { one(item); });
    else
        one(f);
    return bits;
}

void readResources(ReadContext &ctx, const MapReader &m, Resources &out)
{
    positive(ctx, m, "cpu", Dimension::Cpu, out[Cpu], true);
    double bytes = out[Memory] * kMiB;
    positive(ctx, m, "memory", Dimension::Size, bytes, true);
    out[Memory] = bytes / kMiB;
    ranged(ctx, m, "gpu", out[Gpu], 0.0, 1024.0, "a gpu count from 0 to 1024");
}

void readProfiles(ReadContext &ctx, const Field &f, std::vector<ClusterProfile> &out)
{
    out.clear();
    detail::forEachItem(ctx, f, [&](int, const Field &item) {
        ClusterProfile p;
        MapReader m(ctx, item,
                    {"name", "kind", "weight", "nodes", "cpu", "memory", "gpu", "storage",
                     "energy_efficiency"});
        if (!m.valid())
            return;
        m.string("name", p.name);
        if (const auto k = m.get("kind"))
            detail::readEnum<ClusterKind>(
                ctx, *k, {{"edge", ClusterKind::EdgeSite}, {"dc", ClusterKind::DataCenter}},
                p.kind);
        positive(ctx, m, "weight", Dimension::Ratio, p.weight, true);
        ranged(ctx, m, "nodes", p.nodes, 1, 100000, "from 1 to 100000 nodes");
        p.node = Resources{};
        const bool cpu = m.require("cpu", "each node's cores").has_value();
        const bool memory = m.require("memory", "each node's memory").has_value();
        if (cpu && memory)
            readResources(ctx, m, p.node);
        if (const auto s = m.get("storage"))
            p.storage = readStorage(ctx, *s);
        ranged(ctx, m, "energy_efficiency", p.energyEfficiency, 0.0, 1.0, "a value from 0 to 1");
        out.push_back(p);
    });
    double total = 0.0;
    for (const ClusterProfile &p : out)
        total += p.weight;
    if (total <= 0.0)
        ctx.error(f.mark, f.path, "expected at least one cluster profile with a weight above zero");
}

void readFlavors(ReadContext &ctx, const Field &f, std::vector<RequestFlavor> &out)
{
    out.clear();
    detail::forEachItem(ctx, f, [&](int, const Field &item) {
        RequestFlavor fl;
        MapReader m(ctx, item, {"name", "weight", "cpu", "memory", "gpu", "storage"});
        if (!m.valid())
            return;
        m.string("name", fl.name);
        positive(ctx, m, "weight", Dimension::Ratio, fl.weight, true);
        const bool cpu = m.require("cpu", "the request's cores").has_value();
        const bool memory = m.require("memory", "the request's memory").has_value();
        if (cpu && memory)
            readResources(ctx, m, fl.demand);
        if (const auto s = m.get("storage"))
            fl.storage = readStorage(ctx, *s);
        out.push_back(fl);
    });
    double total = 0.0;
    for (const RequestFlavor &fl : out)
        total += fl.weight;
    if (total <= 0.0)
        ctx.error(f.mark, f.path, "expected at least one request flavor with a weight above zero");
}

void readWeights(ReadContext &ctx, const MapReader &m, const std::string &key, int count,
                 const std::string &countKey, std::vector<double> &out)
{
    const auto f = m.get(key);
    if (!f)
        return;
    out.clear();
    detail::forEachItem(ctx, *f, [&](int, const Field &item) {
        double w = 0.0;
        if (detail::readQuantity(ctx, item, Dimension::Ratio, w) && w < 0.0)
            ctx.error(item.mark, item.path, "expected a weight of zero or more");
        out.push_back(w);
    });
    double total = 0.0;
    for (double w : out)
        total += w;
    if (!out.empty() && total <= 0.0)
        ctx.error(f->mark, f->path, "expected at least one weight above zero");
    if (int(out.size()) != count)
        ctx.error(f->mark, f->path,
                  "expected one weight per " + countKey + " (" + std::to_string(count) + "), got " +
                      std::to_string(out.size()));
}

void readGlobal(ReadContext &ctx, const Field &f, GlobalScenario &s)
{
    MapReader m(ctx, f,
                {"duration",
                 "drain",
                 "clusters",
                 "regions",
                 "zones_per_region",
                 "profiles",
                 "prefill_min",
                 "prefill_max",
                 "health_min",
                 "rate",
                 "direct_rate",
                 "lifetime",
                 "geo_fraction",
                 "region_fraction",
                 "affinity_fraction",
                 "anti_affinity_fraction",
                 "flavors",
                 "tenants",
                 "tenant_weights",
                 "priorities",
                 "priority_weights",
                 "schedulers",
                 "collection_period",
                 "mapper_period",
                 "mapper_tolerance",
                 "cost",
                 "conflict_avoidance",
                 "forward_threshold",
                 "queue",
                 "tenant_queue_limit",
                 "starvation_age",
                 "max_attempts",
                 "patience",
                 "weights"});
    if (!m.valid())
        return;
    positive(ctx, m, "duration", Dimension::Duration, s.duration);
    positive(ctx, m, "drain", Dimension::Duration, s.drain, true);
    ranged(ctx, m, "clusters", s.clusters, 1, 1000000, "from 1 to 1000000 clusters");
    ranged(ctx, m, "regions", s.regions, 1, 10000, "from 1 to 10000 regions");
    ranged(ctx, m, "zones_per_region", s.zonesPerRegion, 1, 10000, "from 1 to 10000 zones");
    if (const auto p = m.get("profiles"))
        readProfiles(ctx, *p, s.profiles);
    ranged(ctx, m, "prefill_min", s.prefillMin, 0.0, 1.0, "a fraction from 0 to 1");
    ranged(ctx, m, "prefill_max", s.prefillMax, 0.0, 1.0, "a fraction from 0 to 1");
    if (s.prefillMax < s.prefillMin)
        if (const auto p = m.get("prefill_max"))
            ctx.error(p->mark, p->path, "expected at least prefill_min");
    ranged(ctx, m, "health_min", s.healthMin, 0.0, 1.0, "a value from 0 to 1");
    positive(ctx, m, "rate", Dimension::Rate, s.rate);
    positive(ctx, m, "direct_rate", Dimension::Rate, s.directRate, true);
    positive(ctx, m, "lifetime", Dimension::Duration, s.lifetime);
    for (auto [key, out] : {std::pair{"geo_fraction", &s.geoFraction},
                            {"region_fraction", &s.regionFraction},
                            {"affinity_fraction", &s.affinityFraction},
                            {"anti_affinity_fraction", &s.antiAffinityFraction}})
        ranged(ctx, m, key, *out, 0.0, 1.0, "a fraction from 0 to 1");
    if (const auto p = m.get("flavors"))
        readFlavors(ctx, *p, s.flavors);
    ranged(ctx, m, "tenants", s.tenants, 1, 100000, "from 1 to 100000 tenants");
    readWeights(ctx, m, "tenant_weights", s.tenants, "tenant", s.tenantWeights);
    ranged(ctx, m, "priorities", s.priorities, 1, 16, "from 1 to 16 priority levels");
    readWeights(ctx, m, "priority_weights", s.priorities, "priority level", s.priorityWeights);
    ranged(ctx, m, "schedulers", s.schedulers, 1, 4096, "from 1 to 4096 schedulers");
    positive(ctx, m, "collection_period", Dimension::Duration, s.collectionPeriod);
    positive(ctx, m, "mapper_period", Dimension::Duration, s.mapperPeriod);
    positive(ctx, m, "mapper_tolerance", Dimension::Ratio, s.mapperTolerance, true);
    if (const auto c = m.get("cost")) {
        MapReader cm(ctx, *c, {"base", "per_cluster", "per_node", "cluster_rtt"});
        positive(ctx, cm, "base", Dimension::Duration, s.cost.base, true);
        positive(ctx, cm, "per_cluster", Dimension::Duration, s.cost.perCluster, true);
        positive(ctx, cm, "per_node", Dimension::Duration, s.cost.perNode, true);
        positive(ctx, cm, "cluster_rtt", Dimension::Duration, s.cost.clusterRtt, true);
    }
    if (const auto a = m.get("conflict_avoidance"))
        detail::readEnum<ConflictAvoidance>(ctx, *a,
                                            {{"forward", ConflictAvoidance::Forward},
                                             {"threshold", ConflictAvoidance::Threshold},
                                             {"none", ConflictAvoidance::None}},
                                            s.avoidance);
    positive(ctx, m, "forward_threshold", Dimension::Ratio, s.forwardThreshold, true);
    if (const auto q = m.get("queue"))
        detail::readEnum<QueueDiscipline>(
            ctx, *q, {{"fair", QueueDiscipline::Fair}, {"fifo", QueueDiscipline::Fifo}},
            s.discipline);
    ranged(ctx, m, "tenant_queue_limit", s.tenantQueueLimit, 0, 100000000,
           "0 (no limit) or more queued requests");
    positive(ctx, m, "starvation_age", Dimension::Duration, s.starvationAge);
    ranged(ctx, m, "max_attempts", s.maxAttempts, 1, 1000, "from 1 to 1000 attempts");
    positive(ctx, m, "patience", Dimension::Duration, s.patience, true);
    // Limits that keep a run within memory and time: a typo must not hang or crash.
    auto tooLarge = [&](const char *key, double value, double limit, const std::string &what) {
        if (value > limit)
            if (const auto at = m.get(key))
                ctx.error(at->mark, at->path,
                          what + " is too large (" + std::to_string(std::llround(value)) +
                              ", at most " + std::to_string(std::llround(limit)) + ")");
    };
    int largest = 0;
    for (const ClusterProfile &p : s.profiles)
        largest = std::max(largest, p.nodes);
    tooLarge("clusters", double(s.clusters) * largest, 2e7,
             "clusters x nodes of the largest profile");
    tooLarge("zones_per_region", double(s.regions) * s.zonesPerRegion, 1e6,
             "regions x zones_per_region");
    tooLarge("rate", s.rate * s.duration, kMaxGlobalRequests, "rate x duration (requests)");
    tooLarge("direct_rate", s.directRate * s.duration, kMaxGlobalRequests,
             "direct_rate x duration (requests)");
    tooLarge("collection_period", (s.duration + s.drain) / s.collectionPeriod, 1e7,
             "(duration + drain) / collection_period");
    tooLarge("mapper_period", (s.duration + s.drain) / s.mapperPeriod, 1e7,
             "(duration + drain) / mapper_period");
    if (const auto w = m.get("weights")) {
        MapReader wm(ctx, *w, {"capacity", "equivalence", "health", "energy"});
        positive(ctx, wm, "capacity", Dimension::Ratio, s.weights.capacity, true);
        positive(ctx, wm, "equivalence", Dimension::Ratio, s.weights.equivalence, true);
        positive(ctx, wm, "health", Dimension::Ratio, s.weights.health, true);
        positive(ctx, wm, "energy", Dimension::Ratio, s.weights.energy, true);
    }
}

void readDocument(ReadContext &ctx, const YAML::Node &root, GlobalScenario &out)
{
    const YAML::Mark start = root.Mark().line >= 0 ? root.Mark() : YAML::Mark();
    const Field top{root, "", start};
    ctx.remember("", start);
    if (!root.IsMap()) {
        ctx.error(start, "", "expected a map at the top level, got " + detail::describeNode(root));
        return;
    }
    MapReader m(ctx, top, {"schedlab", "name", "description", "seed", "global"});
    if (const auto v = m.require("schedlab", "the schema version; write `schedlab: 1`")) {
        int schema = 1;
        if (detail::readInt(ctx, *v, schema) && schema != 1)
            ctx.error(v->mark, v->path,
                      "unsupported schema version " + std::to_string(schema) +
                          "; this SchedLab reads schema 1");
    }
    if (m.require("name"))
        m.string("name", out.name);
    m.string("description", out.description);
    if (const auto v = m.get("seed"))
        detail::readUint64(ctx, *v, out.seed);
    if (const auto g = m.require("global", "the multi-cluster model"))
        readGlobal(ctx, *g, out);
}

} // namespace

GlobalScenarioLoad loadGlobalScenarioText(const std::string &yaml, const std::string &fileName)
{
    if (!isValidUtf8(yaml)) {
        GlobalScenarioLoad load;
        load.errors.push_back(utf8Error(yaml, fileName));
        return load;
    }
    ReadContext ctx(fileName);
    GlobalScenario scenario = defaultGlobalScenario();
    try {
        const YAML::Node root = detail::loadOneDocument(ctx, yaml);
        readDocument(ctx, root, scenario);
    } catch (const YAML::Exception &e) {
        ctx.error(e.mark, "", "YAML syntax error: " + e.msg);
    } catch (const std::exception &e) {
        ctx.error(YAML::Mark::null_mark(), "", std::string("cannot read YAML: ") + e.what());
    }
    GlobalScenarioLoad load;
    load.errors = std::move(ctx.errors());
    if (load.errors.empty())
        load.scenario = std::move(scenario);
    return load;
}

GlobalScenarioLoad loadGlobalScenarioFile(const std::string &path)
{
    return loadTextFile<GlobalScenarioLoad>(path,
                                            [](const std::string &text, const std::string &file) {
                                                return loadGlobalScenarioText(text, file);
                                            });
}

bool isGlobalScenarioText(const std::string &yaml)
{
    try {
        const YAML::Node root = YAML::Load(yaml);
        // A sweep preset names its architectures under `global:` too.
        return root.IsMap() && root["global"].IsDefined() && !root["sweep"].IsDefined();
    } catch (const std::exception &) {
        return false;
    }
}

bool isGlobalScenarioFile(const std::string &path)
{
    std::string why;
    const auto text = readTextFile(path, &why);
    return text && isGlobalScenarioText(*text);
}

} // namespace schedlab::global
