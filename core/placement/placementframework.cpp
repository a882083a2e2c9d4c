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

int PlacementFramework::schedule(const PodRequest &pod, const ClusterView &view,
                                 PlacementBinder *binder)
{
    const int nodes = view.nodeCount;
    const int plugins = pluginCount();
    PlacementRecord &r = mRecord;
    r.nodeCount = nodes;
    r.cells.assign(std::size_t(nodes) * plugins, PluginResult{});
    r.feasible.assign(nodes, 1);
    r.totals.assign(nodes, 0.0);
    r.chosen = -1;

    for (auto &plugin : mPlugins)
        plugin->preFilter(pod, view);
    bool any = false;
    for (int n = 0; n < nodes; ++n) {
        for (int p = 0; p < plugins; ++p)
            if (r.filters[p]) {
                PluginResult &cell = r.cells[std::size_t(p) * nodes + n];
                cell.reason = mPlugins[p]->filter(pod, view, n);
                if (cell.reason)
                    r.feasible[n] = 0;
            }
        any = any || r.feasible[n];
    }
    if (!any)
        return -1;

    for (int p = 0; p < plugins; ++p) {
        if (!r.scores[p])
            continue;
        for (int n = 0; n < nodes; ++n)
            if (r.feasible[n])
                mPlugins[p]->score(pod, view, n, r.cells[std::size_t(p) * nodes + n]);
        mPlugins[p]->normalize(std::span<PluginResult>(&r.cells[std::size_t(p) * nodes], nodes),
                               r.feasible);
    }
    mBest.clear();
    double best = 0.0;
    for (int n = 0; n < nodes; ++n) {
        if (!r.feasible[n])
            continue;
        double total = 0.0;
        for (int p = 0; p < plugins; ++p)
            if (r.scores[p]) {
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
