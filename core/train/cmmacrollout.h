// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"
#include "learn/fastmlp.h"
#include "learn/globalstate.h"
#include "learn/learnedmodel.h"
#include "model/scenario.h"
#include "train/cmmacadvantage.h"
#include "train/cmmacexperience.h"
#include "train/curriculum.h"
#include "train/gpgexplorer.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace schedlab {

/**
 * One cMMAC training episode in an engine of its own (KaiS Algorithm 1, lines 8–17):
 * the eAP agents act with a copy of the actors' weights, and with `gpg` set (`kais`)
 * a GpgExplorer is the orchestration plane. The trainer advances its rollouts in
 * rounds, each until it has a batch of slots whose outcomes are all known, takes the
 * batches for one synchronous update, and hands the new weights back; rollouts share
 * nothing mutable, so they advance on threads of their own.
 */
class CmmacRollout
{
public:
    struct Setup
    {
        const Scenario *scenario = nullptr;        ///< as given: the episode's stage shapes it
        int episode = 0, episodes = 1;             ///< k and the budget (its curriculum stage)
        std::uint64_t seed = 1;                    ///< the workload's: seed + k
        std::shared_ptr<const LearnedModel> model; ///< the run's RunOptions::model
        const GlobalStateBuilder *global = nullptr;
        const std::vector<int> *actorOf = nullptr;
        double epsilon = 1.0; ///< ε of the reward
    };

    /** `gpg` set: it acts as the orchestration plane (already begun for this episode). */
    CmmacRollout(const Setup &setup, const std::vector<FastMlp> &actors,
                 std::optional<GpgExplorer> gpg);

    /** Runs slots until `batch` slots (or the episode's last) have known outcomes. */
    void advance(int batch);
    /** Those slots' batch with V_θv `value` and V_θ'v `target`, not standardised
     *  (cmmacBatch). Copies of the critics: this runs beside other rollouts. */
    void computeBatch(FastMlp value, FastMlp target);
    /** The batch computeBatch() computed, handed over; its decisions live in this
     *  rollout until the next advance(). */
    CmmacBatch takeBatch() { return std::move(mBatch); }
    /** Slots in that batch. */
    int batchSlots() const { return int(mBatchRecords.size()); }
    /** The actors' weights after an update. */
    void setActors(const std::vector<FastMlp> &actors) { mActors = actors; }

    bool done() const { return !mMore; }
    double progress() const;
    const CurriculumStage &stage() const { return mStage; }
    int episode() const { return mEpisode; }
    const Engine &engine() const { return *mEngine; }
    const ExperienceCollector &agent() const { return mAgent; }
    GpgExplorer *gpg() { return mGpg ? &*mGpg : nullptr; }

private:
    std::vector<float> globalState() const;

    int mEpisode;
    double mEpsilon;
    KaisParameters mKais;
    CurriculumStage mStage;
    Scenario mScenario;
    const GlobalStateBuilder &mGlobal;
    std::vector<FastMlp> mActors; ///< before mAgent, which reads them
    ExperienceCollector mAgent;
    std::optional<GpgExplorer> mGpg;
    std::unique_ptr<Engine> mEngine;
    bool mMore = true;
    int mReady = 0;
    std::deque<SlotRecord> mBatchRecords;
    CmmacBatch mBatch;
};

} // namespace schedlab
