// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsontext.h"
#include "command.h"

#include "registry/registry.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace schedlab::cli {

void registerListPoliciesCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand("list-policies", "List the scheduling policies by plane");
    static bool json = false;
    cmd->add_flag("--json", json, "Print a JSON array");
    cmd->callback([&exitCode] {
        if (json) {
            nlohmann::ordered_json out = nlohmann::ordered_json::array();
            for (const PolicyInfo &p : policyCatalog())
                out.push_back({{"plane", planeName(p.plane)},
                               {"name", p.name},
                               {"summary", p.summary},
                               {"source", p.source}});
            std::printf("%s\n", jsonText(out).c_str());
        } else {
            std::string plane;
            for (const PolicyInfo &p : policyCatalog()) {
                if (planeName(p.plane) != plane) {
                    plane = planeName(p.plane);
                    std::printf("%s%s:\n", plane == "dispatch" ? "" : "\n", plane.c_str());
                }
                std::printf("  %-24s %s  [%s]\n", p.name.c_str(), p.summary.c_str(),
                            p.source.c_str());
            }
        }
        exitCode = Ok;
    });
}

} // namespace schedlab::cli
