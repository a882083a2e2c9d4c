// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/jsontext.h"
#include "command.h"

#include "metrics/metriccatalog.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace schedlab::cli {

namespace {
void printMarkdown()
{
    for (const MetricGroup g : kMetricGroups) {
        std::printf("%s%.*s\n\n| metric | unit | better | meaning |\n|---|---|---|---|\n",
                    g == kMetricGroups[0] ? "" : "\n", int(groupSummary(g).size()),
                    groupSummary(g).data());
        for (const MetricInfo &m : metricCatalog())
            if (m.group == g)
                std::printf("%s\n", markdownRow(m).c_str());
    }
}

void printJson()
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const MetricInfo &m : metricCatalog())
        out.push_back({{"name", m.name},
                       {"unit", m.unit},
                       {"better", betterName(m.better)},
                       {"group", groupName(m.group)},
                       {"wall_clock", m.wallClock},
                       {"key", m.key},
                       {"meaning", m.meaning}});
    std::printf("%s\n", jsonText(out).c_str());
}

void printText()
{
    for (const MetricGroup g : kMetricGroups) {
        std::printf("%s%.*s\n", g == kMetricGroups[0] ? "" : "\n", int(groupName(g).size()),
                    groupName(g).data());
        for (const MetricInfo &m : metricCatalog()) {
            if (m.group != g)
                continue;
            const std::string unit = m.unit.empty() ? "" : " [" + std::string(m.unit) + "]";
            const std::string better =
                m.better == Better::Neither
                    ? ""
                    : ", " + std::string(betterName(m.better)) + " is better";
            std::printf("  %-28s %.*s%s%s%s\n", std::string(m.name).c_str(), int(m.meaning.size()),
                        m.meaning.data(), unit.c_str(), better.c_str(),
                        m.wallClock ? ", wall clock" : "");
        }
    }
}
} // namespace

void registerListMetricsCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand("list-metrics", "List the metrics a run reports, by group");
    static bool json = false, markdown = false;
    cmd->add_flag("--json", json, "Print a JSON array");
    cmd->add_flag("--markdown", markdown, "Print Markdown tables, as the README shows them");
    cmd->callback([&exitCode] {
        if (json)
            printJson();
        else if (markdown)
            printMarkdown();
        else
            printText();
        exitCode = Ok;
    });
}

} // namespace schedlab::cli
