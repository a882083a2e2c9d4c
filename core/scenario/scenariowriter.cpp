// SPDX-License-Identifier: GPL-3.0-or-later
// Canonical schema-1 YAML: fixed key order, flow style for small maps and nodes
// (as in DESIGN.md section 5), node groups kept as templates, defaults of nodes
// and sites left out. Loading the text gives back an equal Scenario.
#include "base/textfile.h"
#include "scenario/fieldschema.h"
#include "scenario/metrickeys.h"
#include "scenario/scenarioio.h"
#include "scenario/units.h"

#include <cstdio>
#include <utility>
#include <vector>

namespace schedlab {

namespace {

bool plainSafe(const std::string &s)
{
    if (s.empty())
        return false;
    static const char *const reserved[] = {"null",  "Null",  "NULL",  "~",   "true", "True", "TRUE",
                                           "false", "False", "FALSE", "yes", "Yes",  "YES",  "no",
                                           "No",    "NO",    "on",    "On",  "ON",   "off",  "Off",
                                           "OFF",   "y",     "Y",     "n",   "N"};
    for (const char *r : reserved)
        if (s == r)
            return false;
    const auto ok = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '.' || c == '/' || c == '-' || c == '+' || c == '(' || c == ')' ||
               c == ':';
    };
    if (s.front() == '-' || s.front() == ':' || s.back() == ':')
        return false;
    for (char c : s)
        if (!ok(c))
            return false;
    return true;
}

/** A scalar as plain text when that reads back identically, else double-quoted. */
std::string scalar(const std::string &s)
{
    if (plainSafe(s))
        return s;
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    return out + "\"";
}

/** Builds "{a: 1, b: 2}" from already formatted values. */
class Flow
{
public:
    Flow &add(const std::string &key, const std::string &formatted)
    {
        mText += (mText.empty() ? "" : ", ") + scalar(key) + ": " + formatted;
        return *this;
    }
    Flow &str(const std::string &key, const std::string &value) { return add(key, scalar(value)); }
    std::string text() const { return "{" + mText + "}"; }

private:
    std::string mText;
};

std::string q(double v, Dimension d)
{
    return scalar(formatQuantity(v, d));
}
std::string dist(const Distribution &v, Dimension d)
{
    return scalar(formatDistribution(v, d));
}
std::string num(double v)
{
    return scalar(formatNumber(v));
}

/** (key, formatted value) of each scalar field of `schema` the file needs: those
 *  written always and those that differ from the default. */
template <typename T>
std::vector<std::pair<std::string, std::string>> scalars(const TypeSchema<T> &schema, const T &o)
{
    static const T defaults;
    std::vector<std::pair<std::string, std::string>> out;
    for (const ScalarField<T> &field : schema.scalars) {
        const bool isDefault = std::visit(
            [&](auto T::*member) { return o.*member == defaults.*member; }, field.member);
        if (field.always || !isDefault) {
            const std::string text = formatField(field, o);
            const bool integer = std::holds_alternative<int T::*>(field.member);
            out.emplace_back(field.key, integer ? text : scalar(text));
        }
    }
    return out;
}

template <typename T> Flow &addScalars(Flow &f, const TypeSchema<T> &schema, const T &o)
{
    for (const auto &[key, value] : scalars(schema, o))
        f.add(key, value);
    return f;
}

std::string link(const LinkSpec &l)
{
    Flow f;
    return addScalars(f, linkSchema(), l).text();
}

std::string layerRef(const LayerSpec &layer, const std::vector<LayerSpec> &named)
{
    for (const LayerSpec &n : named)
        if (n == layer)
            return scalar(layer.digest);
    return Flow().str("digest", layer.digest).add("size", q(layer.size, Dimension::Size)).text();
}

std::string node(const NodeSpec &n)
{
    Flow f;
    addScalars(f, nodeSchema(), n);
    if (!n.labels.empty()) {
        Flow labels;
        for (const auto &[k, v] : n.labels)
            labels.str(k, v);
        f.add("labels", labels.text());
    }
    if (!n.taints.empty()) {
        std::string list;
        for (const Taint &t : n.taints)
            list += (list.empty() ? "" : ", ") +
                    Flow().str("key", t.key).str("value", t.value).str("effect", t.effect).text();
        f.add("taints", "[" + list + "]");
    }
    if (!n.hosts.empty()) {
        Flow hosts;
        for (const auto &[service, replicas] : n.hosts)
            hosts.add(service, std::to_string(replicas));
        f.add("hosts", hosts.text());
    }
    return f.text();
}

class Writer
{
public:
    std::string write(const Scenario &s)
    {
        line(0, "schedlab: 1");
        line(0, "name: " + scalar(s.name));
        if (!s.description.empty())
            line(0, "description: " + scalar(s.description));
        line(0, "seed: " + std::to_string(s.seed));
        const TimeConfig &t = s.time;
        line(0, "time: " + Flow()
                               .add("slot", q(t.slot, Dimension::Duration))
                               .add("frame", std::to_string(t.frame))
                               .add("duration", q(t.duration, Dimension::Duration))
                               .add("dispatch_per_slot", t.dispatchPerSlot == 0
                                                             ? std::string("all")
                                                             : std::to_string(t.dispatchPerSlot))
                               .text());
        line(0, "network:");
        line(1, "access: " + link(s.network.access));
        line(1, "lan: " + link(s.network.lan));
        line(1, "wan: " + link(s.network.wan));
        writeLayers(s);
        writeImages(s);
        writeServices(s);
        writeSites(s);
        if (!s.links.empty()) {
            line(0, "links:");
            for (const LinkOverride &l : s.links) {
                Flow f;
                f.str("from", l.from).str("to", l.to);
                line(1, "- " + addScalars(f, linkSchema(), l.link).text());
            }
        }
        writeWorkload(s.workload);
        const PolicySelection &p = s.policies;
        Flow policies;
        policies.str("dispatch", p.dispatch)
            .str("dequeue", p.dequeue)
            .str("orchestration", p.orchestration)
            .str("placement", p.placement);
        if (!p.placementWeights.empty()) {
            Flow weights;
            for (const auto &[plugin, weight] : p.placementWeights)
                weights.add(plugin, num(weight));
            policies.add("placement_weights", weights.text());
        }
        if (p.percentageOfNodesToScore)
            policies.add("percentage_of_nodes_to_score",
                         std::to_string(*p.percentageOfNodesToScore));
        if (!(p.kais == KaisParameters{})) {
            Flow kais;
            policies.add("kais", addScalars(kais, kaisSchema(), p.kais).text());
        }
        line(0, "policies: " + policies.text());
        if (!(s.centralDispatch == CentralDispatchSpec{})) {
            Flow central;
            line(0, "central_dispatch: " +
                        addScalars(central, centralDispatchSchema(), s.centralDispatch).text());
        }
        if (!s.layout.empty()) {
            line(0, "layout:");
            for (const auto &[name, at] : s.layout)
                line(1,
                     scalar(name) + ": [" + formatNumber(at.x) + ", " + formatNumber(at.y) + "]");
        }
        return mOut;
    }

private:
    std::string mOut;

