// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dispatch/centralroundtrip.h"

#include "state/topology.h"

#include <algorithm>

namespace schedlab {

std::vector<double> centralRoundTrip(const SimState &st, const std::vector<SlotRequest> &batch)
{
    const Topology &topo = *st.topology;
    const CentralDispatchSpec &c = st.scenario->centralDispatch;
    std::vector<int> sent(topo.eaps.size(), 0);
    for (const SlotRequest &q : batch)
        ++sent[std::size_t(q.eap)];
    double solveAt = 0.0; // every eAP's report is in
    for (std::size_t b = 0; b < topo.eaps.size(); ++b) {
        const double bytes =
            c.requestRecord * sent[b] + c.nodeReport * double(topo.eaps[b].managed.size());
        solveAt = std::max(solveAt, transferSeconds(topo.eaps[b].toCloud, bytes));
    }
    solveAt += c.solve;
    std::vector<double> delay(topo.eaps.size());
    for (std::size_t b = 0; b < topo.eaps.size(); ++b)
        delay[b] = solveAt + transferSeconds(topo.eaps[b].toCloud, c.decision * sent[b]);
    return delay;
}

} // namespace schedlab
