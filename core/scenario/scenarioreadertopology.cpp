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
    MapReader m(ctx, f, nodeSchema().keys());
    m.require("name");
    readScalars(m, nodeSchema(), out);
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
        MapReader m(ctx, item, siteSchema().keys());
        m.require("name");
        readScalars(m, siteSchema(), site);
        if (const auto kind = m.get("kind"))
            readEnum(ctx, *kind, {{"edge", SiteKind::Edge}, {"cloud", SiteKind::Cloud}}, site.kind);
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
        std::vector<std::string> keys = {"from", "to"};
        for (const std::string &k : linkSchema().keys())
            keys.push_back(k);
        MapReader m(ctx, item, keys);
        for (const std::string &k : keys)
            m.require(k);
        m.string("from", link.from);
        m.string("to", link.to);
        readScalars(m, linkSchema(), link.link);
    });
}

void readWorkload(ReadContext &ctx, const Field &f, Workload &out)
{
    MapReader m(ctx, f, {"requests", "deployments"});
    if (const auto r = m.get("requests")) {
        RequestWorkload &w = out.requests;
        MapReader rm(
            ctx, *r,
            {"kind", "rate", "pattern", "period", "amplitude", "format", "path", "time_scale",
             "clips", "clip"});
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
        rm.integer("clips", w.clips);
        rm.integer("clip", w.clip);
    }
    if (const auto d = m.get("deployments"))
        readDeployments(ctx, *d, out.deployments);
}

} // namespace schedlab::detail
