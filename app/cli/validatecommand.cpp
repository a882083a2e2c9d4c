// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

#include "experiment/anyscenario.h"
#include "workload/tracereader.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace schedlab::cli {

namespace {
/** The trace a request workload reads, checked as a run would open it; "" if fine. */
std::string traceProblem(const AnyScenario &scenario, const std::string &file)
{
    if (scenario.isGlobal())
        return {};
    const std::string &trace = scenario.cluster().workload.requests.tracePath;
    if (trace.empty())
        return {};
    std::filesystem::path path = trace;
    if (path.is_relative())
        path = std::filesystem::path(file).parent_path() / path;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return "no trace file " + path.string() + " (a path is relative to the scenario)";
    if (!std::filesystem::is_regular_file(path, ec))
        return path.string() + " is not a regular file";
    // Read as a run reads it: a file with no usable row would only fail there.
    const auto format = traceFormatFromName(scenario.cluster().workload.requests.traceFormat);
    if (!format)
        return {}; // the scenario's own check names the format
    const TraceImport import = importAlibabaTraceFile(path.string(), *format);
    if (import.tasks.empty())
        return "trace " + path.string() + " has no usable rows (" +
               std::to_string(import.report.rowsRead) + " read" +
               (import.report.error.empty() ? "" : ": " + import.report.error) +
               "); schedlab-cli import-trace says why";
    return {};
}
/** ":line:column" of `workload.requests.path` in the file `file` (which loaded), or "". */
std::string tracePathPlace(const std::string &file)
{
    try {
        const YAML::Node path = YAML::LoadFile(file)["workload"]["requests"]["path"];
        if (path && path.Mark().line >= 0)
            return ":" + std::to_string(path.Mark().line + 1) + ":" +
                   std::to_string(path.Mark().column + 1);
    } catch (const YAML::Exception &) {
    }
    return {};
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
            const AnyScenarioLoad load = loadAnyScenarioFile(file);
            for (const ScenarioError &e : load.errors)
                std::fprintf(stderr, "%s\n", e.format().c_str());
            if (!load.ok()) {
                allValid = false;
                std::fprintf(stderr, "%s: %zu error%s\n", file.c_str(), load.errors.size(),
                             load.errors.size() == 1 ? "" : "s");
                continue;
            }
            if (const std::string problem = traceProblem(*load.scenario, file); !problem.empty()) {
                allValid = false;
                std::fprintf(stderr, "%s%s: workload.requests.path: %s\n", file.c_str(),
                             tracePathPlace(file).c_str(), problem.c_str());
                continue;
            }
            for (const ScenarioError &w : load.warnings)
                std::fprintf(stderr, "%s\n", w.format().c_str());
            std::printf("%s: ok (%s)%s\n", file.c_str(), load.scenario->summary().c_str(),
                        load.warnings.empty()
                            ? ""
                            : (", " + std::to_string(load.warnings.size()) + " warning" +
                               (load.warnings.size() == 1 ? "" : "s"))
                                  .c_str());
        }
        exitCode = allValid ? Ok : BadInput;
    });
}

} // namespace schedlab::cli
