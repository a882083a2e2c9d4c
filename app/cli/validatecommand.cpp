// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

#include "experiment/anyscenario.h"
#include "workload/tracereader.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace schedlab::cli {

namespace {
/** The trace a request workload reads, read as a run reads it. */
struct TraceCheck
{
    std::string problem; ///< why a run could not read it; "" if it can
    std::string path;    ///< as resolved against the scenario's folder
    std::optional<TraceReport> report;
};

TraceCheck checkTrace(const AnyScenario &scenario, const std::string &file)
{
    if (scenario.isGlobal())
        return {};
    const std::string &trace = scenario.cluster().workload.requests.tracePath;
    if (trace.empty())
        return {};
    std::filesystem::path path = trace;
    if (path.is_relative())
        path = std::filesystem::path(file).parent_path() / path;
    TraceCheck check{{}, path.lexically_normal().string(), std::nullopt};
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        check.problem = "no trace file " + check.path + " (a path is relative to the scenario)";
    else if (!std::filesystem::is_regular_file(path, ec))
        check.problem = check.path + " is not a regular file";
    if (!check.problem.empty())
        return check;
    const auto format = traceFormatFromName(scenario.cluster().workload.requests.traceFormat);
    if (!format)
        return check; // the scenario's own check names the format
    const TraceImport import = importAlibabaTraceFile(check.path, *format);
    if (import.tasks.empty())
        check.problem = "trace " + check.path + " has no usable rows (" +
                        std::to_string(import.report.rowsRead) + " read" +
                        (import.report.error.empty() ? "" : ": " + import.report.error) +
                        "); schedlab-cli import-trace says why";
    check.report = import.report;
    return check;
}

/** "  trace PATH: U of R rows used; skipped: N reason (first at line L), ...": what
 *  a run will take from the trace and what it will leave out, and where. */
std::string traceLine(const TraceCheck &check)
{
    const TraceReport &r = *check.report;
    std::string line = "  trace " + check.path + ": " + std::to_string(r.used) + " of " +
                       std::to_string(r.rowsRead) + " rows used";
    std::string separator = "; skipped: ";
    for (const auto &[reason, rows] : r.skipped) {
        line += separator + std::to_string(rows) + " " + reason;
        if (const auto first = r.firstLineOf.find(reason); first != r.firstLineOf.end())
            line += " (first at line " + std::to_string(first->second) + ")";
        separator = ", ";
    }
    if (r.lastLineUnterminated)
        line += "; the last line has no line end: the file may be cut short";
    return line;
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
            const TraceCheck trace = checkTrace(*load.scenario, file);
            if (!trace.problem.empty()) {
                allValid = false;
                std::fprintf(stderr, "%s%s: workload.requests.path: %s\n", file.c_str(),
                             tracePathPlace(file).c_str(), trace.problem.c_str());
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
            if (trace.report)
                std::printf("%s\n", traceLine(trace).c_str());
        }
        exitCode = allValid ? Ok : BadInput;
    });
}

} // namespace schedlab::cli