    void line(int indent, const std::string &text)
    {
        mOut.append(std::size_t(indent) * 2, ' ');
        mOut += text;
        mOut += '\n';
    }

    void writeLayers(const Scenario &s)
    {
        if (s.layers.empty()) {
            line(0, "layers: {}");
            return;
        }
        line(0, "layers:");
        for (const LayerSpec &l : s.layers)
            line(1, scalar(l.digest) + ": " + q(l.size, Dimension::Size));
    }

    void writeImages(const Scenario &s)
    {
        if (s.images.empty()) {
            line(0, "images: []");
            return;
        }
        line(0, "images:");
        for (const ImageSpec &image : s.images) {
            line(1, "- name: " + scalar(image.name));
            line(2, std::string("index: ") + (image.index ? "true" : "false"));
            if (image.variants.empty()) {
                line(2, "variants: []");
                continue;
            }
            line(2, "variants:");
            for (const ImageVariant &v : image.variants) {
                Flow f;
                f.str("arch", v.arch);
                if (!v.name.empty())
                    f.str("name", v.name);
                std::string layers;
                for (const LayerSpec &l : v.layers)
                    layers += (layers.empty() ? "" : ", ") + layerRef(l, s.layers);
                f.add("layers", "[" + layers + "]");
                line(3, "- " + f.text());
            }
        }
    }

