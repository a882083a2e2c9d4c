// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioreader.h"

#include "scenario/metrickeys.h"

namespace schedlab::detail {

namespace {
void readArrival(ReadContext &ctx, const Field &f, DeploymentStream &out)
{
    MapReader m(ctx, f, {"every", "gap", "at", "start"});
    const auto every = m.get("every");
    const auto gap = m.get("gap");
    const auto at = m.get("at");
    if (m.valid() && int(bool(every)) + int(bool(gap)) + int(bool(at)) != 1) {
        ctx.error(f.mark, f.path,
                  "expected exactly one of `every: 30s`, `gap: normal(20s, 1s)` or "
                  "`at: [0s, 10s]`");
        return;
    }
    if (every) {
        out.arrival = PodArrivalKind::Every;
        double seconds = out.gap.a;
        if (readQuantity(ctx, *every, Dimension::Duration, seconds))
            out.gap = Distribution::constant(seconds);
    } else if (gap) {
        out.arrival = PodArrivalKind::Gap;
        readDistribution(ctx, *gap, Dimension::Duration, out.gap);
    } else if (at) {
        out.arrival = PodArrivalKind::At;
        forEachItem(ctx, *at, [&](int, const Field &t) {
            readQuantity(ctx, t, Dimension::Duration, out.at.emplace_back());
        });
    }
    m.quantity("start", Dimension::Duration, out.start);
}

void readServe(ReadContext &ctx, const Field &f, ServeSpec &out)
{
    MapReader m(ctx, f, {"qps", "work", "report"});
    if (m.require("qps", "the request load the replicas share, e.g. `qps: 1000/s`"))
        m.quantity("qps", Dimension::Rate, out.qps);
    m.distribution("work", Dimension::Duration, out.work);
    m.boolean("report", out.report);
}

void readPod(ReadContext &ctx, const Field &f, PodTemplate &out)
{
    MapReader m(ctx, f,
                {"name", "image", "weight", "cpu", "cpu_limit", "memory", "duration", "perf_base",
                 "start_jitter", "profile", "usage", "node_selector", "tolerations"});
    if (m.require("name"))
        m.string("name", out.name);
    if (m.require("image"))
        m.string("image", out.image);
    m.number("weight", out.weight);
    m.distribution("cpu", Dimension::Cpu, out.cpu);
    m.quantity("cpu_limit", Dimension::Cpu, out.cpuLimit);
    m.distribution("memory", Dimension::Size, out.memory);
    m.distribution("duration", Dimension::Duration, out.duration);
    m.number("perf_base", out.perfBase);
    m.distribution("start_jitter", Dimension::Duration, out.startJitter);
    if (const auto p = m.get("profile")) {
        MapReader pm(ctx, *p, metricKeyList());
        for (int i = 0; i < kMetricCount; ++i)
            pm.number(kMetricKeys[i], out.profile[i]);
    }
    if (const auto u = m.get("usage")) {
        std::vector<std::string> keys = metricKeyList();
        keys.erase(keys.begin() + int(Metric::Memory)); // a pod's memory is its request
        MapReader um(ctx, *u, keys);
        um.quantity("cpu", Dimension::Cpu, out.usage[int(Metric::Cpu)]);
        for (int i = int(Metric::NetRx); i < kMetricCount; ++i)
            um.quantity(kMetricKeys[i], Dimension::Bandwidth, out.usage[i]);
    }
    if (const auto sel = m.get("node_selector"))
        forEachEntry(ctx, *sel, [&](const std::string &key, const Field &value) {
            readString(ctx, value, out.nodeSelector[key]);
        });
    if (const auto tolerations = m.get("tolerations"))
        readTaints(ctx, *tolerations, out.tolerations, ""); // no effect: tolerates every effect
}
} // namespace

void readDeployments(ReadContext &ctx, const Field &f, std::vector<DeploymentStream> &out)
{
    forEachItem(ctx, f, [&](int, const Field &item) {
        DeploymentStream &d = out.emplace_back();
        MapReader m(ctx, item, {"name", "count", "arrival", "choose", "serve", "pods"});
        if (m.require("name"))
            m.string("name", d.name);
        if (const auto arrival = m.require("arrival"))
            readArrival(ctx, *arrival, d);
        // With `at`, the list gives the count unless it is written out.
        d.count = d.arrival == PodArrivalKind::At ? int(d.at.size()) : d.count;
        if (d.arrival == PodArrivalKind::At)
            m.integer("count", d.count);
        else if (m.require("count", "how many pods this stream deploys"))
            m.integer("count", d.count);
        if (const auto choose = m.get("choose"))
            readEnum(ctx, *choose, {{"random", PodChoice::Random}, {"cycle", PodChoice::Cycle}},
                     d.choose);
        if (const auto serve = m.get("serve"))
            readServe(ctx, *serve, d.serve);
        if (const auto pods = m.require("pods"))
            forEachItem(ctx, *pods,
                        [&](int, const Field &pf) { readPod(ctx, pf, d.pods.emplace_back()); });
    });
}

} // namespace schedlab::detail
