// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

#include "global/globalscenarioreader.h"
#include "scenario/scenarioio.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

namespace schedlab::cli {

namespace {
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
} // namespace

void registerValidateCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand("validate", "Check scenario files (schema, units, references)");
    static std::vector<std::string> files;
    cmd->add_option("files", files, "Scenario YAML files")->required();
    cmd->callback([&exitCode] {
        bool allValid = true;
        for (const std::string &file : files) {
            if (global::isGlobalScenarioFile(file)) {
                const global::GlobalScenarioLoad g = global::loadGlobalScenarioFile(file);
                for (const ScenarioError &e : g.errors)
                    std::fprintf(stderr, "%s\n", e.format().c_str());
                if (!g.ok()) {
                    allValid = false;
                    std::fprintf(stderr, "%s: %zu error%s\n", file.c_str(), g.errors.size(),
                                 g.errors.size() == 1 ? "" : "s");
                } else {
                    std::printf("%s: ok (global: %d clusters, %d schedulers)\n", file.c_str(),
                                g.scenario->clusters, g.scenario->schedulers);
                }
                continue;
            }
            const ScenarioLoad load = loadScenarioFile(file);
            const std::vector<ScenarioError> &errors = load.errors;
            for (const ScenarioError &e : errors)
                std::fprintf(stderr, "%s\n", e.format().c_str());
            if (!errors.empty()) {
                allValid = false;
                std::fprintf(stderr, "%s: %zu error%s\n", file.c_str(), errors.size(),
                             errors.size() == 1 ? "" : "s");
                continue;
            }
            const int nodes = edgeNodeCount(*load.scenario);
            const std::size_t services = load.scenario->services.size();
            int pods = 0;
            for (const DeploymentStream &d : load.scenario->workload.deployments)
                pods += d.count;
            const std::string podText =
                pods ? ", " + std::to_string(pods) + " pod" + (pods == 1 ? "" : "s") : "";
            std::printf("%s: ok (%d edge node%s, %zu service%s%s)\n", file.c_str(), nodes,
                        nodes == 1 ? "" : "s", services, services == 1 ? "" : "s",
                        podText.c_str());
        }
        exitCode = allValid ? Ok : BadInput;
    });
}

} // namespace schedlab::cli
