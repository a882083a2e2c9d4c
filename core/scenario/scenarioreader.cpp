// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioreader.h"

#include "base/suggest.h"
#include "scenario/loadtextfile.h"
#include "scenario/metrickeys.h"
#include "scenario/scenarioio.h"

#include <yaml-cpp/depthguard.h>

#include <algorithm>

namespace schedlab {

namespace detail {

namespace {
void readLink(ReadContext &ctx, const Field &f, LinkSpec &out)
{
    MapReader m(ctx, f, linkSchema().keys());
    readScalars(m, linkSchema(), out);
}

void readTime(ReadContext &ctx, const Field &f, TimeConfig &out)
{
    MapReader m(ctx, f, {"slot", "frame", "duration", "dispatch_per_slot"});
    m.quantity("slot", Dimension::Duration, out.slot);
    m.integer("frame", out.frame);
    m.quantity("duration", Dimension::Duration, out.duration);
    if (const auto d = m.get("dispatch_per_slot")) {
        if (d->node.IsScalar() && d->node.Scalar() == "all")
            out.dispatchPerSlot = 0;
        else if (d->node.IsScalar() &&
                 d->node.Scalar().find_first_not_of("+-0123456789") == std::string::npos)
            readInt(ctx, *d, out.dispatchPerSlot);
        else
            ctx.error(d->mark, d->path,
                      "expected an integer or 'all', got " + describeNode(d->node));
    }
}

void readNetwork(ReadContext &ctx, const Field &f, NetworkConfig &out)
{
    MapReader m(ctx, f, {"access", "lan", "wan"});
    if (const auto l = m.get("access"))
        readLink(ctx, *l, out.access);
    if (const auto l = m.get("lan"))
        readLink(ctx, *l, out.lan);
    if (const auto l = m.get("wan"))
        readLink(ctx, *l, out.wan);
}

void readLayers(ReadContext &ctx, const Field &f, std::vector<LayerSpec> &out)
{
    forEachEntry(ctx, f, [&](const std::string &name, const Field &size) {
        LayerSpec layer{name, 0.0};
        readQuantity(ctx, size, Dimension::Size, layer.size);
        out.push_back(layer);
    });
}

void readLayerRef(ReadContext &ctx, const Field &f, const std::vector<LayerSpec> &named,
                  LayerSpec &out)
{
    if (f.node.IsScalar()) {
        const std::string &name = f.node.Scalar();
        std::vector<std::string> names;
        for (const LayerSpec &l : named) {
            names.push_back(l.digest);
            if (l.digest == name) {
                out = l;
                return;
            }
        }
        out.digest = name;
        ctx.error(f.mark, f.path,
                  "unknown layer '" + name + "'" + didYouMean(name, names) +
                      "; name a layer of the top-level `layers` map or write "
                      "{digest: ..., size: ...}");
        return;
    }
    if (!f.node.IsMap()) {
        ctx.error(f.mark, f.path,
                  "expected a layer name or {digest, size}, got " + describeNode(f.node));
        return;
    }
    MapReader m(ctx, f, {"digest", "size"});
    if (m.require("digest"))
        m.string("digest", out.digest);
    if (m.require("size"))
        m.quantity("size", Dimension::Size, out.size);
}

void readImages(ReadContext &ctx, const Field &f, const std::vector<LayerSpec> &named,
                std::vector<ImageSpec> &out)
{
    forEachItem(ctx, f, [&](int, const Field &item) {
        ImageSpec &image = out.emplace_back();
        MapReader m(ctx, item, {"name", "index", "variants"});
        if (m.require("name"))
            m.string("name", image.name);
        m.boolean("index", image.index);
        if (const auto variants = m.get("variants"))
            forEachItem(ctx, *variants, [&](int, const Field &vf) {
                ImageVariant &v = image.variants.emplace_back();
                MapReader vm(ctx, vf, {"arch", "name", "layers"});
                if (vm.require("arch"))
                    vm.string("arch", v.arch);
                vm.string("name", v.name);
                if (const auto layers = vm.get("layers"))
                    forEachItem(ctx, *layers, [&](int, const Field &lf) {
                        readLayerRef(ctx, lf, named, v.layers.emplace_back());
                    });
            });
    });
}

void readServices(ReadContext &ctx, const Field &f, std::vector<ServiceSpec> &out)
{
    forEachItem(ctx, f, [&](int, const Field &item) {
        ServiceSpec &s = out.emplace_back();
        MapReader m(ctx, item,
                    {"name", "image", "replica", "request", "profile", "perf_base", "replicas"});
        if (m.require("name"))
            m.string("name", s.name);
        if (m.require("image"))
            m.string("image", s.image);
        if (const auto r = m.get("replica")) {
            MapReader rm(ctx, *r, {"cpu", "memory"});
            rm.quantity("cpu", Dimension::Cpu, s.replicaCpu);
            rm.quantity("memory", Dimension::Size, s.replicaMemory);
        }
        if (const auto r = m.get("request")) {
            MapReader rm(ctx, *r, {"work", "size", "deadline", "cpu", "memory"});
            rm.distribution("work", Dimension::Duration, s.work);
            rm.distribution("size", Dimension::Size, s.size);
            rm.distribution("deadline", Dimension::Duration, s.deadline);
            rm.distribution("cpu", Dimension::Cpu, s.requestCpu);
            rm.distribution("memory", Dimension::Size, s.requestMemory);
        }
        if (const auto p = m.get("profile")) {
            MapReader pm(ctx, *p, metricKeyList());
            for (int i = 0; i < kMetricCount; ++i)
                pm.number(kMetricKeys[i], s.profile[i]);
        }
        m.number("perf_base", s.perfBase);
        if (const auto r = m.get("replicas")) {
            MapReader rm(ctx, *r, {"edge", "min", "max"});
            rm.integer("edge", s.replicas.edge);
            rm.integer("min", s.replicas.min);
            rm.integer("max", s.replicas.max);
        }
    });
}

void readPolicies(ReadContext &ctx, const Field &f, PolicySelection &out)
{
    MapReader m(ctx, f,
                {"dispatch", "dequeue", "orchestration", "placement", "placement_weights",
                 "percentage_of_nodes_to_score", "kais"});
    m.string("dispatch", out.dispatch);
    m.string("dequeue", out.dequeue);
    m.string("orchestration", out.orchestration);
    m.string("placement", out.placement);
    if (const auto w = m.get("placement_weights"))
        forEachEntry(ctx, *w, [&](const std::string &plugin, const Field &value) {
            double weight = 0.0;
            if (readQuantity(ctx, value, Dimension::Ratio, weight))
                out.placementWeights[plugin] = weight;
        });
    if (m.get("percentage_of_nodes_to_score")) {
        int percentage = 0;
        m.integer("percentage_of_nodes_to_score", percentage);
        out.percentageOfNodesToScore = percentage;
    }
    if (const auto k = m.get("kais"))
        readScalars(MapReader(ctx, *k, kaisSchema().keys()), kaisSchema(), out.kais);
}
void readLayout(ReadContext &ctx, const Field &f, std::map<std::string, CanvasPoint> &out)
{
    forEachEntry(ctx, f, [&](const std::string &name, const Field &at) {
        CanvasPoint p;
        const bool pair = at.node.IsSequence() && at.node.size() == 2;
        if (!pair ||
            !readQuantity(ctx, Field{at.node[0], at.path + "[0]", at.node[0].Mark()},
                          Dimension::Ratio, p.x) ||
            !readQuantity(ctx, Field{at.node[1], at.path + "[1]", at.node[1].Mark()},
                          Dimension::Ratio, p.y)) {
            if (!pair)
                ctx.error(at.mark, at.path,
                          "expected a canvas position [x, y], got " + describeNode(at.node));
            return;
        }
        out[name] = p;
    });
}
} // namespace

void readScenario(ReadContext &ctx, const YAML::Node &root, Scenario &out)
{
    // An empty document has no mark; report at its start.
    const YAML::Mark start = root.Mark().line >= 0 ? root.Mark() : YAML::Mark();
    const Field top{root, "", start};
    ctx.remember("", start);
    if (!root.IsMap()) {
        ctx.error(start, "",
                  root.IsNull() ? "the file is empty; expected a map starting with `schedlab: 1`"
                                : "expected a map at the top level, got " + describeNode(root));
        return;
    }
    if (const YAML::Node sweep = root["sweep"]; sweep.IsDefined()) {
        ctx.error(sweep.Mark(), "",
                  "this is a sweep preset, not a scenario; run it with `schedlab-cli sweep FILE`");
        return;
    }
    if (const YAML::Node g = root["global"]; g.IsDefined()) {
        // A multi-cluster scenario (core/global), not a mistyped key: say where it runs.
        ctx.error(g.Mark(), "",
                  "this is a global (multi-cluster) scenario; it runs with `schedlab-cli run`, "
                  "`compare` and `sweep` (--global ARCHITECTURES), not as an edge-cloud topology");
        return;
    }
    MapReader m(ctx, top,
                {"schedlab", "name", "description", "seed", "time", "network", "layers", "images",
                 "services", "sites", "links", "workload", "policies", "central_dispatch",
                 "layout"});
    if (const auto v = m.require("schedlab", "the schema version; write `schedlab: 1`")) {
        if (readInt(ctx, *v, out.schema) && out.schema != 1)
            ctx.error(v->mark, v->path,
                      "unsupported schema version " + std::to_string(out.schema) +
                          "; this SchedLab reads schema 1");
        out.schema = 1;
    }
    if (m.require("name"))
        m.string("name", out.name);
    m.string("description", out.description);
    if (const auto v = m.get("seed"))
        readUint64(ctx, *v, out.seed);
    if (const auto v = m.get("time"))
        readTime(ctx, *v, out.time);
    if (const auto v = m.get("network"))
        readNetwork(ctx, *v, out.network);
    if (const auto v = m.get("layers"))
        readLayers(ctx, *v, out.layers);
    if (const auto v = m.get("images"))
        readImages(ctx, *v, out.layers, out.images);
    if (const auto v = m.require("services", "the services requests ask for; write `services: "
                                             "[]` when only deployments arrive"))
        readServices(ctx, *v, out.services);
    if (const auto v =
            m.require("sites", "the edge sites with their eAPs and nodes, and the cloud"))
        readSites(ctx, *v, out.sites);
    if (const auto v = m.get("links"))
        readLinks(ctx, *v, out.links);
    if (const auto v = m.require("workload", "what arrives: `requests` and `deployments`"))
        readWorkload(ctx, *v, out.workload);
    if (const auto v = m.get("central_dispatch"))
        readScalars(MapReader(ctx, *v, centralDispatchSchema().keys()), centralDispatchSchema(),
                    out.centralDispatch);
    if (const auto v = m.require("policies", "a policy per plane, e.g. `policies: {dispatch: "
                                             "greedy}`; `policies: {}` takes the defaults"))
        readPolicies(ctx, *v, out.policies);
    if (const auto v = m.get("layout"))
        readLayout(ctx, *v, out.layout);
}

} // namespace detail

std::string ScenarioError::format() const
{
    std::string out = file;
    if (line > 0)
        out += ":" + std::to_string(line) + ":" + std::to_string(column);
    out += warning ? ": warning: " : ": ";
    if (!keyPath.empty())
        out += keyPath + ": ";
    return out + message;
}

namespace {
/** True when `inner` is `outer` or lies below it ("" is the whole document). */
bool covers(const std::string &outer, const std::string &inner)
{
    if (outer.empty())
        return true;
    if (inner.size() < outer.size() || inner.compare(0, outer.size(), outer) != 0)
        return false;
    return inner.size() == outer.size() || inner[outer.size()] == '.' || inner[outer.size()] == '[';
}
} // namespace

namespace {
ScenarioLoad tooLarge(const std::string &fileName, std::uintmax_t bytes)
{
    ScenarioLoad load;
    ScenarioError e;
    e.file = fileName;
    e.message = "the text is " + std::to_string(bytes) + " bytes; a scenario may be at most " +
                std::to_string(kMaxScenarioBytes) +
                " (8 MiB): give large groups of nodes a `count`";
    load.errors.push_back(std::move(e));
    return load;
}
} // namespace

ScenarioLoad loadScenarioText(const std::string &yaml, const std::string &fileName,
                              double runDuration)
{
    if (yaml.size() > kMaxScenarioBytes)
        return tooLarge(fileName, yaml.size());
    if (!isValidUtf8(yaml)) {
        ScenarioLoad load;
        load.errors.push_back(utf8Error(yaml, fileName));
        return load;
    }
    detail::ReadContext ctx(fileName);
    Scenario scenario;
    scenario.sourcePath = fileName;
    YAML::Node root;
    bool parsed = false;
    try {
        root = detail::loadOneDocument(ctx, yaml);
        parsed = true;
    } catch (const YAML::DeepRecursion &e) {
        ctx.error(e.mark, "", "YAML nesting is too deep (yaml-cpp stops at 500 levels)");
    } catch (const YAML::Exception &e) {
        ctx.error(e.mark, "", "YAML syntax error: " + e.msg);
    } catch (const std::exception &e) {
        ctx.error(YAML::Mark::null_mark(), "", std::string("cannot parse YAML: ") + e.what());
    }
    if (parsed) {
        try {
            detail::readScenario(ctx, root, scenario);
        } catch (const std::exception &e) {
            // yaml-cpp can throw on odd node graphs; report it rather than crash.
            ctx.error(YAML::Mark::null_mark(), "", std::string("cannot read YAML: ") + e.what());
        }
    }

    ScenarioLoad load;
    load.errors = std::move(ctx.errors());
    const bool wellFormed = parsed && load.errors.empty();
    if (parsed && load.errors.size() < detail::ReadContext::kMaxErrors) {
        const std::vector<ScenarioError> structural = load.errors;
        for (ScenarioError e : validateScenario(scenario, runDuration)) {
            const bool shadowed =
                std::any_of(structural.begin(), structural.end(), [&](const ScenarioError &s) {
                    return covers(s.keyPath, e.keyPath) || covers(e.keyPath, s.keyPath);
                });
            if (shadowed)
                continue;
            e.file = fileName;
            if (const auto mark = ctx.locate(e.keyPath); mark && mark->line >= 0) {
                e.line = mark->line + 1;
                e.column = mark->column + 1;
            }
            load.errors.push_back(std::move(e));
            if (load.errors.size() >= detail::ReadContext::kMaxErrors)
                break;
        }
    }
    std::stable_sort(load.errors.begin(), load.errors.end(),
                     [](const ScenarioError &a, const ScenarioError &b) {
                         const int la = a.line > 0 ? a.line : 1 << 30;
                         const int lb = b.line > 0 ? b.line : 1 << 30;
                         return la != lb ? la < lb : a.column < b.column;
                     });
    if (load.errors.empty()) {
        for (ScenarioError w : scenarioWarnings(scenario)) {
            w.file = fileName;
            if (const auto mark = ctx.locate(w.keyPath); mark && mark->line >= 0) {
                w.line = mark->line + 1;
                w.column = mark->column + 1;
            }
            load.warnings.push_back(std::move(w));
        }
        std::stable_sort(load.warnings.begin(), load.warnings.end(),
                         [](const ScenarioError &a, const ScenarioError &b) {
                             return a.line != b.line ? a.line < b.line : a.column < b.column;
                         });
        load.scenario = std::move(scenario);
    } else if (wellFormed)
        load.withProblems = std::move(scenario);
    return load;
}

ScenarioLoad loadScenarioFile(const std::string &path, double runDuration)
{
    return loadTextFile<ScenarioLoad>(
        path, [runDuration](const std::string &text, const std::string &file) {
            return loadScenarioText(text, file, runDuration);
        });
}

} // namespace schedlab
