// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

#include "experiment/anyscenario.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

namespace schedlab::cli {

void registerValidateCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand("validate", "Check scenario files (schema, units, references)");
    static std::vector<std::string> files;
    cmd->add_option("files", files, "Scenario YAML files")->required();
    cmd->callback([&exitCode] {
        bool allValid = true;
        for (const std::string &file : files) {
            const AnyScenarioLoad load = loadAnyScenarioFile(file);
            for (const ScenarioError &e : load.errors)
                std::fprintf(stderr, "%s\n", e.format().c_str());
            if (!load.ok()) {
                allValid = false;
                std::fprintf(stderr, "%s: %zu error%s\n", file.c_str(), load.errors.size(),
                             load.errors.size() == 1 ? "" : "s");
                continue;
            }
            std::printf("%s: ok (%s)\n", file.c_str(), load.scenario->summary().c_str());
        }
        exitCode = allValid ? Ok : BadInput;
    });
}

} // namespace schedlab::cli
