// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioreader.h"

namespace schedlab::detail {

void readTaints(ReadContext &ctx, const Field &f, std::vector<Taint> &out,
                const std::string &defaultEffect)
{
    forEachItem(ctx, f, [&](int, const Field &tf) {
        Taint &t = out.emplace_back();
        t.effect = defaultEffect;
        MapReader tm(ctx, tf, {"key", "value", "effect"});
        if (tm.require("key"))
            tm.string("key", t.key);
        tm.string("value", t.value);
        if (const auto effect = tm.get("effect"))
            readEnum<std::string>(ctx, *effect,
                                  {{"NoSchedule", "NoSchedule"},
                                   {"PreferNoSchedule", "PreferNoSchedule"},
                                   {"NoExecute", "NoExecute"}},
                                  t.effect);
    });
}

void readNode(ReadContext &ctx, const Field &f, NodeSpec &out)
{
    MapReader m(ctx, f,
                {"name", "count", "arch", "cpu", "memory", "disk", "bandwidth", "disk_read",
                 "disk_write", "perf", "labels", "taints", "hosts"});
    if (m.require("name"))
        m.string("name", out.name);
    m.integer("count", out.count);
    m.string("arch", out.arch);
    m.quantity("cpu", Dimension::Cpu, out.cpu);
    m.quantity("memory", Dimension::Size, out.memory);
    m.quantity("disk", Dimension::Size, out.disk);
    m.quantity("bandwidth", Dimension::Bandwidth, out.bandwidth);
    m.quantity("disk_read", Dimension::Bandwidth, out.diskRead);
    m.quantity("disk_write", Dimension::Bandwidth, out.diskWrite);
    m.number("perf", out.perf);
    if (const auto labels = m.get("labels"))
        forEachEntry(ctx, *labels, [&](const std::string &key, const Field &value) {
            readString(ctx, value, out.labels[key]);
        });
    if (const auto taints = m.get("taints"))
        readTaints(ctx, *taints, out.taints, Taint{}.effect);
    if (const auto hosts = m.get("hosts"))
        forEachEntry(ctx, *hosts, [&](const std::string &service, const Field &value) {
            int replicas = 0;
            if (readInt(ctx, value, replicas))
                out.hosts[service] = replicas;
        });
}

namespace {
void readNodes(ReadContext &ctx, const Field &f, std::vector<NodeSpec> &out)
{
    forEachItem(ctx, f, [&](int, const Field &item) { readNode(ctx, item, out.emplace_back()); });
}
} // namespace

void readSites(ReadContext &ctx, const Field &f, std::vector<SiteSpec> &out)
{
    forEachItem(ctx, f, [&](int, const Field &item) {
        SiteSpec &site = out.emplace_back();
        MapReader m(
            ctx, item,
            {"name", "kind", "region", "zone", "health", "energy_efficiency", "eaps", "nodes"});
        if (m.require("name"))
            m.string("name", site.name);
        if (const auto kind = m.get("kind"))
            readEnum(ctx, *kind, {{"edge", SiteKind::Edge}, {"cloud", SiteKind::Cloud}}, site.kind);
        m.string("region", site.region);
        m.string("zone", site.zone);
        m.number("health", site.health);
        m.number("energy_efficiency", site.energyEfficiency);
        if (const auto eaps = m.get("eaps"))
            forEachItem(ctx, *eaps, [&](int, const Field &ef) {
                EapSpec &eap = site.eaps.emplace_back();
                MapReader em(ctx, ef, {"name", "nodes"});
                if (em.require("name"))
                    em.string("name", eap.name);
                if (const auto nodes = em.get("nodes"))
                    readNodes(ctx, *nodes, eap.nodes);
            });
        if (const auto nodes = m.get("nodes"))
            readNodes(ctx, *nodes, site.nodes);
    });
}

void readLinks(ReadContext &ctx, const Field &f, std::vector<LinkOverride> &out)
{
    forEachItem(ctx, f, [&](int, const Field &item) {
        LinkOverride &link = out.emplace_back();
        MapReader m(ctx, item, {"from", "to", "latency", "bandwidth"});
        if (m.require("from"))
            m.string("from", link.from);
        if (m.require("to"))
            m.string("to", link.to);
        if (m.require("latency"))
            m.quantity("latency", Dimension::Duration, link.link.latency);
        if (m.require("bandwidth"))
            m.quantity("bandwidth", Dimension::Bandwidth, link.link.bandwidth);
    });
}

void readWorkload(ReadContext &ctx, const Field &f, Workload &out)
{
    MapReader m(ctx, f, {"requests", "deployments"});
    if (const auto r = m.get("requests")) {
        RequestWorkload &w = out.requests;
        MapReader rm(
            ctx, *r,
            {"kind", "rate", "pattern", "period", "amplitude", "format", "path", "time_scale"});
        if (const auto kind = rm.get("kind"))
            readEnum(ctx, *kind,
                     {{"none", RequestWorkloadKind::None},
                      {"poisson", RequestWorkloadKind::Poisson},
                      {"pattern", RequestWorkloadKind::Pattern},
                      {"trace", RequestWorkloadKind::Trace}},
                     w.kind);
        rm.quantity("rate", Dimension::Rate, w.rate);
        if (const auto pattern = rm.get("pattern"))
            readEnum(ctx, *pattern,
                     {{"P1", Pattern::P1},
                      {"P2", Pattern::P2},
                      {"P3", Pattern::P3},
                      {"P4", Pattern::P4}},
                     w.pattern);
        rm.quantity("period", Dimension::Duration, w.period);
        rm.number("amplitude", w.amplitude);
        rm.string("format", w.traceFormat);
        rm.string("path", w.tracePath);
        rm.number("time_scale", w.timeScale);
    }
    if (const auto d = m.get("deployments"))
        readDeployments(ctx, *d, out.deployments);
}

} // namespace schedlab::detail
