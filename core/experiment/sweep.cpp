// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/sweep.h"

#include "experiment/anyscenario.h"
#include "experiment/comparisonrecorder.h"
#include "experiment/storedsweep.h"
#include "global/globalcomparison.h"
#include "scenario/scenarioio.h"
#include "scenario/yamloverride.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace schedlab {

namespace {
std::string trimmed(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos)
        return {};
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

/** The value's scenario from the edited document, or the loader's messages. */
bool loadPoint(const std::string &text, const std::string &fileName, double runDuration,
               SweepPoint &point, std::vector<ScenarioError> &errors)
{
    AnyScenarioLoad load = loadAnyScenarioText(text, fileName, runDuration);
    errors = std::move(load.errors);
    if (!load.ok())
        return false;
    if (load.scenario->isGlobal()) {
        point.scenario = globalStandIn(load.scenario->global());
        point.global =
            std::make_shared<const global::GlobalScenario>(std::move(load.scenario->global()));
    } else {
        point.scenario = std::move(load.scenario->cluster());
    }
    return true;
}

} // namespace

std::optional<SweepParameter> parseSweepParameter(const std::string &text, std::string *error)
{
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos) {
        *error = "'" + text + "' is not PATH=VALUES, e.g. workload.requests.rate=10/s,20/s,40/s";
        return std::nullopt;
    }
    SweepParameter out;
    out.path = trimmed(text.substr(0, eq));
    if (out.path.empty()) {
        *error = "'" + text + "' names no path before '='";
        return std::nullopt;
    }
    int depth = 0;
    std::string current;
    auto finish = [&] {
        out.values.push_back(trimmed(current));
        current.clear();
    };
    for (std::size_t i = eq + 1; i < text.size(); ++i) {
        const char c = text[i];
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c == ',' && depth <= 0)
            finish();
        else
            current += c;
    }
    finish();
    if (out.values.size() > kMaxSweepValues) {
        *error = std::to_string(out.values.size()) + " values of " + out.path +
                 "; a sweep takes at most " + std::to_string(kMaxSweepValues);
        return std::nullopt;
    }
    std::set<std::string> seen;
    for (std::size_t i = 0; i < out.values.size(); ++i) {
        if (out.values[i].empty()) {
            *error =
                "'" + text + "': value " + std::to_string(i + 1) + " of " + out.path + " is empty";
            return std::nullopt;
        }
        if (!seen.insert(out.values[i]).second) {
            *error = "'" + text + "': the value '" + out.values[i] + "' of " + out.path +
                     " is given twice";
            return std::nullopt;
        }
    }
    return out;
}

Scenario globalStandIn(const global::GlobalScenario &g)
{
    Scenario s;
    s.name = g.name;
    s.description = g.description;
    s.seed = g.seed;
    s.time.duration = g.duration;
    return s;
}

std::vector<CellResult> runGlobalComparison(const global::GlobalScenario &scenario,
                                            const ComparisonSpec &spec,
                                            const ComparisonHooks &hooks,
                                            const std::function<void(int, int)> &progress)
{
    const std::size_t seeds = spec.seeds.size(), total = spec.variants.size() * seeds;
    const auto known = [&](std::size_t cell) {
        return cell < hooks.known.size() && hooks.known[cell];
    };
    const auto runs = [&](int cell) {
        return !known(std::size_t(cell)) && (!hooks.selected || hooks.selected(cell));
    };
    std::vector<std::string> architectures;
    for (const Variant &v : spec.variants)
        architectures.push_back(v.label);
    const global::GlobalComparison c =
        global::compareGlobal(scenario, architectures, spec.seeds, spec.jobs, progress, runs);
    std::vector<CellResult> cells;
    for (std::size_t i = 0; i < total; ++i) {
        CellResult cell{int(i / seeds), int(i % seeds), {}, {}};
        if (known(i)) {
            cell.result = *hooks.known[i];
        } else if (!runs(int(i))) {
            cell.error = kNotSelected;
        } else {
            for (const auto &[name, value] : c.runs[i].metrics())
                cell.result.metrics.push_back({name, value, false});
            if (hooks.started)
                hooks.started(cell.variant, cell.seedIndex);
            if (hooks.finished)
                hooks.finished(cell);
        }
        cells.push_back(std::move(cell));
    }
    return cells;
}

