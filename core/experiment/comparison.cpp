// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/comparison.h"

#include "engine/engine.h"
#include "engine/stopwatcher.h"
#include "learn/learnedmodel.h"
#include "learn/trainingcurve.h"
#include "metrics/metriccatalog.h"
#include "registry/buildpolicies.h"
#include "registry/registry.h"

#include <algorithm>
#include <charconv>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace schedlab {

RunResult runScenario(const Scenario &scenario, const PolicySelection &policies, std::uint64_t seed,
                      double duration, SimObserver *observer,
                      std::shared_ptr<const LearnedModel> model, PolicySet given)
{
    Engine engine(scenario, buildPolicySet(policies, model, std::move(given)), {seed, duration});
    engine.addObserver(observer);
    RunResult result = engine.run();
    addTrainingMetrics(result, policies, model.get());
    return result;
}

void addTrainingMetrics(RunResult &result, const PolicySelection &policies,
                        const LearnedModel *model)
{
    if (!model)
        return;
    bool learned = false;
    for (const auto &[plane, name] : {std::pair{Plane::Dispatch, &policies.dispatch},
                                      std::pair{Plane::Dequeue, &policies.dequeue},
                                      std::pair{Plane::Orchestration, &policies.orchestration},
                                      std::pair{Plane::Placement, &policies.placement}})
        if (const PolicyInfo *info = findPolicy(plane, *name); info && !info->agent.empty())
            learned = true;
    if (!learned)
        return;
    for (const char *key : {kTrainingFramesKey, kTrainingConvergedKey, kTrainingPhiKey})
        if (const auto it = model->info.find(key); it != model->info.end()) {
            double value = 0.0; // as to_chars wrote it, whatever the locale
            const std::string &text = it->second;
            if (std::from_chars(text.data(), text.data() + text.size(), value).ec == std::errc{})
                result.metrics.push_back(metricValue(key, value));
        }
}

std::vector<CellResult> runComparison(const Scenario &scenario, const ComparisonSpec &spec,
                                      const std::function<void(int, int)> &progress,
                                      const std::atomic<bool> *cancel, const ComparisonHooks &hooks)
{
    const int seeds = int(spec.seeds.size());
    const int total = int(spec.variants.size()) * seeds;
    std::vector<CellResult> cells(total);
    std::atomic<int> done{0};
    for (int i = 0; i < total; ++i) {
        cells[i].variant = i / seeds;
        cells[i].seedIndex = i % seeds;
        cells[i].error = "cancelled before it ran";
        if (i < int(hooks.known.size()) && hooks.known[i]) {
            cells[i].result = *hooks.known[i];
            cells[i].error.clear();
            ++done;
        } else if (hooks.selected && !hooks.selected(i)) {
            cells[i].error = kNotSelected;
            ++done;
        }
    }
    std::atomic<int> next{0};
    auto work = [&] {
        for (int i = next++; i < total; i = next++) {
            if (cancel && cancel->load())
                return;
            CellResult &cell = cells[i];
            if (cell.error.empty() || cell.error == kNotSelected)
                continue; // known already, or not to run here
            cell.error.clear();
            if (hooks.started)
                hooks.started(cell.variant, cell.seedIndex);
            try {
                std::optional<StopWatcher> watcher;
                if (hooks.stopRuns)
                    watcher.emplace(*hooks.stopRuns);
                const Variant &variant = spec.variants[cell.variant];
                cell.result = runScenario(scenario, variant.policies, spec.seeds[cell.seedIndex],
                                          spec.duration, watcher ? &*watcher : nullptr, spec.model,
                                          variant.given ? variant.given() : PolicySet{});
                if (hooks.stopRuns && hooks.stopRuns->load())
                    cell.error = kInterrupted;
            } catch (const std::exception &e) {
                cell.error = e.what();
            }
            if (hooks.finished)
                hooks.finished(cell);
            const int finished = ++done;
            if (progress)
                progress(finished, total);
        }
    };
    const int jobs = std::max(1, std::min(spec.jobs, total));
    {
        std::vector<std::jthread> workers;
        for (int j = 1; j < jobs; ++j)
            workers.emplace_back(work);
        work();
    }
    return cells;
}

std::vector<VariantSummary> summarise(const ComparisonSpec &spec,
                                      const std::vector<CellResult> &cells)
{
    std::vector<VariantSummary> out;
    for (int v = 0; v < int(spec.variants.size()); ++v) {
        VariantSummary s;
        s.label = spec.variants[v].label;
        s.policies = spec.variants[v].policies;
        const RunResult *first = nullptr;
        for (const CellResult &c : cells)
            if (c.variant == v && c.error.empty()) {
                first = &c.result;
                break;
            }
        if (first) {
            for (const MetricValue &m : first->metrics) {
                std::vector<double> samples;
                for (const CellResult &c : cells)
                    if (c.variant == v && c.error.empty())
                        samples.push_back(c.result.value(m.name));
                s.metrics.emplace_back(m.name, meanCi(samples));
            }
        }
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<Variant> crossVariants(const PolicySelection &base,
                                   const std::vector<std::string> &dispatch,
                                   const std::vector<std::string> &dequeue,
                                   const std::vector<std::string> &orchestration,
                                   const std::vector<std::string> &placement)
{
    auto orBase = [](const std::vector<std::string> &v, const std::string &b) {
        return v.empty() ? std::vector<std::string>{b} : v;
    };
    const auto ds = orBase(dispatch, base.dispatch);
    const auto qs = orBase(dequeue, base.dequeue);
    const auto os = orBase(orchestration, base.orchestration);
    const auto ps = orBase(placement, base.placement);
    std::vector<Variant> out;
    for (const auto &d : ds)
        for (const auto &q : qs)
            for (const auto &o : os)
                for (const auto &p : ps) {
                    Variant v;
                    v.policies = base;
                    v.policies.dispatch = d;
                    v.policies.dequeue = q;
                    v.policies.orchestration = o;
                    v.policies.placement = p;
                    // The label names only the planes that vary.
                    auto add = [&](bool varies, const std::string &name) {
                        if (varies)
                            v.label += (v.label.empty() ? "" : "+") + name;
                    };
                    add(ds.size() > 1, d);
                    add(qs.size() > 1, q);
                    add(os.size() > 1, o);
                    add(ps.size() > 1, p);
                    if (v.label.empty()) { // one variant: the planes asked for, else dispatch
                        add(!dispatch.empty(), d);
                        add(!dequeue.empty(), q);
                        add(!orchestration.empty(), o);
                        add(!placement.empty(), p);
                    }
                    if (v.label.empty())
                        v.label = d;
                    out.push_back(std::move(v));
                }
    return out;
}

std::vector<std::string> keyMetrics(const std::vector<VariantSummary> &summary, bool wallClock)
{
    std::vector<std::string> reported;
    bool requests = false;
    for (const VariantSummary &v : summary)
        for (const auto &[name, ci] : v.metrics) {
            const MetricInfo *info = findMetric(name);
            if (name == "arrived" && ci.mean > 0)
                requests = true;
            if (info && (wallClock || !info->wallClock) &&
                std::find(reported.begin(), reported.end(), name) == reported.end())
                reported.push_back(name);
        }
    std::vector<MetricGroup> groups = {MetricGroup::Utilisation, MetricGroup::Pods,
                                       MetricGroup::Serving, MetricGroup::Run, MetricGroup::Global};
    if (requests)
        groups.push_back(MetricGroup::Requests);
    return keyMetrics(groups, reported);
}

} // namespace schedlab
