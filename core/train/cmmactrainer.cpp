// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/trainers.h"

#include "engine/engine.h"
#include "learn/cmmacmodel.h"
#include "learn/fastmlp.h"
#include "learn/globalstate.h"
#include "learn/localstate.h"
#include "model/scenario.h"
#include "registry/buildpolicies.h"
#include "train/cmmacadvantage.h"
#include "train/cmmacexperience.h"
#include "train/cmmacnets.h"
#include "train/curriculum.h"
#include "train/gpglearner.h"

#include <chrono>
#include <map>
#include <memory>
#include <stdexcept>

namespace schedlab {

namespace {

/** The documented default budget (README, "Learning schedulers"), measured to converge
 *  (ConvergenceMonitor): the tutorial at episode 360, kais-testbed (kais) at 260. γ and
 *  the other readings' defaults are measured too (user guide, "How KaiS trains"): at
 *  γ = 0.9 a young critic's lag makes every advantage positive and the actors collapse
 *  onto the cloud. */
constexpr int kDefaultEpisodes = 400;
constexpr int kUpdateSlots = 16; ///< slots of experience per update (Algorithm 1, l. 19)

struct Losses
{
    double actor = 0.0, critic = 0.0;
    int actorSteps = 0, criticSteps = 0;
};

/**
 * cMMAC alone (`cmmac`: the scenario's orchestration policy runs), or KaiS as a
 * whole (`kais`: Algorithm 1's two time scales, cMMAC deciding every slot and a
 * GpgLearner as the orchestration plane every frame, both learning from the same
 * episodes; cMMAC updates every kUpdateSlots slots, GPG once per episode, eq. 12).
 */
class CmmacTrainer final : public Trainer
{
public:
    CmmacTrainer(const Scenario &scenario, const TrainOptions &options, bool withGpg)
        : mScenario(scenario), mOptions(options),
          mEpisodes(options.episodes > 0 ? options.episodes : kDefaultEpisodes),
          mKais(scenario.policies.kais), mTopology(Topology::build(scenario)),
          mGlobal(mTopology, int(scenario.services.size()), mKais.stateScale == "squashed"),
          mCritic(mGlobal.size(), options.seed * 2 + 1)
    {
        if (mTopology.eaps.empty())
            throw std::invalid_argument("cmmac: the scenario has no eAP to dispatch from");
        std::map<std::string, int> index;
        for (int b = 0; b < mGlobal.eaps(); ++b) {
            const LocalStateLayout &layout = mGlobal.local(b).layout();
            const std::string name = cmmacActorName(layout);
            auto [it, added] = index.emplace(name, int(mActors.size()));
            if (added) {
                mActorNames.push_back(name);
                mActors.emplace_back(layout.size(), layout.actions(),
                                     options.seed * 2 + 2 + std::uint64_t(mActors.size()));
            }
            mActorOf.push_back(it->second);
        }
        if (options.initial)
            adopt(*options.initial);
        if (withGpg)
            mGpg = std::make_unique<GpgLearner>(int(scenario.services.size()),
                                                GpgLearner::Options::of(scenario, options.seed),
                                                options.initial.get());
        mTarget = FastMlp(mCritic.weights(), FastMlp::Head::Linear);
        mValue = mTarget;
        refreshActors();
    }

    int plannedEpisodes() const override { return mEpisodes; }

    LearnedModel model() const override
    {
        LearnedModel m;
        m.agent = "cmmac";
        for (std::size_t a = 0; a < mActors.size(); ++a)
            m.nets[mActorNames[a]] = mActors[a].weights();
        m.nets[kCmmacCriticName] = mCritic.weights();
        if (mGpg) {
            const LearnedModel gpg = mGpg->model();
            m.agent = "kais";
            m.nets.insert(gpg.nets.begin(), gpg.nets.end());
            m.info.insert(gpg.info.begin(), gpg.info.end());
        }
        m.info["scenario"] = mScenario.name;
        m.info["episodes"] = std::to_string(mEpisodesDone);
        m.info["epsilon"] = std::to_string(epsilon());
        m.info["seed"] = std::to_string(mOptions.seed);
        m.info["gamma"] = std::to_string(mKais.discount);
        m.info["advantage"] = mKais.advantage;
        m.info["critic"] = mKais.critic;
        m.info[kStateScaleKey] = mKais.stateScale;
        return m;
    }

    void train(TrainControl &control,
               const std::function<void(const TrainPoint &)> &onPoint) override
    {
        const auto start = std::chrono::steady_clock::now();
        for (int k = mEpisodesDone; k < mEpisodes; ++k) {
            if (!runEpisode(k, control, onPoint, start))
                return;
            ++mEpisodesDone;
            mTarget = FastMlp(mCritic.weights(), FastMlp::Head::Linear); // θ'_v per episode
        }
    }

private:
    void adopt(const LearnedModel &m)
    {
        const std::string origin = "initial model";
        for (std::size_t a = 0; a < mActors.size(); ++a)
            mActors[a].setWeights(
                requireShape(m, origin, mActorNames[a], mActors[a].weights(), "actor"));
        mCritic.setWeights(requireShape(m, origin, kCmmacCriticName, mCritic.weights(), "critic"));
    }

    void refreshActors()
    {
        mFast.clear();
        for (const ActorNet &a : mActors)
            mFast.emplace_back(a.weights(), FastMlp::Head::ReluPlusOne);
    }

