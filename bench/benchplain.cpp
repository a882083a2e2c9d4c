// SPDX-License-Identifier: GPL-3.0-or-later
// SchedLab against a plain program of the same model:
//   bench_plain [SCENARIO] [--seconds S] [--rounds R]
// The plain program is what one would write by hand for an edge-dispatch study, with
// no framework: the scenario's arrivals, a std::priority_queue calendar, requests
// queued at their eAP and dispatched each slot to the hosting node of their site
// with the fewest requests per core (greedy, a scan), FIFO on whole cores at the
// node's speed. SchedLab's run does more per request (cores shared by the requests
// in service, deadlines, frames, metrics), so the ratio is a cost of fidelity and
// of framework together. Each round runs both, the order alternating from round to
// round, and gives one ratio of their speeds; the verdict reads the median ratio and
// its 95% interval, since a shared machine moves one ratio by several percent.
#include "benchfloor.h"

#include "experiment/comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <queue>
#include <string>
#include <utility>
#include <vector>

using namespace schedlab;
using namespace schedlab::bench;

namespace {

struct PlainEvent
{
    double time;
    std::uint64_t seq;
    int kind; ///< 0: reaches its eAP, 1: reaches its node, 2: done
    int request;
    bool operator>(const PlainEvent &o) const
    {
        return time > o.time || (time == o.time && seq > o.seq);
    }
};

struct PlainRequest
{
    double created, work, size;
    int eap, service, node;
};

struct PlainNode
{
    int cores;
    double perf, cpu;
    int busy = 0;
    double demand = 0.0;
    std::deque<int> queue = {};
};

/** Each service's `replicas.edge` on the nodes of each site, spread evenly. */
std::vector<std::vector<int>> plainHosting(const Scenario &scenario, const Topology &topology,
                                           int sites)
{
    const int services = int(scenario.services.size());
    std::vector<std::vector<int>> siteNodes{std::size_t(sites)};
    for (int n = 0; n < topology.edgeCount; ++n)
        siteNodes[std::size_t(topology.nodes[n].site)].push_back(n);
    std::vector<std::vector<int>> hosting{std::size_t(sites * services)};
    for (int site = 0; site < sites; ++site) {
        const auto &nodes = siteNodes[std::size_t(site)];
        for (int s = 0; s < services && !nodes.empty(); ++s) {
            const int count = std::min<int>(scenario.services[s].replicas.edge, int(nodes.size()));
            auto &hosts = hosting[std::size_t(site * services + s)];
            for (int k = 0; k < count; ++k)
                hosts.push_back(nodes[(std::size_t(s) + std::size_t(k) * nodes.size() /
                                                            std::size_t(std::max(count, 1))) %
                                      nodes.size()]);
            std::sort(hosts.begin(), hosts.end());
            hosts.erase(std::unique(hosts.begin(), hosts.end()), hosts.end());
        }
    }
    return hosting;
}

struct PlainResult
{
    double arrived = 0, completed = 0, meanResponse = 0;
};

PlainResult plainRun(const Scenario &scenario, double duration)
{
    const Topology topology = Topology::build(scenario);
    std::string error;
    auto source = makeArrivalSource(scenario, topology, scenario.seed, &error);
    const int services = int(scenario.services.size());
    int sites = 0;
    for (const NodeInfo &n : topology.nodes)
        sites = std::max(sites, n.site + 1);
    const auto hosting = plainHosting(scenario, topology, sites);
    std::vector<PlainNode> nodes;
    for (int n = 0; n < topology.edgeCount; ++n) {
        const NodeInfo &info = topology.nodes[n];
        nodes.push_back({std::max(1, int(info.cpu)), info.perf, info.cpu});
    }
    const LinkSpec access = scenario.network.access, lan = scenario.network.lan;
    std::vector<std::vector<int>> eapQueues(topology.eaps.size());
    std::vector<PlainRequest> requests;
    std::vector<int> freeIds;
    std::priority_queue<PlainEvent, std::vector<PlainEvent>, std::greater<>> events;
    std::uint64_t seq = 0;
    double arrived = 0, completed = 0, responseSum = 0;

    auto start = [&](int node, int id, double now) {
        ++nodes[std::size_t(node)].busy;
        events.push(
            {now + requests[std::size_t(id)].work / nodes[std::size_t(node)].perf, seq++, 2, id});
    };
    Arrival a;
    bool pending = source->next(a);
    const double slot = scenario.time.slot;
    for (double until = slot; until <= duration + 1e-9; until += slot) {
        while (pending && a.time < until) {
            int id;
            if (freeIds.empty()) {
                id = int(requests.size());
                requests.emplace_back();
            } else {
                id = freeIds.back();
                freeIds.pop_back();
            }
            requests[std::size_t(id)] = {a.time, a.work, a.size, a.eap, a.service, -1};
            events.push({a.time + transferSeconds(access, a.size), seq++, 0, id});
            arrived += 1;
            pending = source->next(a);
        }
        while (!events.empty() && events.top().time < until) {
            const PlainEvent e = events.top();
            events.pop();
            PlainRequest &r = requests[std::size_t(e.request)];
            if (e.kind == 0) {
                eapQueues[std::size_t(r.eap)].push_back(e.request);
            } else if (e.kind == 1) {
                PlainNode &n = nodes[std::size_t(r.node)];
                if (n.busy < n.cores)
                    start(r.node, e.request, e.time);
                else
                    n.queue.push_back(e.request);
            } else {
                PlainNode &n = nodes[std::size_t(r.node)];
                --n.busy;
                n.demand -= 1.0;
                responseSum += e.time - r.created;
                ++completed;
                freeIds.push_back(e.request);
                if (!n.queue.empty()) {
                    start(r.node, n.queue.front(), e.time);
                    n.queue.pop_front();
                }
            }
        }
        for (std::size_t b = 0; b < eapQueues.size(); ++b) {
            const int site = topology.eaps[b].site;
            for (const int id : eapQueues[b]) {
                PlainRequest &r = requests[std::size_t(id)];
                const auto &hosts = hosting[std::size_t(site * services + r.service)];
                int best = -1;
                double bestLoad = 0.0;
                for (const int n : hosts) {
                    const double load = nodes[std::size_t(n)].demand / nodes[std::size_t(n)].cpu;
                    if (best < 0 || load < bestLoad) {
                        best = n;
                        bestLoad = load;
                    }
                }
                if (best < 0) { // no edge host: the cloud, not modelled here
                    freeIds.push_back(id);
                    continue;
                }
                r.node = best;
                nodes[std::size_t(best)].demand += 1.0;
                events.push({until + transferSeconds(lan, r.size), seq++, 1, id});
            }
            eapQueues[b].clear();
        }
    }
    return {arrived, completed, completed > 0 ? responseSum / completed : 0.0};
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/** A distribution-free 95% interval of the median of `v`: the k-th least and the
 *  k-th greatest, k the largest for which the binomial tails leave at least 95%.
 *  Below six values even the whole range covers less; it is given all the same. */
std::pair<double, double> medianInterval(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const int n = int(v.size());
    int k = 1;
    for (int next = 2; 2 * next <= n; ++next) {
        double tail = 0.0, choose = 1.0; // P(Binomial(n, 1/2) <= next - 1)
        for (int i = 0; i < next; ++i) {
            tail += choose;
            choose = choose * double(n - i) / double(i + 1);
        }
        if (1.0 - 2.0 * tail * std::pow(0.5, n) < 0.95)
            break;
        k = next;
    }
    return {v[std::size_t(k - 1)], v[std::size_t(n - k)]};
}

/** "above" when the interval lies above parity, "at parity" when it holds 1.0,
 *  "below" (the target missed) when it lies under. */
const char *verdict(std::pair<double, double> interval)
{
    if (interval.first >= 1.0)
        return "above: met";
    if (interval.second >= 1.0)
        return "at parity (the interval holds 1.0): met";
    return "below: missed";
}
} // namespace

int main(int argc, char **argv)
{
    std::string path = "scenarios/kais-large.yaml";
    double seconds = 120;
    int rounds = 7;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else
            path = argv[i];
    }
    const auto loaded = benchScenario(path);
    if (!loaded)
        return 2;
    const Scenario &scenario = *loaded;
    const PolicySelection policies = benchPolicies();

