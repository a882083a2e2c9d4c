// SPDX-License-Identifier: GPL-3.0-or-later
// The workload's part of the scenario validator: requests, deployment streams, pods.
#include "base/suggest.h"
#include "scenario/metrickeys.h"
#include "scenario/units.h"
#include "scenario/validationchecks.h"

#include <cmath>
#include <set>

namespace schedlab::detail {

namespace {

class WorkloadChecks : ValidationChecks
{
public:
    WorkloadChecks(const Scenario &s, std::vector<ScenarioError> &errors)
        : ValidationChecks(s, errors)
    {
    }

    void run()
    {
        checkRequests();
        checkDeployments();
    }

private:
    void checkPod(const std::string &path, const PodTemplate &p)
    {
        if (p.image.empty()) {
            add(path + ".image", "must name an image");
        } else if (!mS.podImage(p.image).first) {
            std::vector<std::string> names;
            for (const ImageSpec &i : mS.images) {
                names.push_back(i.name);
                for (const ImageVariant &v : i.variants)
                    if (!i.index && !v.name.empty())
                        names.push_back(v.name);
            }
            add(path + ".image", "unknown image '" + p.image + "'" + didYouMean(p.image, names) +
                                     "; name an image or the per-arch name of a variant");
        }
        positive(path + ".weight", p.weight, Dimension::Ratio);
        checkDistribution(path + ".cpu", p.cpu, Dimension::Cpu);
        if (p.cpu.kind == Distribution::Kind::Const && p.cpu.a <= 0)
            add(path + ".cpu", "a pod must request some cpu, got " + formatCpu(p.cpu.a));
        nonNegative(path + ".cpu_limit", p.cpuLimit, Dimension::Cpu);
        checkDistribution(path + ".memory", p.memory, Dimension::Size);
        checkDistribution(path + ".duration", p.duration, Dimension::Duration);
        checkDistribution(path + ".start_jitter", p.startJitter, Dimension::Duration);
        positive(path + ".perf_base", p.perfBase, Dimension::Ratio);
        for (int m = 0; m < kMetricCount; ++m)
            nonNegative(path + ".profile." + kMetricKeys[m], p.profile[m], Dimension::Ratio);
        checkUsage(path, p);
        for (std::size_t t = 0; t < p.tolerations.size(); ++t)
            if (p.tolerations[t].key.empty())
                add(path + ".tolerations[" + std::to_string(t) + "].key", "must not be empty");
    }

    /** A pod's disk use loads a node relative to its disk rates, so every edge node needs them. */
    void checkUsage(const std::string &path, const PodTemplate &p)
    {
        static const PodTemplate d;
        if (p.usage == d.usage)
            return;
        if (p.profile != d.profile)
            add(path + ".usage", "give `usage` (absolute rates) or `profile` (fractions of the "
                                 "cpu), not both");
        const double cpu = p.usage[int(Metric::Cpu)];
        nonNegative(path + ".usage.cpu", cpu, Dimension::Cpu);
        for (int m = int(Metric::NetRx); m < kMetricCount; ++m)
            nonNegative(path + ".usage." + kMetricKeys[m], p.usage[m], Dimension::Bandwidth);
        for (const SiteSpec &site : mS.sites)
            for (const EapSpec &eap : site.eaps)
                for (const NodeSpec &n : eap.nodes) {
                    const char *missing =
                        p.usage[int(Metric::DiskRead)] > 0 && n.diskRead <= 0     ? "disk_read"
                        : p.usage[int(Metric::DiskWrite)] > 0 && n.diskWrite <= 0 ? "disk_write"
                                                                                  : nullptr;
                    if (missing) {
                        add(path + ".usage." + missing,
                            "edge node '" + n.name + "' has no " + missing +
                                " rate (e.g. 300MB/s) to load relative to");
                        return;
                    }
                }
    }

