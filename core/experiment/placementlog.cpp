// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/placementlog.h"

#include "base/csv.h"
#include "state/simstate.h"

namespace schedlab {

namespace {
std::string number(double v)
{
    return csvNumber(v, 10);
}
} // namespace

void PlacementLog::writeHeader()
{
    mOut << "time,pod,template,node,plugin,filter,raw,normalized,weight,total,chosen\n";
}

void PlacementLog::write(const SimState &state, int pod, const PlacementRecord &record)
{
    const Pod &p = state.pods[pod];
    const std::string &templ = state.scenario->workload.deployments[p.stream].pods[p.templ].name;
    for (int n = 0; n < record.nodeCount; ++n) {
        const std::string &node = state.topology->nodes[n].name;
        for (std::size_t k = 0; k < record.plugins.size(); ++k) {
            const PluginResult &c = record.cell(int(k), n);
            // Names are free text from the scenario; reasons are our own plain words.
            mOut << number(state.now) << ',' << pod << ',' << csvField(templ) << ','
                 << csvField(node) << ',' << record.plugins[k] << ','
                 << (record.filters[k] ? (c.reason ? c.reason : "pass") : "") << ',';
            if (record.scores[k] && record.feasible[n])
                mOut << number(c.raw) << ',' << number(c.normalized) << ',' << number(c.weight);
            else
                mOut << ",,";
            mOut << ',' << (record.feasible[n] ? number(record.totals[n]) : "") << ','
                 << (record.chosen == n ? 1 : 0) << '\n';
        }
    }
}

} // namespace schedlab
