// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/comparisonfiles.h"
#include "base/jsontext.h"

#include "base/textfile.h"

#include <filesystem>
#include <sstream>

namespace schedlab {

namespace {
nlohmann::ordered_json policiesOf(const PolicySelection &p)
{
    return {{"dispatch", p.dispatch},
            {"dequeue", p.dequeue},
            {"orchestration", p.orchestration},
            {"placement", p.placement}};
}
} // namespace

nlohmann::ordered_json comparisonJson(const Scenario &scenario, const ComparisonSpec &spec,
                                      const std::vector<VariantSummary> &summary)
{
    nlohmann::ordered_json out;
    out["scenario"] = scenario.name;
    out["seeds"] = spec.seeds;
    out["duration_s"] = spec.duration > 0 ? spec.duration : scenario.time.duration;
    nlohmann::ordered_json policies = nlohmann::ordered_json::array();
    for (const VariantSummary &v : summary) {
        nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
        for (const auto &[name, ci] : v.metrics)
            metrics[name] = {{"mean", ci.mean}, {"ci95", ci.ci95}, {"n", ci.n}};
        policies.push_back(
            {{"name", v.label}, {"policies", policiesOf(v.policies)}, {"metrics", metrics}});
    }
    out["policies"] = policies;
    return out;
}

bool writeComparisonFiles(const std::string &dir, const Scenario &scenario,
                          const ComparisonSpec &spec, const std::vector<CellResult> &cells,
                          const std::vector<VariantSummary> &summary, std::string *error)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        *error = "cannot create " + dir + ": " + ec.message();
        return false;
    }
    const std::filesystem::path base(dir);
    std::ostringstream sum, runs, frames, cdf, json;
    sum << "policy,metric,mean,ci95,n\n";
    for (const VariantSummary &v : summary)
        for (const auto &[name, ci] : v.metrics)
            sum << csvField(v.label) << ',' << name << ',' << csvNumber(ci.mean) << ','
                << csvNumber(ci.ci95) << ',' << ci.n << '\n';

    bool header = false;
    frames << "policy,seed,frame,time_s,throughput,arrived,on_time,dropped,avg_util,imbalance,"
              "edge_replicas\n";
    cdf << "policy,seed,response_s,fraction\n";
    for (const CellResult &c : cells) {
        if (!c.error.empty())
            continue;
        const std::string &label = spec.variants[c.variant].label;
        const auto seed = spec.seeds[c.seedIndex];
        if (!header) {
            runs << "policy,seed";
            for (const MetricValue &m : c.result.metrics)
                runs << ',' << m.name;
            runs << '\n';
            header = true;
        }
        runs << csvField(label) << ',' << seed;
        for (const MetricValue &m : c.result.metrics)
            runs << ',' << csvNumber(m.value);
        runs << '\n';
        for (std::size_t f = 0; f < c.result.frames.size(); ++f) {
            const FramePoint &p = c.result.frames[f];
            frames << csvField(label) << ',' << seed << ',' << f << ',' << csvNumber(p.time) << ','
                   << csvNumber(p.throughput) << ',' << p.arrived << ',' << p.onTime << ','
                   << p.dropped << ',' << csvNumber(p.avgUtil) << ',' << csvNumber(p.imbalance)
                   << ',' << p.edgeReplicas << '\n';
        }
        for (const auto &[seconds, fraction] : c.result.responseCdf)
            cdf << csvField(label) << ',' << seed << ',' << csvNumber(seconds) << ','
                << csvNumber(fraction) << '\n';
    }
    json << jsonText(comparisonJson(scenario, spec, summary)) << '\n';
    // All files or none: a failed write (a full disk) keeps the set written before.
    const std::string texts[] = {sum.str(), runs.str(), frames.str(), cdf.str(), json.str()};
    const std::vector<std::string> paths = comparisonFiles(base.string());
    std::vector<std::pair<std::string, std::string_view>> files;
    for (std::size_t i = 0; i < paths.size(); ++i)
        files.emplace_back(paths[i], texts[i]);
    return replaceFiles(files, error);
}

std::vector<std::string> comparisonFiles(const std::string &dir)
{
    std::vector<std::string> out;
    for (const char *name : {"summary.csv", "runs.csv", "frames.csv", "cdf.csv", "summary.json"})
        out.push_back((std::filesystem::path(dir) / name).string());
    return out;
}

} // namespace schedlab
