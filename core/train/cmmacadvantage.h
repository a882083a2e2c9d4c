// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "train/cmmacexperience.h"
#include "train/criticrows.h"

#include <deque>
#include <vector>

namespace schedlab {

class FastMlp;
class GlobalStateBuilder;
struct KaisParameters;

/**
 * What one cMMAC update learns from (Algorithm 1, lines 18–19), over the oldest `n`
 * slot records. The target of eq. 3 for slot t is V* = û_t + γ V_θ'v(ŝ_{t+1}) (the
 * agents share û; eq. 3's π-weighted sum over their actions is this one sampled
 * target). With the `per-eap` critic (KaisParameters::critic, the default) each
 * agent b has its own state value V(ŝ_{b,t}) (Sec. III-A-2: "B unique
 * state-values"), read as the global state with b's block as b saw it at its
 * decision, its request included; the critic regresses both the slot's state and
 * each agent's on V* (eq. 2), so V(ŝ_{t+1}) is learned too. Each decision's
 * advantage is eq. 7's A = V* − V_θv(ŝ_{b,t}), as it is (`advantage: td`) or
 * standardised over the batch (`standardised`). The `shared` critic values the
 * slot's state alone: one advantage for every decision of a slot.
 */
struct CmmacBatch
{
    CriticRows critic; ///< the critic's inputs and their V*; the first n rows are the slots'
    std::vector<const Decision *> decisions;
    std::vector<float> advantages;   ///< per decision
    std::vector<double> slotRewards; ///< û_t per slot
    double rewardSum = 0.0;          ///< Σ û_t over the n slots
};

/** `value` is V_θv, `target` V_θ'v; ε weighs ν in û (kaisSlotReward). The batch of
 *  several rollouts' records is their parts' (`standardise` false) appended in order,
 *  then finished: the same batch as one call over their records, up to row order. */
CmmacBatch cmmacBatch(const std::deque<SlotRecord> &records, int n, const FastMlp &value,
                      const FastMlp &target, const GlobalStateBuilder &global,
                      const KaisParameters &kais, double epsilon, bool standardise = true);
/** Appends `part`, whose decisions must outlive `batch`. */
void appendBatch(CmmacBatch &batch, CmmacBatch part);
/** Standardises the advantages when `kais` asks for it (`advantage: standardised`). */
void finishBatch(CmmacBatch &batch, const KaisParameters &kais);

} // namespace schedlab
