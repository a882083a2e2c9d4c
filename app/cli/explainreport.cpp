// SPDX-License-Identifier: GPL-3.0-or-later
#include "explainreport.h"

#include <cstdio>

namespace schedlab::cli {

namespace {
std::string share(std::uint64_t part, std::uint64_t whole)
{
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", whole ? 100.0 * double(part) / double(whole) : 0.0);
    return text;
}

std::string line(const char *format, auto... args)
{
    char text[512];
    std::snprintf(text, sizeof text, format, args...);
    return text;
}

std::string placeLine(const std::string &name, const PlaceCounts &p, std::uint64_t dispatched)
{
    return line("    %-24s %8llu  %6s   on time %llu, late %llu, dropped %llu\n", name.c_str(),
                static_cast<unsigned long long>(p.dispatched),
                share(p.dispatched, dispatched).c_str(), static_cast<unsigned long long>(p.onTime),
                static_cast<unsigned long long>(p.late),
                static_cast<unsigned long long>(p.dropped));
}

/** `name`'s counts; the cloud's object has no name. */
nlohmann::ordered_json placeJson(const PlaceCounts &p, const std::string &name = {})
{
    nlohmann::ordered_json out;
    if (!name.empty())
        out["node"] = name;
    out["dispatched"] = p.dispatched;
    out["on_time"] = p.onTime;
    out["late"] = p.late;
    out["dropped"] = p.dropped;
    return out;
}
} // namespace

std::string explanationText(const RunExplanation &e)
{
    std::string out = "\nWhere the requests went\n";
    out +=
        line("  %llu arrived: %llu on time, %llu late, %llu dropped, %llu still in flight\n",
             static_cast<unsigned long long>(e.arrived), static_cast<unsigned long long>(e.onTime),
             static_cast<unsigned long long>(e.late), static_cast<unsigned long long>(e.dropped),
             static_cast<unsigned long long>(e.inFlight));
    std::uint64_t dispatched = e.cloud.dispatched;
    for (const PlaceCounts &n : e.nodes)
        dispatched += n.dispatched;
    out += line("  by eAP (%llu dispatched)\n", static_cast<unsigned long long>(dispatched));
    for (std::size_t b = 0; b < e.eaps.size(); ++b) {
        const EapCounts &c = e.eaps[b];
        out += line("    %-24s to edge %llu, to cloud %llu", e.eapNames[b].c_str(),
                    static_cast<unsigned long long>(c.toEdge),
                    static_cast<unsigned long long>(c.toCloud));
        if (c.noReplica)
            out += line(" (%llu with no edge replica in reach)",
                        static_cast<unsigned long long>(c.noReplica));
        out += line(", dropped waiting there %llu\n", static_cast<unsigned long long>(c.dropped));
    }
    out += "  by destination                dispatched  share\n";
    for (std::size_t n = 0; n < e.nodes.size(); ++n)
        out += placeLine("node " + e.nodeNames[n], e.nodes[n], dispatched);
    out += placeLine("the cloud", e.cloud, dispatched);

    out += "\nDropped requests by cause\n";
    if (e.drops.empty())
        out += "  none\n";
    for (const DropCount &d : e.drops)
        out +=
            line("  %8llu  %s, service '%s': %s [%s]\n", static_cast<unsigned long long>(d.count),
                 e.placeOf(d).c_str(), e.serviceNames[std::size_t(d.service)].c_str(),
                 dropCauseText(d.cause), dropCauseKey(d.cause));

    out += "\nIdle nodes (no request dispatched to them)\n";
    if (e.idle.empty())
        out += "  none\n";
    for (const IdleNode &n : e.idle)
        out += "  " + e.nodeNames[std::size_t(n.node)] + ": " + n.why + "\n";

    if (!e.hints.empty()) {
        out += "\nHints\n";
        for (const std::string &h : e.hints)
            out += "  - " + h + "\n";
    }
    return out;
}

nlohmann::ordered_json explanationJson(const RunExplanation &e)
{
    nlohmann::ordered_json out;
    out["arrived"] = e.arrived;
    out["on_time"] = e.onTime;
    out["late"] = e.late;
    out["dropped"] = e.dropped;
    out["in_flight"] = e.inFlight;
    nlohmann::ordered_json eaps = nlohmann::ordered_json::array();
    for (std::size_t b = 0; b < e.eaps.size(); ++b)
        eaps.push_back({{"eap", e.eapNames[b]},
                        {"to_edge", e.eaps[b].toEdge},
                        {"to_cloud", e.eaps[b].toCloud},
                        {"to_cloud_no_edge_replica", e.eaps[b].noReplica},
                        {"dropped", e.eaps[b].dropped}});
    out["eaps"] = eaps;
    nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
    for (std::size_t n = 0; n < e.nodes.size(); ++n)
        nodes.push_back(placeJson(e.nodes[n], e.nodeNames[n]));
    out["nodes"] = nodes;
    out["cloud"] = placeJson(e.cloud);
    nlohmann::ordered_json drops = nlohmann::ordered_json::array();
    for (const DropCount &d : e.drops)
        drops.push_back({{"cause", dropCauseKey(d.cause)},
                         {"where", e.placeOf(d)},
                         {"service", e.serviceNames[std::size_t(d.service)]},
                         {"count", d.count}});
    out["drops"] = drops;
    nlohmann::ordered_json idle = nlohmann::ordered_json::array();
    for (const IdleNode &n : e.idle)
        idle.push_back({{"node", e.nodeNames[std::size_t(n.node)]},
                        {"reason", idleReasonKey(n.reason)},
                        {"why", n.why}});
    out["idle_nodes"] = idle;
    out["hints"] = e.hints;
    return out;
}

} // namespace schedlab::cli
