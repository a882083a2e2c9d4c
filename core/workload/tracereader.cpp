// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/tracereader.h"

#include "workload/csvline.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string_view>

namespace schedlab {

namespace {

constexpr std::size_t kMaxLineLength = 64 * 1024;

/** Column positions of one published schema. */
struct Schema
{
    std::size_t columns;
    std::size_t start, end, status, instances, cpu, memory, service;
    std::string_view firstColumn;   ///< how a header row starts
    std::string_view servicePrefix; ///< 2017 has no task type: the job is the key
    double memoryScale;             ///< to a fraction of the largest machine
    const char *missingService;
};

// 2017: task_create_time, task_end_time, job_id, task_id, number_of_instances, status,
//       number_of_cpus_requested_per_instance_in_the_task, normalized_memory_requested_...
constexpr Schema kSchema2017{
    8, 0, 1, 5, 4, 6, 7, 2, "task_create_time", "job:", 1.0, "missing job id"};
// 2018: task_name, instance_num, job_name, task_type, status, start_time, end_time,
//       plan_cpu, plan_mem (0..100)
constexpr Schema kSchema2018{9, 5, 6, 4, 1, 7, 8, 3, "task_name", "", 0.01, "missing task type"};

enum Repair : unsigned { Crlf = 1, Trimmed = 2, Quoted = 4, Bom = 8, Cr = 16 };

constexpr std::pair<Repair, const char *> kRepairNames[] = {{Crlf, "crlf line ending"},
                                                            {Trimmed, "whitespace trimmed"},
                                                            {Quoted, "quoted field"},
                                                            {Bom, "utf-8 bom removed"},
                                                            {Cr, "cr line ending"}};

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char c = a[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != b[i])
            return false;
    }
    return true;
}

void note(std::map<std::string, std::uint64_t> &firstLineOf, const char *key, std::uint64_t line)
{
    firstLineOf.try_emplace(key, line);
}

/** Beyond these a value is damage, not a task: 30 years of trace, 100,000 cores. */
constexpr double kMaxTraceSeconds = 1e9;
constexpr double kMaxTraceCpu = 1e5 * 100.0; // the trace counts cpu in hundredths of a core

/** Checks one split data row; returns the skip reason, or null with `task` filled. */
const char *checkRow(const std::vector<std::string_view> &f, const Schema &s, TraceTask &task)
{
    using csv::NumberStatus;
    if (f.size() != s.columns)
        return "wrong column count";
    if (f[s.status] != "Terminated")
        return "status not Terminated";

    double start = 0.0, end = 0.0;
    const NumberStatus st = csv::parseDouble(f[s.start], start);
    const NumberStatus en = csv::parseDouble(f[s.end], end);
    if (st == NumberStatus::Missing || en == NumberStatus::Missing)
        return "missing time";
    if (st == NumberStatus::Bad || en == NumberStatus::Bad)
        return "unparsable number";
    if (start < 0.0 || end < 0.0)
        return "negative time";
    if (end < start)
        return "end before start";
    if (end > kMaxTraceSeconds)
        return "time out of range";

    std::int64_t instances = 0;
    switch (csv::parseInteger(f[s.instances], instances)) {
    case NumberStatus::Missing:
        return "missing instances";
    case NumberStatus::Bad:
        return "unparsable number";
    case NumberStatus::Ok:
        break;
    }
    if (instances == 0)
        return "zero instances";
    if (instances < 0)
        return "negative instances";
    if (instances > std::numeric_limits<int>::max())
        return "unparsable number";

    double cpu = 0.0, memory = 0.0;
    switch (csv::parseDouble(f[s.cpu], cpu)) {
    case NumberStatus::Missing:
        return "missing cpu";
    case NumberStatus::Bad:
        return "unparsable number";
    case NumberStatus::Ok:
        break;
    }
    if (cpu < 0.0)
        return "negative cpu";
    if (cpu > kMaxTraceCpu)
        return "cpu out of range";
    switch (csv::parseDouble(f[s.memory], memory)) {
    case NumberStatus::Missing:
        return "missing memory";
    case NumberStatus::Bad:
        return "unparsable number";
    case NumberStatus::Ok:
        break;
    }
    memory *= s.memoryScale;
    if (memory < 0.0 || memory > 1.0)
        return "memory out of range";

    if (f[s.service].empty())
        return s.missingService;

    task.start = start;
    task.end = end;
    task.instances = int(instances);
    task.cpu = cpu / 100.0;
    task.memory = memory;
    task.service.assign(s.servicePrefix);
    task.service.append(f[s.service]);
    return nullptr;
}

} // namespace

std::optional<TraceFormat> traceFormatFromName(const std::string &name)
{
    if (name == "alibaba-2017")
        return TraceFormat::Alibaba2017;
    if (name == "alibaba-2018")
        return TraceFormat::Alibaba2018;
    return std::nullopt;
}