SweepPlan planSweep(const std::string &yamlText, const std::string &fileName,
                    const SweepParameter &parameter, double runDuration)
{
    SweepPlan plan;
    plan.document = yamlText;
    plan.parameter = parameter.path;
    std::vector<ScenarioError> errors;
    if (SweepPoint base; loadPoint(yamlText, fileName, runDuration, base, errors)) {
        plan.scenarioName = base.scenario.name;
        plan.global = base.global != nullptr;
    }
    for (const std::string &value : parameter.values) {
        const std::string what = parameter.path + "=" + value;
        const YamlEdit edit = setYamlScalar(yamlText, parameter.path, value);
        if (!edit.ok()) {
            plan.errors.push_back(fileName + ": " + edit.error);
            if (plan.points.empty())
                break; // the path is wrong: the same for every value
            continue;
        }
        SweepPoint point;
        point.value = value;
        if (!loadPoint(edit.text, fileName, runDuration, point, errors)) {
            for (const ScenarioError &e : errors)
                plan.errors.push_back("with " + what + ": " + e.format());
            const bool unknownKey = std::any_of(errors.begin(), errors.end(), [&](const auto &e) {
                return e.keyPath == parameter.path && e.message.find("unknown key") == 0;
            });
            if (unknownKey && plan.points.empty())
                break; // the key was added and is not one: the same for every value
            continue;
        }
        plan.global = plan.global || point.global;
        plan.points.push_back(std::move(point));
        if (plan.scenarioName.empty())
            plan.scenarioName = plan.points.back().scenario.name;
    }
    return plan;
}

SweepPlan planScenarioSweep(const std::string &baseText, const std::string &baseFile,
                            const SweepParameter &parameter, const ScenarioTextReader &read,
                            double runDuration)
{
    SweepPlan plan;
    plan.document = baseText;
    plan.parameter = parameter.path;
    std::vector<ScenarioError> errors;
    if (SweepPoint base; loadPoint(baseText, baseFile, runDuration, base, errors))
        plan.scenarioName = base.scenario.name;
    const std::filesystem::path folder = std::filesystem::path(baseFile).parent_path();
    for (const std::string &value : parameter.values) {
        const std::string path = (folder / value).lexically_normal().string();
        std::string why;
        const std::optional<std::string> text = read(path, &why);
        if (!text) {
            plan.errors.push_back(parameter.path + "=" + value + ": " + why);
            continue;
        }
        SweepPoint point;
        point.value = value;
        if (!loadPoint(*text, path, runDuration, point, errors)) {
            for (const ScenarioError &e : errors)
                plan.errors.push_back("with " + parameter.path + "=" + value + ": " + e.format());
            continue;
        }
        plan.global = plan.global || point.global;
        plan.points.push_back(std::move(point));
    }
    return plan;
}

SweepPlan planSweepFile(const std::string &path, const SweepParameter &parameter)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::error_code ec;
    if (!in || std::filesystem::is_directory(path, ec)) {
        SweepPlan plan;
        plan.parameter = parameter.path;
        plan.errors.push_back(path + ": cannot read the file");
        return plan;
    }
    return planSweep(text.str(), path, parameter);
}

ComparisonSpec comparisonSpecFor(const SweepSpec &spec, const Scenario &scenario)
{
    ComparisonSpec out;
    out.variants = crossVariants(scenario.policies, spec.dispatch, spec.dequeue, spec.orchestration,
                                 spec.placement);
    for (int i = 0; i < spec.seeds; ++i)
        out.seeds.push_back(scenario.seed + std::uint64_t(i));
    out.duration = spec.duration;
    out.jobs = spec.jobs;
    out.model = spec.model;
    return out;
}

ComparisonSpec comparisonSpecFor(const SweepSpec &spec, const SweepPoint &point)
{
    if (!point.global)
        return comparisonSpecFor(spec, point.scenario);
    ComparisonSpec out;
    for (const std::string &name : spec.architectures)
        out.variants.push_back({name, {}});
    for (int i = 0; i < spec.seeds; ++i)
        out.seeds.push_back(point.global->seed + std::uint64_t(i));
    out.duration = spec.duration;
    out.jobs = spec.jobs;
    return out;
}