    void checkDeployments()
    {
        std::set<std::string> names;
        for (std::size_t i = 0; i < mS.workload.deployments.size(); ++i) {
            const DeploymentStream &d = mS.workload.deployments[i];
            const std::string path = "workload.deployments[" + std::to_string(i) + "]";
            named(path, d.name, names, "deployment stream");
            if (d.count < 1 || d.count > kMaxGroupCount)
                add(path + ".count", "must lie between 1 and " + std::to_string(kMaxGroupCount) +
                                         ", got " + std::to_string(d.count));
            if (d.arrival == PodArrivalKind::At) {
                if (d.count != int(d.at.size()))
                    add(path + ".count", "count " + std::to_string(d.count) + " differs from the " +
                                             std::to_string(d.at.size()) + " times in arrival.at");
                for (std::size_t t = 0; t < d.at.size(); ++t)
                    nonNegative(path + ".arrival.at[" + std::to_string(t) + "]", d.at[t],
                                Dimension::Duration);
            } else {
                const char *key =
                    d.arrival == PodArrivalKind::Every ? ".arrival.every" : ".arrival.gap";
                checkDistribution(path + key, d.gap, Dimension::Duration);
                nonNegative(path + ".arrival.start", d.start, Dimension::Duration);
            }
            if (d.serve != ServeSpec{}) {
                if (!(d.serve.qps > 0))
                    add(path + ".serve.qps",
                        "a serving stream needs a positive load, got " + formatRate(d.serve.qps));
                checkDistribution(path + ".serve.work", d.serve.work, Dimension::Duration);
                const double work = d.serve.work.mean();
                if (!(work > 0) || !std::isfinite(work))
                    add(path + ".serve.work",
                        std::string(work > 0 ? "the mean work is too large to simulate, got "
                                             : "requests must take some work, got ") +
                            formatDistribution(d.serve.work, Dimension::Duration));
            }
            if (d.pods.empty())
                add(path + ".pods", "a stream needs at least one pod template {name, image, ...}");
            std::set<std::string> pods;
            for (std::size_t p = 0; p < d.pods.size(); ++p) {
                const std::string pp = path + ".pods[" + std::to_string(p) + "]";
                named(pp, d.pods[p].name, pods, "pod template");
                checkPod(pp, d.pods[p]);
            }
        }
    }

    void checkRequests()
    {
        const RequestWorkload &w = mS.workload.requests;
        const std::string path = "workload.requests";
        if (w.kind == RequestWorkloadKind::None && mS.workload.deployments.empty())
            add(path + ".kind", "nothing arrives: give requests a kind (poisson, pattern or "
                                "trace), or add workload.deployments");
        if (w.kind == RequestWorkloadKind::Poisson || w.kind == RequestWorkloadKind::Pattern)
            positive(path + ".rate", w.rate, Dimension::Rate);
        positive(path + ".period", w.period, Dimension::Duration);
        if (!(w.amplitude >= 0 && w.amplitude <= 1))
            add(path + ".amplitude", "must lie in [0, 1], got " + formatNumber(w.amplitude));
        positive(path + ".time_scale", w.timeScale, Dimension::Ratio);
        const bool sampled = w.kind == RequestWorkloadKind::Pattern && !w.tracePath.empty();
        if (sampled && w.traceFormat.empty())
            add(path + ".format", "a pattern drawn from a trace needs `format`: alibaba-2017 or "
                                  "alibaba-2018");
        if (w.clips < 0)
            add(path + ".clips", "must not be negative, got " + std::to_string(w.clips));
        else if (w.clips > 0 && (w.clip < 0 || w.clip >= w.clips))
            add(path + ".clip", "must lie in [0, " + std::to_string(w.clips - 1) + "] for " +
                                    std::to_string(w.clips) + " clips, got " +
                                    std::to_string(w.clip));
        else if (w.clips == 0 && w.clip != 0)
            add(path + ".clip", "picks one of `clips` windows; set `clips` too");
        if (w.clips > 0 &&
            !(w.kind == RequestWorkloadKind::Trace || (sampled && w.pattern == Pattern::P4)))
            add(path + ".clips", "clips cut a replayed trace: use them with kind: trace, or "
                                 "with pattern: P4 and a trace `path`");
        if (w.kind == RequestWorkloadKind::Trace) {
            if (w.tracePath.empty())
                add(path + ".path", "a trace workload needs `path` (the CSV file, relative to "
                                    "the scenario)");
            if (w.traceFormat.empty())
                add(path + ".format", "a trace workload needs `format`: alibaba-2017 or "
                                      "alibaba-2018");
        }
        if (!w.traceFormat.empty() && w.traceFormat != "alibaba-2017" &&
            w.traceFormat != "alibaba-2018")
            add(path + ".format", "expected alibaba-2017 or alibaba-2018, got '" + w.traceFormat +
                                      "'" +
                                      didYouMean(w.traceFormat, {"alibaba-2017", "alibaba-2018"}));
    }
};

} // namespace

void checkWorkload(const Scenario &s, std::vector<ScenarioError> &errors)
{
    WorkloadChecks(s, errors).run();
}

} // namespace schedlab::detail
