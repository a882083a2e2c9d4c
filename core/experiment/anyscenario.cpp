// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/anyscenario.h"

#include "global/globalscenarioreader.h"
#include "scenario/loadtextfile.h"

namespace schedlab {

namespace {
std::string counted(long n, const char *what)
{
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

int edgeNodeCount(const Scenario &s)
{
    int n = 0;
    for (const SiteSpec &site : s.sites)
        if (site.kind == SiteKind::Edge)
            for (const EapSpec &eap : site.eaps)
                for (const NodeSpec &group : eap.nodes)
                    n += group.count;
    return n;
}

template <typename Load> AnyScenarioLoad fromLoad(Load &&load)
{
    AnyScenarioLoad out;
    out.errors = std::move(load.errors);
    if constexpr (requires { load.warnings; })
        out.warnings = std::move(load.warnings);
    if (load.ok())
        out.scenario.emplace(std::move(*load.scenario));
    return out;
}
} // namespace

const std::string &AnyScenario::name() const
{
    return isGlobal() ? global().name : cluster().name;
}

std::uint64_t AnyScenario::seed() const
{
    return isGlobal() ? global().seed : cluster().seed;
}

std::string AnyScenario::summary() const
{
    if (isGlobal())
        return "global: " + counted(global().clusters, "cluster") + ", " +
               counted(global().schedulers, "scheduler");
    const Scenario &s = cluster();
    long pods = 0;
    for (const DeploymentStream &d : s.workload.deployments)
        pods += d.count;
    return counted(edgeNodeCount(s), "edge node") + ", " +
           counted(long(s.services.size()), "service") + (pods ? ", " + counted(pods, "pod") : "");
}

AnyScenarioLoad loadAnyScenarioText(const std::string &yaml, const std::string &fileName,
                                    double runDuration)
{
    if (global::isGlobalScenarioText(yaml))
        return fromLoad(global::loadGlobalScenarioText(yaml, fileName));
    return fromLoad(loadScenarioText(yaml, fileName, runDuration));
}

AnyScenarioLoad loadAnyScenarioFile(const std::string &path, double runDuration)
{
    return loadTextFile<AnyScenarioLoad>(
        path, [runDuration](const std::string &text, const std::string &file) {
            return loadAnyScenarioText(text, file, runDuration);
        });
}

} // namespace schedlab