std::string traceFormatName(TraceFormat format)
{
    return format == TraceFormat::Alibaba2017 ? "alibaba-2017" : "alibaba-2018";
}

namespace {

/** `sizeHint` (bytes, 0 if unknown) only sizes the task vector up front. */
TraceImport importTrace(std::istream &in, TraceFormat format, const std::string &source,
                        std::uintmax_t sizeHint)
{
    TraceImport out;
    // Real rows are ~50 bytes; reserving spares the reallocation of a growing vector.
    out.tasks.reserve(std::size_t(std::min<std::uintmax_t>(sizeHint / 40, 1u << 24)));
    TraceReport &r = out.report;
    r.source = source;
    r.format = format;
    const Schema &schema = format == TraceFormat::Alibaba2017 ? kSchema2017 : kSchema2018;

    const auto skip = [&r](const char *reason, std::uint64_t line) {
        ++r.skipped[reason];
        note(r.firstLineOf, reason, line);
    };

    csv::LineReader reader(in, kMaxLineLength);
    csv::Line line;
    std::string buffer;
    std::vector<std::string_view> fields;
    bool seenContent = false; // the header may only be the first non-blank line
    while (reader.next(line)) {
        if (!line.terminated)
            r.lastLineUnterminated = true;
        if (line.tooLong) {
            seenContent = true;
            ++r.rowsRead;
            skip("line too long", line.number);
            continue;
        }
        std::string_view text = line.text;
        unsigned repairs = 0;
        if (line.number == 1 && text.starts_with("\xEF\xBB\xBF")) {
            text.remove_prefix(3);
            repairs |= Bom;
        }
        if (!text.empty() && text.back() == '\r') {
            text.remove_suffix(1);
            repairs |= Crlf;
        }
        if (reader.carriageReturnLines())
            repairs |= Cr;
        if (csv::isBlank(text)) {
            ++r.blankLines;
            note(r.firstLineOf, "blank line", line.number);
            continue;
        }
        if (std::memchr(text.data(), '\0', text.size())) {
            seenContent = true;
            ++r.rowsRead;
            skip("nul byte", line.number);
            continue;
        }
        if (!csv::isValidUtf8(text)) {
            seenContent = true;
            ++r.rowsRead;
            skip("invalid utf-8", line.number);
            continue;
        }
        buffer.assign(text);
        const csv::SplitInfo split = csv::splitFields(buffer, fields);
        const bool isHeader =
            split.ok && !fields.empty() && equalsIgnoringCase(fields.front(), schema.firstColumn);
        if (isHeader && !seenContent) {
            seenContent = true;
            r.headerFound = true;
            continue;
        }
        seenContent = true;
        ++r.rowsRead;
        if (!split.ok) {
            skip("bad quoting", line.number);
            continue;
        }
        if (isHeader) {
            skip("duplicate header", line.number);
            continue;
        }
        TraceTask task;
        if (const char *reason = checkRow(fields, schema, task)) {
            skip(reason, line.number);
            continue;
        }
        if (split.trimmed)
            repairs |= Trimmed;
        if (split.quoted)
            repairs |= Quoted;
        if (repairs) {
            ++r.repaired;
            for (const auto &[bit, name] : kRepairNames)
                if (repairs & bit) {
                    ++r.repairs[name];
                    note(r.firstLineOf, name, line.number);
                }
        }
        ++r.used;
        out.tasks.push_back(std::move(task));
    }
    if (reader.readError()) {
        ++r.skipped["read error"];
        note(r.firstLineOf, "read error", reader.lineCount());
        r.error = "read error in " + source + " after line " + std::to_string(reader.lineCount());
    }
    std::stable_sort(out.tasks.begin(), out.tasks.end(),
                     [](const TraceTask &a, const TraceTask &b) { return a.start < b.start; });
    return out;
}

} // namespace

TraceImport importAlibabaTrace(std::istream &in, TraceFormat format, const std::string &source)
{
    return importTrace(in, format, source, 0);
}

TraceImport importAlibabaTraceFile(const std::string &path, TraceFormat format)
{
    const auto unreadable = [&](const std::string &why) {
        TraceImport out;
        out.report.source = path;
        out.report.format = format;
        out.report.skipped["unreadable file"] = 1;
        out.report.firstLineOf["unreadable file"] = 0;
        out.report.error = "cannot read " + path + ": " + why;
        return out;
    };
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return unreadable("is a directory");
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        return unreadable("not a regular file (a device, a pipe or a socket never ends)");
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in.is_open())
        return unreadable(errno ? std::strerror(errno) : "cannot open");
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    return importTrace(in, format, path, ec ? 0 : size);
}

} // namespace schedlab