    std::vector<double> plainRates, schedlabRates, ratios;
    PlainResult p;
    RunResult r;
    auto timePlain = [&] {
        const double t0 = now();
        p = plainRun(scenario, seconds);
        plainRates.push_back(p.arrived / (now() - t0));
    };
    auto timeSchedLab = [&] {
        const double t0 = now();
        r = runScenario(scenario, policies, scenario.seed, seconds);
        schedlabRates.push_back(r.value("arrived") / (now() - t0));
    };
    for (int round = 0; round < rounds; ++round) {
        if (round % 2 == 0) {
            timePlain();
            timeSchedLab();
        } else {
            timeSchedLab();
            timePlain();
        }
        ratios.push_back(schedlabRates.back() / plainRates.back());
    }
    const auto interval = medianInterval(ratios);
    std::printf("bench_plain: %s, greedy dispatch, %.0f simulated seconds, %d rounds, "
                "1 thread\n",
                scenario.name.c_str(), seconds, rounds);
    std::printf("  plain program:  %.0f requests per wall second (median); %.0f arrived, "
                "%.0f completed, mean response %.1f ms\n",
                median(plainRates), p.arrived, p.completed, p.meanResponse * 1e3);
    std::printf("  SchedLab:       %.0f requests per wall second (median); %.0f arrived, "
                "%.0f completed, mean response %.1f ms\n",
                median(schedlabRates), r.value("arrived"), r.value("on_time") + r.value("late"),
                r.value("response_ms_mean"));
    std::printf("  target: SchedLab at or above the plain program's speed: ratio %.2f "
                "(median of the rounds', 95%% interval %.2f-%.2f): %s\n",
                median(ratios), interval.first, interval.second, verdict(interval));
    return 0;
}
