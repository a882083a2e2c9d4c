// SPDX-License-Identifier: GPL-3.0-or-later
#include "placement/placementframework.h"

#include "state/random.h"
#include "state/topology.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace schedlab {

int PlacementRecord::pluginIndex(const std::string &name) const
{
    for (std::size_t p = 0; p < plugins.size(); ++p)
        if (name == plugins[p])
            return int(p);
    return -1;
}

double kubeBackoff(int failures)
{
    return std::min(10.0, std::ldexp(1.0, std::min(failures, 8)));
}

double PlacementFramework::retryDelay(int failures, const PodRequest &pod,
                                      const ClusterView &view) const
{
    const int fit = mRecord.pluginIndex("NodeResourcesFit");
    if (fit < 0)
        return 0.0;
    for (int n = 0; n < mRecord.nodeCount; ++n) {
        const NodeInfo &info = view.topology->nodes[n];
        const double cpu = pod.cpuScale ? pod.cpu * pod.cpuScale[n] : pod.cpu;
        bool onlyRoom =
            mRecord.cell(fit, n).reason != nullptr && cpu <= info.cpu && pod.memory <= info.memory;
        for (int p = 0; onlyRoom && p < int(mRecord.plugins.size()); ++p)
            onlyRoom = p == fit || mRecord.cell(p, n).reason == nullptr;
        if (onlyRoom)
            return kubeBackoff(failures);
    }
    return 0.0;
}

void PlacementFramework::addPlugin(std::unique_ptr<PlacementPlugin> plugin, double weight)
{
    if (plugin->hasFilter())
        mFilters.push_back(pluginCount());
    if (plugin->hasScore())
        mScores.push_back(pluginCount());
    mRecord.plugins.push_back(plugin->name());
    mRecord.filters.push_back(plugin->hasFilter());
    mRecord.scores.push_back(plugin->hasScore());
    mPlugins.push_back(std::move(plugin));
    mWeights.push_back(weight);
}

bool PlacementFramework::setWeight(const std::string &plugin, double weight)
{
    const int p = mRecord.pluginIndex(plugin);
    if (p < 0)
        return false;
    mWeights[p] = weight;
    return true;
}

double PlacementFramework::weight(const std::string &plugin) const
{
    const int p = mRecord.pluginIndex(plugin);
    return p < 0 ? 0.0 : mWeights[p];
}

void PlacementFramework::setPercentageOfNodesToScore(int percentage)
{
    mPercentage = percentage;
    mNextStart = 0;
}

// kube-scheduler's numFeasibleNodesToFind (pkg/scheduler/schedule_one.go): a cluster
// of fewer than minFeasibleNodesToFind (100) nodes is searched whole; percentage 0 is
// the adaptive 50 - nodes/125, at least minFeasibleNodesPercentageToFind (5); the
// count is nodes * percentage / 100 in integers, at least 100.
int PlacementFramework::feasibleNodesToFind(int percentage, int nodes)
{
    constexpr int kMinFeasibleNodes = 100;
    constexpr int kMinFeasiblePercentage = 5;
    if (percentage == kEveryNode || percentage >= 100 || nodes < kMinFeasibleNodes)
        return nodes;
    if (percentage == 0)
        percentage = std::max(kMinFeasiblePercentage, 50 - nodes / 125);
    return std::max(kMinFeasibleNodes, int(std::int64_t(nodes) * percentage / 100));
}

void PlacementFramework::filterChunk(const PodRequest &pod, const ClusterView &view,
                                     std::span<const int> chunk)
{
    for (const int p : mFilters) {
        PluginResult *column = &mRecord.cells[std::size_t(p) * view.nodeCount];
        if (mPerNode)
            for (const int n : chunk)
                column[n].reason = mPlugins[p]->filter(pod, view, n);
        else
            mPlugins[p]->filterNodes(pod, view, chunk, column);
    }
}