SweepResult runSweep(const SweepPlan &plan, const SweepSpec &spec,
                     const std::function<void(int, int)> &progress, const std::atomic<bool> *cancel)
{
    SweepResult out;
    out.document = plan.document;
    out.scenarioName = plan.scenarioName;
    out.parameter = plan.parameter;
    out.global = plan.global;
    int total = 0;
    for (const SweepPoint &p : plan.points) {
        SweepPointResult r;
        r.value = p.value;
        r.scenario = p.scenario;
        r.spec = comparisonSpecFor(spec, p);
        total += int(r.spec.variants.size() * r.spec.seeds.size());
        out.points.push_back(std::move(r));
    }
    int before = 0;
    for (std::size_t i = 0; i < out.points.size(); ++i) {
        SweepPointResult &r = out.points[i];
        const SweepPoint &p = plan.points[i];
        const auto reported = [&](int done, int) {
            if (progress)
                progress(before + done, total);
        };
        const auto &g = plan.points[i].global;
        const auto failEvery = [&r](const std::string &why) {
            for (std::size_t v = 0; v < r.spec.variants.size(); ++v)
                for (std::size_t k = 0; k < r.spec.seeds.size(); ++k)
                    r.cells.push_back({int(v), int(k), {}, why});
        };
        std::string modelError;
        if (!g && spec.modelFor && !(cancel && cancel->load()))
            r.spec.model = spec.modelFor(plan.points[i], &modelError);
        if (!modelError.empty()) {
            failEvery(modelError);
        } else if (g && cancel && cancel->load()) {
            failEvery("cancelled before it ran");
        } else {
            ComparisonHooks hooks;
            hooks.stopRuns = spec.stopRuns;
            if (spec.selected)
                hooks.selected = [&spec, i](int cell) { return spec.selected(int(i), cell); };
            if (g && spec.known)
                for (std::size_t cell = 0; cell < r.spec.variants.size() * r.spec.seeds.size();
                     ++cell)
                    hooks.known.push_back(spec.known(int(i), int(cell)));
            std::optional<ComparisonRecorder> recorder;
            if (spec.store) {
                r.comparison = sweepPointLabel(spec.label, plan.parameter, p.value);
                if (spec.resume && !g)
                    hooks.known = completedCells(*spec.store, r.scenario, r.spec, &r.comparison);
                recorder.emplace(*spec.store, r.scenario, r.spec, r.comparison);
                recorder->attach(hooks);
            }
            if (recorder && !recorder->ok()) { // a full disk, say: nothing is run to be lost
                if (out.storeError.empty())
                    out.storeError = recorder->error();
                failEvery("not run: the store refused it: " + recorder->error());
            } else {
                if (g) {
                    global::GlobalScenario scenario = *g;
                    if (spec.duration > 0)
                        scenario.duration = spec.duration;
                    r.cells = runGlobalComparison(scenario, r.spec, hooks, reported);
                } else {
                    r.cells = runComparison(r.scenario, r.spec, reported, cancel, hooks);
                }
                if (recorder && !recorder->ok() && out.storeError.empty())
                    out.storeError = recorder->error();
            }
        }
        r.summary = summarise(r.spec, r.cells);
        before += int(r.cells.size());
    }
    return out;
}

std::optional<std::vector<double>> sweepAxis(const std::vector<std::string> &values,
                                             std::string *unit)
{
    std::vector<double> out;
    std::optional<std::string> suffix;
    for (const std::string &v : values) {
        double x = 0.0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
        if (ec != std::errc() || !std::isfinite(x))
            return std::nullopt;
        const std::string rest(end, v.data() + v.size());
        if (suffix && *suffix != rest)
            return std::nullopt;
        suffix = rest;
        out.push_back(x);
    }
    if (out.empty())
        return std::nullopt;
    if (unit)
        *unit = suffix.value_or("");
    return out;
}

} // namespace schedlab
