// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/cmmacadvantage.h"

#include "env/kaisreward.h"
#include "learn/fastmlp.h"
#include "learn/globalstate.h"
#include "model/scenario.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

namespace {

void standardise(std::vector<float> &values)
{
    if (values.empty())
        return;
    double mean = 0.0, square = 0.0;
    for (float v : values) {
        mean += v;
        square += double(v) * v;
    }
    mean /= double(values.size());
    const double sd = std::sqrt(std::max(0.0, square / double(values.size()) - mean * mean));
    for (float &v : values)
        v = float((v - mean) / (sd + 1e-6));
}

} // namespace

CmmacBatch cmmacBatch(const std::deque<SlotRecord> &records, int n, const FastMlp &value,
                      const FastMlp &target, const GlobalStateBuilder &global,
                      const KaisParameters &kais, double epsilon)
{
    CmmacBatch b;
    for (int i = 0; i < n; ++i) {
        const SlotRecord &r = records[std::size_t(i)];
        const double u = kaisSlotReward(r.violations, r.xi, kais, epsilon);
        b.rewardSum += u;
        b.criticRows.insert(b.criticRows.end(), r.before.begin(), r.before.end());
        b.criticTargets.push_back(float(u) + float(kais.discount) * target.forward(r.after)[0]);
    }
    const bool perEap = kais.critic == "per-eap";
    std::vector<float> agentState;
    for (int i = 0; i < n; ++i) {
        const SlotRecord &r = records[std::size_t(i)];
        const float vStar = b.criticTargets[std::size_t(i)];
        const float slotValue = perEap ? 0.0f : value.forward(r.before)[0];
        for (const Decision &d : r.decisions) {
            b.decisions.push_back(&d);
            if (!perEap) {
                b.advantages.push_back(vStar - slotValue);
                continue;
            }
            agentState = r.before;
            std::copy(d.state.begin(), d.state.end(), agentState.begin() + global.offset(d.eap));
            b.advantages.push_back(vStar - value.forward(agentState)[0]);
            b.criticRows.insert(b.criticRows.end(), agentState.begin(), agentState.end());
            b.criticTargets.push_back(vStar);
        }
    }
    if (kais.advantage == "standardised")
        standardise(b.advantages);
    return b;
}

} // namespace schedlab