    bool runEpisode(int k, TrainControl &control,
                    const std::function<void(const TrainPoint &)> &onPoint,
                    std::chrono::steady_clock::time_point start)
    {
        const CurriculumStage stage = curriculumStage(k, mEpisodes, mKais.curriculum);
        const Scenario scenario = stageScenario(mScenario, stage);
        ExperienceCollector agent(mGlobal.locals(), mActorOf, mFast);
        RunOptions options;
        options.seed = mOptions.seed + std::uint64_t(k);
        options.policies = scenario.policies;
        PolicySet given;
        given.dispatch = PolicySlot<DispatchPolicy>::lent(agent);
        options.model = mOptions.initial;
        if (mGpg) {
            mGpg->beginEpisode(options.seed);
            given.orchestration = PolicySlot<OrchestrationPolicy>::lent(*mGpg);
        }
        Engine engine(scenario, buildPolicySet(options, std::move(given)), options.config());
        engine.addObserver(&agent);

        const std::vector<std::int32_t> none(std::size_t(mGlobal.eaps()), -1);
        auto globalState = [&] {
            std::vector<float> s(std::size_t(mGlobal.size()));
            mGlobal.write(engine.state(), none, s);
            return s;
        };
        double rewardSum = 0.0;
        long slots = 0;
        Losses losses;
        for (bool more = true; more;) {
            if (!control.checkpoint())
                return false;
            agent.beginSlot(engine.state().slot, globalState());
            more = engine.stepSlot();
            control.progress(double(engine.state().slot) / double(engine.totalSlots()));
            agent.endSlot(globalState(), engine.metrics().lastXi());
            if (!more)
                agent.closeAll(engine.state());
            // Learn from the oldest slots once their outcomes are all known.
            auto &records = agent.records();
            int ready = 0;
            while (ready < int(records.size()) && records[std::size_t(ready)].ready())
                ++ready;
            if (ready >= kUpdateSlots || (!more && ready > 0)) {
                const double sum = update(records, ready, losses);
                rewardSum += sum;
                slots += ready;
                for (int i = 0; i < ready; ++i)
                    agent.popFront();
            }
        }
        mSteps += agent.decisions;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        TrainPoint p;
        p.episode = k;
        p.episodeDone = true;
        p.stage = stage.name;
        p.steps = mSteps;
        p.reward = slots ? rewardSum / double(slots) : 0.0;
        p.actorLoss = losses.actorSteps ? losses.actor / losses.actorSteps : TrainPoint::kNone;
        p.criticLoss = losses.criticSteps ? losses.critic / losses.criticSteps : TrainPoint::kNone;
        p.entropy =
            agent.decisions ? agent.entropySum / double(agent.decisions) : TrainPoint::kNone;
        p.throughputRate = engine.metrics().totals().throughputRate();
        p.stepsPerSecond = seconds > 0 ? double(mSteps) / seconds : 0.0;
        if (mGpg) {
            const GpgEpisode gpg = mGpg->endEpisode(engine.state());
            p.orchestrationReward = gpg.meanReward;
            p.orchestrationLoss = gpg.loss;
        }
        if (onPoint)
            onPoint(p);
        return true;
    }

    /** Algorithm 1, lines 18–19, over the slots since the last update (cmmacBatch):
     *  the critic's step of eq. 2, then each actor's of eq. 6 with eq. 7's advantages. */
    double update(const std::deque<SlotRecord> &records, int n, Losses &losses)
    {
        const CmmacBatch batch = cmmacBatch(records, n, mValue, mTarget, mGlobal, mKais, epsilon());
        losses.critic += mCritic.regressionStep(batch.criticRows, batch.criticTargets);
        ++losses.criticSteps;
        mValue = FastMlp(mCritic.weights(), FastMlp::Head::Linear);
        for (std::size_t a = 0; a < mActors.size(); ++a) {
            std::vector<float> states, advantages;
            std::vector<std::uint8_t> masks;
            std::vector<int> actions;
            for (std::size_t i = 0; i < batch.decisions.size(); ++i) {
                const Decision &d = *batch.decisions[i];
                if (d.actor != int(a))
                    continue;
                states.insert(states.end(), d.state.begin(), d.state.end());
                masks.insert(masks.end(), d.mask.begin(), d.mask.end());
                actions.push_back(d.action);
                advantages.push_back(batch.advantages[i]);
            }
            if (actions.empty())
                continue;
            losses.actor += mActors[a].policyGradientStep(states, masks, actions, advantages);
            ++losses.actorSteps;
            mFast[a] = FastMlp(mActors[a].weights(), FastMlp::Head::ReluPlusOne);
        }
        return batch.rewardSum;
    }

    double epsilon() const { return mOptions.epsilon.value_or(mScenario.policies.kais.epsilon); }

    Scenario mScenario;
    TrainOptions mOptions;
    int mEpisodes;
    KaisParameters mKais;
    int mEpisodesDone = 0;
    long mSteps = 0;
    Topology mTopology;
    GlobalStateBuilder mGlobal;
    std::vector<int> mActorOf;
    std::vector<std::string> mActorNames;
    std::vector<ActorNet> mActors;
    std::vector<FastMlp> mFast;
    CriticNet mCritic;
    std::unique_ptr<GpgLearner> mGpg; ///< set for `kais`
    FastMlp mValue;                   ///< V_θv, refreshed after every critic step
    FastMlp mTarget;                  ///< V_θ'v, the target critic: refreshed once per episode
};

} // namespace

std::unique_ptr<Trainer> makeCmmacTrainer(const Scenario &scenario, const TrainOptions &options)
{
    return std::make_unique<CmmacTrainer>(scenario, options, options.agent == "kais");
}

} // namespace schedlab
