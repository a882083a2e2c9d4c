// SPDX-License-Identifier: GPL-3.0-or-later
// TaintToleration and NodeAffinity (node selector, incl. kubernetes.io/arch).
#include "placement/kubeplugins.h"
#include "state/topology.h"

#include <algorithm>

namespace schedlab {

bool tolerates(const std::vector<Taint> *tolerations, const Taint &taint)
{
    if (!tolerations)
        return false;
    return std::any_of(tolerations->begin(), tolerations->end(), [&](const Taint &t) {
        return t.key == taint.key && (t.value.empty() || t.value == taint.value) &&
               (t.effect.empty() || t.effect == taint.effect);
    });
}

namespace {
constexpr const char *kSelectorMismatch = "node(s) didn't match Pod's node affinity/selector";

/** labels[key] == value. A node has a handful of labels: walking them comparing lengths
 *  first costs less than a map's find, which compares every key on its path whole. */
bool hasLabel(const std::map<std::string, std::string> &labels, const std::string &key,
              const std::string &value)
{
    if (labels.size() > 8) {
        const auto it = labels.find(key);
        return it != labels.end() && it->second == value;
    }
    for (const auto &[k, v] : labels)
        if (k.size() == key.size() && k == key)
            return v == value;
    return false;
}

class TaintToleration final : public PlacementPlugin
{
public:
    const char *name() const override { return "TaintToleration"; }
    bool hasFilter() const override { return true; }
    bool hasScore() const override { return true; }

    const char *filter(const PodRequest &pod, const ClusterView &view, int node) const override
    {
        for (const Taint &t : view.topology->nodes[node].taints)
            if (t.effect != "PreferNoSchedule" && !tolerates(pod.tolerations, t))
                return "node(s) had untolerated taint";
        return nullptr;
    }
    void filterNodes(const PodRequest &pod, const ClusterView &view, std::span<const int> nodes,
                     PluginResult *column) const override
    {
        for (const int n : nodes)
            column[n].reason = TaintToleration::filter(pod, view, n);
    }

    /** raw = untolerated PreferNoSchedule taints. */
    void score(const PodRequest &pod, const ClusterView &view, int node,
               PluginResult &out) const override
    {
        int count = 0;
        for (const Taint &t : view.topology->nodes[node].taints)
            if (t.effect == "PreferNoSchedule" && !tolerates(pod.tolerations, t))
                ++count;
        out.raw = count;
    }
    void scoreNodes(const PodRequest &pod, const ClusterView &view, std::span<const int> nodes,
                    PluginResult *column) const override
    {
        for (const int n : nodes)
            TaintToleration::score(pod, view, n, column[n]);
    }

    /** Kubernetes' DefaultNormalizeScore, reversed: fewest taints score 100. */
    void normalize(std::span<PluginResult> column, const std::vector<char> &feasible) const override
    {
        double most = 0.0;
        for (std::size_t n = 0; n < column.size(); ++n)
            if (feasible[n])
                most = std::max(most, column[n].raw);
        for (PluginResult &r : column)
            r.normalized = most > 0 ? kMaxNodeScore - kMaxNodeScore * r.raw / most : kMaxNodeScore;
    }
};

class NodeAffinity final : public PlacementPlugin
{
public:
    const char *name() const override { return "NodeAffinity"; }
    bool hasFilter() const override { return true; }

    const char *filter(const PodRequest &pod, const ClusterView &view, int node) const override
    {
        if (!pod.nodeSelector)
            return nullptr;
        const auto &labels = view.topology->nodes[node].labels;
        for (const auto &[key, value] : *pod.nodeSelector) {
            const auto it = labels.find(key);
            if (it == labels.end() || it->second != value)
                return kSelectorMismatch;
        }
        return nullptr;
    }
    /** The selector's terms as the topology's label index numbers them. */
    void preFilter(const PodRequest &pod, const ClusterView &view) override
    {
        mTerms.clear();
        mSelector = nullptr;
        const LabelIndex &index = view.topology->labelIndex;
        if (!pod.nodeSelector || index.nodes != int(view.topology->nodes.size()))
            return;
        mSelector = pod.nodeSelector;
        for (const auto &[key, value] : *pod.nodeSelector) {
            Term term{nullptr, -1}; // no node has the label
            if (const auto column = index.keys.find(key); column != index.keys.end())
                if (const auto id = column->second.ids.find(value); id != column->second.ids.end())
                    term = {column->second.valueOf.data(), id->second};
            mTerms.push_back(term);
        }
    }
    void filterNodes(const PodRequest &pod, const ClusterView &view, std::span<const int> nodes,
                     PluginResult *column) const override
    {
        for (const int n : nodes)
            column[n].reason = nullptr;
        if (!pod.nodeSelector)
            return;
        if (pod.nodeSelector == mSelector) {
            for (const int n : nodes)
                for (const Term &t : mTerms)
                    if (!t.valueOf || t.valueOf[n] != t.id) {
                        column[n].reason = kSelectorMismatch;
                        break;
                    }
            return;
        }
        for (const int n : nodes)
            for (const auto &[key, value] : *pod.nodeSelector)
                if (!hasLabel(view.topology->nodes[n].labels, key, value)) {
                    column[n].reason = kSelectorMismatch;
                    break;
                }
    }

private:
    struct Term
    {
        const int *valueOf; ///< per node: its value id for the term's key; null: no node has it
        int id;             ///< the value the term asks for
    };
    std::vector<Term> mTerms;
    const std::map<std::string, std::string> *mSelector = nullptr; ///< whose terms mTerms are
};
} // namespace

std::unique_ptr<PlacementPlugin> makeTaintToleration()
{
    return std::make_unique<TaintToleration>();
}

std::unique_ptr<PlacementPlugin> makeNodeAffinity()
{
    return std::make_unique<NodeAffinity>();
}

} // namespace schedlab
