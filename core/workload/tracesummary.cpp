// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/tracesummary.h"

#include <algorithm>
#include <charconv>
#include <ostream>
#include <string>
#include <unordered_set>

namespace schedlab {

namespace {
void appendNumber(std::string &out, double v)
{
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, ec == std::errc() ? end : buf);
}

void appendCsvField(std::string &out, const std::string &field)
{
    if (field.find_first_of(",\"\r\n") == std::string::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}
} // namespace

TraceSummary summarizeTrace(const std::vector<TraceTask> &tasks)
{
    TraceSummary s;
    if (tasks.empty())
        return s;
    const TraceTask &first = tasks.front();
    s.count = tasks.size();
    s.startMin = s.startMax = first.start;
    s.endMax = first.end;
    s.cpuMin = s.cpuMax = first.cpu;
    s.memoryMin = s.memoryMax = first.memory;
    std::unordered_set<std::string> services;
    for (const TraceTask &t : tasks) {
        s.startMin = std::min(s.startMin, t.start);
        s.startMax = std::max(s.startMax, t.start);
        s.endMax = std::max(s.endMax, t.end);
        s.cpuMin = std::min(s.cpuMin, t.cpu);
        s.cpuMax = std::max(s.cpuMax, t.cpu);
        s.memoryMin = std::min(s.memoryMin, t.memory);
        s.memoryMax = std::max(s.memoryMax, t.memory);
        services.insert(t.service);
    }
    s.services = services.size();
    return s;
}

void writeTraceTasksCsv(std::ostream &out, const std::vector<TraceTask> &tasks)
{
    std::string text = "start,end,deadline,service,cpu,memory,instances\n";
    text.reserve(text.size() + tasks.size() * 48);
    for (const TraceTask &t : tasks) {
        appendNumber(text, t.start);
        text += ',';
        appendNumber(text, t.end);
        text += ',';
        appendNumber(text, t.end - t.start);
        text += ',';
        appendCsvField(text, t.service);
        text += ',';
        appendNumber(text, t.cpu);
        text += ',';
        appendNumber(text, t.memory);
        text += ',';
        text += std::to_string(t.instances);
        text += '\n';
    }
    out << text;
}

} // namespace schedlab