// kube-scheduler's findNodesThatPassFilters (pkg/scheduler/schedule_one.go) checks
// nodes from nextStartNodeIndex on, round robin, and stops once numNodesToFind pass;
// findNodesThatFitPod then moves nextStartNodeIndex past the nodes it processed, so
// every node has its turn across pods. It checks in parallel; here the order is the
// node order, so which nodes are examined is deterministic.
int PlacementFramework::filterFrom(const PodRequest &pod, const ClusterView &view, int start,
                                   int toFind)
{
    constexpr int kChunk = 128; // what a stopping search may examine in vain
    const int nodes = view.nodeCount;
    PlacementRecord &r = mRecord;
    int examined = 0;
    int found = 0;
    while (examined < nodes) {
        const int size = toFind < nodes ? std::min(kChunk, nodes - examined) : nodes;
        mChunk.resize(std::size_t(size));
        for (int i = 0, n = (start + examined) % nodes; i < size;
             ++i, n = n + 1 < nodes ? n + 1 : 0)
            mChunk[std::size_t(i)] = n;
        filterChunk(pod, view, mChunk);
        for (int i = 0; i < size; ++i) {
            const int n = mChunk[std::size_t(i)];
            bool ok = true;
            for (const int p : mFilters)
                ok = ok && !r.cells[std::size_t(p) * nodes + n].reason;
            r.feasible[n] = ok;
            if (ok && ++found == toFind) {
                // Enough: the rest of the chunk counts as never examined.
                for (int j = i + 1; j < size; ++j)
                    for (const int p : mFilters)
                        r.cells[std::size_t(p) * nodes + mChunk[std::size_t(j)]].reason = nullptr;
                return examined + i + 1;
            }
        }
        examined += size;
    }
    return examined;
}

int PlacementFramework::schedule(const PodRequest &pod, const ClusterView &view,
                                 PlacementBinder *binder)
{
    const int nodes = view.nodeCount;
    const int plugins = pluginCount();
    PlacementRecord &r = mRecord;
    r.nodeCount = nodes;
    r.cells.assign(std::size_t(nodes) * plugins, PluginResult{});
    r.feasible.assign(nodes, 0);
    r.totals.assign(nodes, 0.0);
    r.chosen = -1;

    for (auto &plugin : mPlugins)
        plugin->preFilter(pod, view);
    int toFind = feasibleNodesToFind(mPercentage, nodes);
    if (mPercentage != kEveryNode && mScores.empty())
        toFind = std::min(toFind, 1); // kube-scheduler: nothing would tell the nodes apart
    r.searchStart = mPercentage == kEveryNode || nodes == 0 ? 0 : mNextStart % nodes;
    r.examined = filterFrom(pod, view, r.searchStart, toFind);
    if (nodes > 0)
        mNextStart = (r.searchStart + r.examined) % nodes;
    mFeasible.clear();
    for (int n = 0; n < nodes; ++n)
        if (r.feasible[n])
            mFeasible.push_back(n);
    if (mFeasible.empty())
        return -1;

    for (const int p : mScores) {
        PluginResult *column = &r.cells[std::size_t(p) * nodes];
        if (mPerNode)
            for (const int n : mFeasible)
                mPlugins[p]->score(pod, view, n, column[n]);
        else
            mPlugins[p]->scoreNodes(pod, view, mFeasible, column);
        mPlugins[p]->normalize(std::span<PluginResult>(column, nodes), r.feasible);
    }
    mBest.clear();
    double best = 0.0;
    for (const int n : mFeasible) {
        double total = 0.0;
        for (const int p : mScores) {
            PluginResult &cell = r.cells[std::size_t(p) * nodes + n];
            cell.weight = weightOn(p, pod, view, n);
            total += cell.weight * cell.normalized;
        }
        r.totals[n] = total;
        if (mBest.empty() || total > best + 1e-9) {
            mBest.assign(1, n);
            best = total;
        } else if (total > best - 1e-9) {
            mBest.push_back(n);
        }
    }
    // Kubernetes picks uniformly among the best; Reserve may still reject one.
    while (!mBest.empty()) {
        const std::size_t i = view.tieBreak && mBest.size() > 1
                                  ? view.tieBreak->below(std::uint32_t(mBest.size()))
                                  : 0;
        const int node = mBest[i];
        if (!binder || binder->reserve(node)) {
            r.chosen = node;
            if (binder)
                binder->bind(node);
            return node;
        }
        mBest.erase(mBest.begin() + std::ptrdiff_t(i));
    }
    return -1;
}

} // namespace schedlab
