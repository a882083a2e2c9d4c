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

void standardiseAll(std::vector<float> &values)
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
                      const KaisParameters &kais, double epsilon, bool standardise)
{
    CmmacBatch b;
    b.critic = CriticRows(global.size());
    std::vector<float> slotTargets;
    // Successive states differ in a few blocks: memos make the critics' first layer,
    // most of their weights, read only what changed.
    FirstLayerMemo targetMemo, valueMemo;
    for (int i = 0; i < n; ++i) {
        const SlotRecord &r = records[std::size_t(i)];
        const double u = kaisSlotReward(r.violations, r.xi, kais, epsilon);
        b.rewardSum += u;
        b.slotRewards.push_back(u);
        slotTargets.push_back(float(u) +
                              float(kais.discount) * target.forward(r.after, &targetMemo)[0]);
        b.critic.addRow(b.critic.addSlot(r.before), slotTargets.back());
    }
    const bool perEap = kais.critic == "per-eap";
    std::vector<float> agentState;
    for (int i = 0; i < n; ++i) {
        const SlotRecord &r = records[std::size_t(i)];
        const float vStar = slotTargets[std::size_t(i)];
        const float slotValue = perEap ? 0.0f : value.forward(r.before, &valueMemo)[0];
        for (const Decision &d : r.decisions) {
            b.decisions.push_back(&d);
            if (!perEap) {
                b.advantages.push_back(vStar - slotValue);
                continue;
            }
            agentState = r.before;
            std::copy(d.state.begin(), d.state.end(), agentState.begin() + global.offset(d.eap));
            b.advantages.push_back(vStar - value.forward(agentState, &valueMemo)[0]);
            b.critic.addRow(i, global.offset(d.eap), d.state, vStar);
        }
    }
    if (standardise)
        finishBatch(b, kais);
    return b;
}

void appendBatch(CmmacBatch &batch, CmmacBatch part)
{
    auto append = [](auto &to, auto &from) { to.insert(to.end(), from.begin(), from.end()); };
    batch.critic.append(part.critic);
    append(batch.decisions, part.decisions);
    append(batch.advantages, part.advantages);
    append(batch.slotRewards, part.slotRewards);
    batch.rewardSum += part.rewardSum;
}

void finishBatch(CmmacBatch &batch, const KaisParameters &kais)
{
    if (kais.advantage == "standardised")
        standardiseAll(batch.advantages);
}

} // namespace schedlab
