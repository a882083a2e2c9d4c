// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/cmmacrollout.h"

#include "registry/buildpolicies.h"

namespace schedlab {

CmmacRollout::CmmacRollout(const Setup &setup, const std::vector<FastMlp> &actors,
                           std::optional<GpgExplorer> gpg)
    : mEpisode(setup.episode), mEpsilon(setup.epsilon), mKais(setup.scenario->policies.kais),
      mStage(
          curriculumStage(setup.episode, setup.episodes, setup.scenario->policies.kais.curriculum)),
      mScenario(stageScenario(*setup.scenario, mStage)), mGlobal(*setup.global), mActors(actors),
      mAgent(mGlobal.locals(), *setup.actorOf, mActors), mGpg(std::move(gpg))
{
    RunOptions options;
    options.seed = setup.seed + std::uint64_t(setup.episode);
    options.policies = mScenario.policies;
    options.model = setup.model;
    PolicySet given;
    given.dispatch = PolicySlot<DispatchPolicy>::lent(mAgent);
    if (mGpg)
        given.orchestration = PolicySlot<OrchestrationPolicy>::lent(*mGpg);
    mEngine = std::make_unique<Engine>(mScenario, buildPolicySet(options, std::move(given)),
                                       options.config());
    mEngine->addObserver(&mAgent);
}

std::vector<float> CmmacRollout::globalState() const
{
    const std::vector<std::int32_t> none(std::size_t(mGlobal.eaps()), -1);
    std::vector<float> s(std::size_t(mGlobal.size()));
    mGlobal.write(mEngine->state(), none, s);
    return s;
}

void CmmacRollout::advance(int batch)
{
    mBatchRecords.clear();
    while (mMore && mReady < batch) {
        mAgent.beginSlot(mEngine->state().slot, globalState());
        mMore = mEngine->stepSlot();
        mAgent.endSlot(globalState(), mEngine->metrics().lastXi());
        if (!mMore)
            mAgent.closeAll(mEngine->state());
        // The oldest slots are learned from once their outcomes are all known.
        const std::deque<SlotRecord> &records = mAgent.records();
        while (mReady < int(records.size()) && records[std::size_t(mReady)].ready())
            ++mReady;
    }
    for (; mReady > 0; --mReady) {
        mBatchRecords.push_back(std::move(mAgent.records().front()));
        mAgent.popFront();
    }
}

void CmmacRollout::computeBatch(FastMlp value, FastMlp target)
{
    mBatch = cmmacBatch(mBatchRecords, int(mBatchRecords.size()), value, target, mGlobal, mKais,
                        mEpsilon, false);
}

double CmmacRollout::progress() const
{
    return double(mEngine->state().slot) / double(mEngine->totalSlots());
}

} // namespace schedlab
