// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

enum class TraceFormat { Alibaba2017, Alibaba2018 };

/** "alibaba-2017" / "alibaba-2018"; nullopt for anything else. */
std::optional<TraceFormat> traceFormatFromName(const std::string &name);
std::string traceFormatName(TraceFormat format);

/** One usable task of a batch_task table, times in trace seconds. */
struct TraceTask
{
    double start = 0.0;  ///< arrival
    double end = 0.0;    ///< end - start is the deadline (DESIGN.md section 3)
    std::string service; ///< task type (2018) or "job:<job_id>" (2017, which has no type)
    double cpu = 0.0;    ///< cores per instance (trace value / 100)
    double memory = 0.0; ///< fraction of the largest machine (2017 as given, 2018 plan_mem / 100)
    int instances = 1;
};

/**
 * What happened to every row: nothing is skipped silently.
 *
 * A row is every non-blank line except the first header; each row is either used
 * or skipped for exactly one reason, the first check it fails:
 *  - the line: "line too long" (> 64 KiB), "nul byte", "invalid utf-8", "bad quoting"
 *    (an unterminated or stray double quote), "duplicate header" (a header row after
 *    the first non-blank line), "wrong column count";
 *  - "status not Terminated": Waiting, Running, Failed, ... rows have no final end;
 *  - times: "missing time", "unparsable number", "negative time", "end before start",
 *    "time out of range" (an end past 10^9 s);
 *  - instances: "missing instances", "unparsable number", "zero instances",
 *    "negative instances";
 *  - cpu: "missing cpu", "unparsable number", "negative cpu", "cpu out of range" (more
 *    than 100,000 cores);
 *  - memory: "missing memory", "unparsable number", "memory out of range" (outside
 *    0..1 after scaling);
 *  - service: "missing job id" (2017) or "missing task type" (2018).
 * Numbers are whole-field std::from_chars: no '+', no inf/nan. So
 * rowsRead == used + sum(skipped), except for the file-level "unreadable file" and
 * "read error", which are not rows. Blank lines are counted apart (blankLines).
 *
 * Repairs are unambiguous only: "crlf line ending", "cr line ending" (a file whose
 * lines end in a lone CR), "whitespace trimmed", "quoted field", "utf-8 bom removed";
 * they are counted over used rows.
 */
struct TraceReport
{
    std::string source;
    TraceFormat format = TraceFormat::Alibaba2017;
    std::uint64_t rowsRead = 0; ///< data rows, header excluded
    std::uint64_t used = 0;
    std::uint64_t repaired = 0;                       ///< used after a documented repair
    std::map<std::string, std::uint64_t> skipped;     ///< reason -> rows
    std::map<std::string, std::uint64_t> repairs;     ///< repair -> used rows
    std::map<std::string, std::uint64_t> firstLineOf; ///< reason, repair or "blank line" -> line
    std::uint64_t blankLines = 0;                     ///< empty or whitespace-only lines, not rows
    bool headerFound = false;          ///< the first non-blank line was the schema's header
    bool lastLineUnterminated = false; ///< no '\n' at the end: the file may be truncated
    std::string error;                 ///< why the file could not be read, else empty
};

struct TraceImport
{
    std::vector<TraceTask> tasks; ///< sorted by start, ties in file order
    TraceReport report;
};

/** Reads a batch_task CSV; never throws on bad rows, only counts them. */
TraceImport importAlibabaTrace(std::istream &in, TraceFormat format, const std::string &source);
/** Opens `path`; an unreadable file gives an empty import with skipped["unreadable file"]. */
TraceImport importAlibabaTraceFile(const std::string &path, TraceFormat format);

} // namespace schedlab