    void writeServices(const Scenario &s)
    {
        if (s.services.empty()) {
            line(0, "services: []");
            return;
        }
        line(0, "services:");
        for (const ServiceSpec &svc : s.services) {
            line(1, "- name: " + scalar(svc.name));
            line(2, "image: " + scalar(svc.image));
            line(2, "replica: " + Flow()
                                      .add("cpu", q(svc.replicaCpu, Dimension::Cpu))
                                      .add("memory", q(svc.replicaMemory, Dimension::Size))
                                      .text());
            static const ServiceSpec defaults;
            Flow request;
            request.add("work", dist(svc.work, Dimension::Duration))
                .add("size", dist(svc.size, Dimension::Size))
                .add("deadline", dist(svc.deadline, Dimension::Duration));
            if (!(svc.requestCpu == defaults.requestCpu))
                request.add("cpu", dist(svc.requestCpu, Dimension::Cpu));
            if (!(svc.requestMemory == defaults.requestMemory))
                request.add("memory", dist(svc.requestMemory, Dimension::Size));
            line(2, "request: " + request.text());
            Flow profile;
            for (int m = 0; m < kMetricCount; ++m)
                profile.add(kMetricKeys[m], num(svc.profile[m]));
            line(2, "profile: " + profile.text());
            line(2, "perf_base: " + num(svc.perfBase));
            line(2, "replicas: " + Flow()
                                       .add("edge", std::to_string(svc.replicas.edge))
                                       .add("min", std::to_string(svc.replicas.min))
                                       .add("max", std::to_string(svc.replicas.max))
                                       .text());
        }
    }

    void writeNodes(int indent, const std::vector<NodeSpec> &nodes)
    {
        if (nodes.empty()) {
            line(indent, "nodes: []");
            return;
        }
        line(indent, "nodes:");
        for (const NodeSpec &n : nodes)
            line(indent + 1, "- " + node(n));
    }

    void writeSites(const Scenario &s)
    {
        if (s.sites.empty()) {
            line(0, "sites: []");
            return;
        }
        line(0, "sites:");
        for (const SiteSpec &site : s.sites) {
            const bool edge = site.kind == SiteKind::Edge;
            line(1, "- name: " + scalar(site.name));
            line(2, std::string("kind: ") + (edge ? "edge" : "cloud"));
            for (const auto &[key, value] : scalars(siteSchema(), site))
                if (key != "name")
                    line(2, key + ": " + value);
            if (edge || !site.eaps.empty()) {
                line(2, site.eaps.empty() ? "eaps: []" : "eaps:");
                for (const EapSpec &eap : site.eaps) {
                    line(3, "- name: " + scalar(eap.name));
                    writeNodes(4, eap.nodes);
                }
            }
            if (!edge || !site.nodes.empty())
                writeNodes(2, site.nodes);
        }
    }

    void writeWorkload(const Workload &w)
    {
        static const RequestWorkload d;
        const RequestWorkload &r = w.requests;
        static const char *kinds[] = {"none", "poisson", "pattern", "trace"};
        static const char *patterns[] = {"P1", "P2", "P3", "P4"};
        const bool pattern = r.kind == RequestWorkloadKind::Pattern;
        const bool trace = r.kind == RequestWorkloadKind::Trace;
        Flow f;
        f.add("kind", kinds[int(r.kind)]);
        if (!trace || r.rate != d.rate)
            f.add("rate", q(r.rate, Dimension::Rate));
        if (pattern || r.pattern != d.pattern)
            f.add("pattern", patterns[int(r.pattern)]);
        if (pattern || r.period != d.period)
            f.add("period", q(r.period, Dimension::Duration));
        if (pattern || r.amplitude != d.amplitude)
            f.add("amplitude", num(r.amplitude));
        if (trace || !r.traceFormat.empty())
            f.str("format", r.traceFormat);
        if (trace || !r.tracePath.empty())
            f.str("path", r.tracePath);
        if (trace || r.timeScale != d.timeScale)
            f.add("time_scale", num(r.timeScale));
        if (r.clips != d.clips)
            f.add("clips", std::to_string(r.clips));
        if (r.clip != d.clip)
            f.add("clip", std::to_string(r.clip));
        line(0, "workload:");
        line(1, "requests: " + f.text());
        writeDeployments(w.deployments);
    }

