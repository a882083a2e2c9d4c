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
    double start = 0.0;    ///< arrival
    double end = 0.0;      ///< end - start is the deadline (DESIGN.md section 3)
    std::string service;   ///< task type (2018) or a stable job/task key (2017)
    double cpu = 0.0;      ///< cores per instance (trace value / 100)
    double memory = 0.0;   ///< normalized memory per instance
    int instances = 1;
};

/** What happened to every row: nothing is skipped silently. */
struct TraceReport
{
    std::string source;
    TraceFormat format = TraceFormat::Alibaba2017;
    std::uint64_t rowsRead = 0; ///< data rows, header excluded
    std::uint64_t used = 0;
    std::uint64_t repaired = 0;                       ///< used after a documented repair
    std::map<std::string, std::uint64_t> skipped;     ///< reason -> rows
    std::map<std::string, std::uint64_t> repairs;     ///< repair -> rows
    std::map<std::string, std::uint64_t> firstLineOf; ///< reason -> first line number seen
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
