// SPDX-License-Identifier: GPL-3.0-or-later
#include "clisupport.h"

#include "policy/registry.h"
#include "scenario/scenarioio.h"
#include "scenario/units.h"

#include <cstdio>

namespace schedlab::cli {

std::optional<Scenario> loadScenarioOrReport(const std::string &path)
{
    ScenarioLoad load = loadScenarioFile(path);
    for (const ScenarioError &e : load.errors)
        std::fprintf(stderr, "%s\n", e.format().c_str());
    if (!load.ok())
        return std::nullopt;
    return std::move(*load.scenario);
}

std::optional<double> parseDurationOption(const std::string &text, const char *option)
{
    const Parsed<double> d = parseDuration(text);
    if (!d.ok() || d.value <= 0.0) {
        std::fprintf(stderr, "error: %s: %s\n", option,
                     d.ok() ? "must be positive" : d.error.c_str());
        return std::nullopt;
    }
    return d.value;
}

bool loadCheckpointOption(const std::string &path, std::shared_ptr<const LearnedModel> &model)
{
    if (path.empty())
        return true;
    try {
        model = std::make_shared<const LearnedModel>(loadModel(path));
        return true;
    } catch (const CheckpointError &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return false;
    }
}

bool policiesKnown(const PolicySelection &p)
{
    const std::pair<Plane, const std::string *> planes[] = {{Plane::Dispatch, &p.dispatch},
                                                            {Plane::Dequeue, &p.dequeue},
                                                            {Plane::Orchestration, &p.orchestration},
                                                            {Plane::Placement, &p.placement}};
    for (const auto &[plane, name] : planes)
        if (!isKnownPolicy(plane, *name)) {
            std::fprintf(stderr, "error: %s\n", unknownPolicyMessage(plane, *name).c_str());
            return false;
        }
    return true;
}

std::vector<std::string> splitList(const std::string &csv)
{
    std::vector<std::string> out;
    std::string item;
    for (char c : csv + ",") {
        if (c == ',') {
            if (!item.empty())
                out.push_back(item);
            item.clear();
        } else if (c != ' ') {
            item += c;
        }
    }
    return out;
}

nlohmann::ordered_json metricsJson(const RunResult &result)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const MetricValue &m : result.metrics)
        out[m.name] = m.value;
    return out;
}

nlohmann::ordered_json policiesJson(const PolicySelection &p)
{
    return {{"dispatch", p.dispatch},
            {"dequeue", p.dequeue},
            {"orchestration", p.orchestration},
            {"placement", p.placement}};
}

} // namespace schedlab::cli
