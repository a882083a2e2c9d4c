// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsontext.h"
#include "base/textfile.h"
#include "clisupport.h"
#include "command.h"

#include "workload/tracereader.h"
#include "workload/tracesummary.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace schedlab::cli {

namespace {
struct ImportTraceOptions
{
    std::string format;
    std::string file;
    std::string out;
    bool json = false;
};

std::uint64_t firstLine(const TraceReport &r, const std::string &key)
{
    const auto it = r.firstLineOf.find(key);
    return it == r.firstLineOf.end() ? 0 : it->second;
}

std::uint64_t skippedTotal(const TraceReport &r)
{
    std::uint64_t n = 0;
    for (const auto &[reason, count] : r.skipped)
        n += count;
    return n;
}

nlohmann::ordered_json reportJson(const TraceImport &import, const TraceSummary &s,
                                  const std::string &out)
{
    const TraceReport &r = import.report;
    nlohmann::ordered_json j;
    j["source"] = r.source;
    j["format"] = traceFormatName(r.format);
    j["rows_read"] = r.rowsRead;
    j["used"] = r.used;
    j["repaired"] = r.repaired;
    j["skipped"] = nlohmann::ordered_json::object();
    for (const auto &[reason, count] : r.skipped)
        j["skipped"][reason] = count;
    j["repairs"] = nlohmann::ordered_json::object();
    for (const auto &[repair, count] : r.repairs)
        j["repairs"][repair] = count;
    j["first_line"] = nlohmann::ordered_json::object();
    for (const auto &[key, line] : r.firstLineOf)
        j["first_line"][key] = line;
    j["blank_lines"] = r.blankLines;
    j["header"] = r.headerFound;
    j["last_line_unterminated"] = r.lastLineUnterminated;
    nlohmann::ordered_json t;
    t["count"] = s.count;
    const bool any = s.count > 0;
    t["start_min"] = any ? nlohmann::ordered_json(s.startMin) : nullptr;
    t["start_max"] = any ? nlohmann::ordered_json(s.startMax) : nullptr;
    t["end_max"] = any ? nlohmann::ordered_json(s.endMax) : nullptr;
    t["services"] = s.services;
    t["cpu_min"] = any ? nlohmann::ordered_json(s.cpuMin) : nullptr;
    t["cpu_max"] = any ? nlohmann::ordered_json(s.cpuMax) : nullptr;
    t["memory_min"] = any ? nlohmann::ordered_json(s.memoryMin) : nullptr;
    t["memory_max"] = any ? nlohmann::ordered_json(s.memoryMax) : nullptr;
    j["tasks"] = t;
    if (!out.empty())
        j["out"] = out;
    return j;
}

void printReport(const TraceImport &import, const TraceSummary &s, const std::string &out)
{
    const TraceReport &r = import.report;
    std::printf("%s (%s)\n", r.source.c_str(), traceFormatName(r.format).c_str());
    std::printf("  rows read  %10llu%s\n", (unsigned long long)r.rowsRead,
                r.headerFound ? "  (after a header row)" : "");
    std::printf("  used       %10llu\n", (unsigned long long)r.used);
    std::printf("  repaired   %10llu\n", (unsigned long long)r.repaired);
    for (const auto &[repair, count] : r.repairs)
        std::printf("    %-24s %8llu  first at line %llu\n", repair.c_str(),
                    (unsigned long long)count, (unsigned long long)firstLine(r, repair));
    std::printf("  skipped    %10llu\n", (unsigned long long)skippedTotal(r));
    for (const auto &[reason, count] : r.skipped)
        std::printf("    %-24s %8llu  first at line %llu\n", reason.c_str(),
                    (unsigned long long)count, (unsigned long long)firstLine(r, reason));
    if (r.blankLines > 0)
        std::printf("  blank lines ignored: %llu (first at line %llu)\n",
                    (unsigned long long)r.blankLines,
                    (unsigned long long)firstLine(r, "blank line"));
    if (r.lastLineUnterminated)
        std::printf("  note: the last line has no line break; the file may be truncated\n");
    if (s.count > 0) {
        std::printf("  start      %g .. %g s (span %g s, last end %g s)\n", s.startMin, s.startMax,
                    s.startMax - s.startMin, s.endMax);
        std::printf("  services   %zu distinct\n", s.services);
        std::printf("  cpu        %g .. %g cores per instance\n", s.cpuMin, s.cpuMax);
        std::printf("  memory     %g .. %g of the largest machine\n", s.memoryMin, s.memoryMax);
    }
    if (!out.empty())
        std::printf("  wrote %zu tasks to %s\n", s.count, out.c_str());
}

int runImportTrace(const ImportTraceOptions &o)
{
    const auto format = traceFormatFromName(o.format);
    if (!format) {
        std::fprintf(stderr,
                     "import-trace: unknown format '%s' (expected alibaba-2017 or "
                     "alibaba-2018)\n",
                     o.format.c_str());
        return BadInput;
    }
    if (!o.out.empty() && !outputAllowed(o.out, "--out", {o.file}))
        return BadInput;
    const TraceImport import = importAlibabaTraceFile(o.file, *format);
    if (!import.report.error.empty()) {
        std::fprintf(stderr, "import-trace: %s\n", import.report.error.c_str());
        return BadInput;
    }
    if (!o.out.empty() && import.tasks.empty()) {
        std::fprintf(stderr, "import-trace: %s has no usable task; %s was not written\n",
                     o.file.c_str(), o.out.c_str());
        return BadInput;
    }
    if (!o.out.empty()) {
        std::ostringstream csv;
        writeTraceTasksCsv(csv, import.tasks);
        std::string why;
        if (!replaceFile(o.out, csv.str(), &why)) {
            std::fprintf(stderr, "import-trace: %s\n", why.c_str());
            return RunFailed;
        }
    }
    const TraceSummary summary = summarizeTrace(import.tasks);
    if (o.json)
        std::printf("%s\n", jsonText(reportJson(import, summary, o.out)).c_str());
    else
        printReport(import, summary, o.out);
    const TraceReport &r = import.report;
    if (!import.tasks.empty())
        return Ok;
    if (r.rowsRead > 0 && r.skipped.count("wrong column count"))
        std::fprintf(stderr,
                     "import-trace: no usable rows in %s; %s has %s columns - is it the "
                     "other format?\n",
                     o.file.c_str(), o.format.c_str(),
                     *format == TraceFormat::Alibaba2017 ? "8" : "9");
    else
        std::fprintf(stderr, "import-trace: no usable rows in %s (%s read)\n", o.file.c_str(),
                     std::to_string(r.rowsRead).c_str());
    return BadInput;
}
} // namespace

void registerImportTraceCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand(
        "import-trace", "Read an Alibaba batch_task CSV and report what was used and skipped");
    static ImportTraceOptions options;
    cmd->add_option("--format", options.format, "alibaba-2017 or alibaba-2018")->required();
    cmd->add_option("file", options.file, "The batch_task CSV file")->required();
    cmd->add_flag("--json", options.json, "Print one JSON object");
    cmd->add_option("--out", options.out, "Write the cleaned tasks as CSV");
    cmd->callback([&exitCode] { exitCode = runImportTrace(options); });
}

} // namespace schedlab::cli