    void writeDeployments(const std::vector<DeploymentStream> &streams)
    {
        if (streams.empty()) {
            line(1, "deployments: []");
            return;
        }
        line(1, "deployments:");
        for (const DeploymentStream &d : streams) {
            line(2, "- name: " + scalar(d.name));
            line(3, "count: " + std::to_string(d.count));
            Flow arrival;
            if (d.arrival == PodArrivalKind::At) {
                std::string times;
                for (double t : d.at)
                    times += (times.empty() ? "" : ", ") + q(t, Dimension::Duration);
                arrival.add("at", "[" + times + "]");
            } else {
                if (d.arrival == PodArrivalKind::Every)
                    arrival.add("every", q(d.gap.a, Dimension::Duration));
                else
                    arrival.add("gap", dist(d.gap, Dimension::Duration));
                if (d.start != 0.0)
                    arrival.add("start", q(d.start, Dimension::Duration));
            }
            line(3, "arrival: " + arrival.text());
            line(3, std::string("choose: ") + (d.choose == PodChoice::Cycle ? "cycle" : "random"));
            if (d.serve.enabled()) {
                Flow serve;
                serve.add("qps", q(d.serve.qps, Dimension::Rate));
                serve.add("work", dist(d.serve.work, Dimension::Duration));
                if (!d.serve.report)
                    serve.add("report", "false");
                line(3, "serve: " + serve.text());
            }
            line(3, d.pods.empty() ? "pods: []" : "pods:");
            for (const PodTemplate &p : d.pods)
                line(4, "- " + pod(p));
        }
    }

    static std::string pod(const PodTemplate &p)
    {
        static const PodTemplate d;
        Flow f;
        f.str("name", p.name).str("image", p.image);
        if (p.weight != d.weight)
            f.add("weight", num(p.weight));
        f.add("cpu", dist(p.cpu, Dimension::Cpu));
        if (p.cpuLimit != d.cpuLimit)
            f.add("cpu_limit", q(p.cpuLimit, Dimension::Cpu));
        f.add("memory", dist(p.memory, Dimension::Size));
        f.add("duration", dist(p.duration, Dimension::Duration));
        if (p.perfBase != d.perfBase)
            f.add("perf_base", num(p.perfBase));
        if (p.startJitter != d.startJitter)
            f.add("start_jitter", dist(p.startJitter, Dimension::Duration));
        if (p.profile != d.profile) {
            Flow profile;
            for (int m = 0; m < kMetricCount; ++m)
                profile.add(kMetricKeys[m], num(p.profile[m]));
            f.add("profile", profile.text());
        }
        if (p.usage != d.usage) {
            Flow usage;
            usage.add("cpu", q(p.usage[int(Metric::Cpu)], Dimension::Cpu));
            for (int m = int(Metric::NetRx); m < kMetricCount; ++m)
                usage.add(kMetricKeys[m], q(p.usage[m], Dimension::Bandwidth));
            f.add("usage", usage.text());
        }
        if (!p.nodeSelector.empty()) {
            Flow selector;
            for (const auto &[k, v] : p.nodeSelector)
                selector.str(k, v);
            f.add("node_selector", selector.text());
        }
        if (!p.tolerations.empty()) {
            std::string list;
            for (const Taint &t : p.tolerations) {
                Flow tf;
                tf.str("key", t.key).str("value", t.value);
                if (!t.effect.empty())
                    tf.str("effect", t.effect);
                list += (list.empty() ? "" : ", ") + tf.text();
            }
            f.add("tolerations", "[" + list + "]");
        }
        return f.text();
    }
};

} // namespace

std::string saveScenarioText(const Scenario &scenario)
{
    return Writer().write(scenario);
}

bool saveScenarioFile(const Scenario &scenario, const std::string &path, std::string *error)
{
    return replaceFile(path, saveScenarioText(scenario), error);
}

} // namespace schedlab
