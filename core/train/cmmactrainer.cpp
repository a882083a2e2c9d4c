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
#include "train/cmmacrollout.h"
#include "train/gpglearner.h"
#include "train/inparallel.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <iterator>
#include <map>
#include <memory>
#include <stdexcept>

namespace schedlab {

namespace {

/** The documented default budget (README, "Learning schedulers"), measured to converge
 *  (ConvergenceMonitor): the tutorial and kais-testbed (kais) both at episode 240. γ and
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
          mWorkers(options.workers > 0 ? options.workers : defaultTrainWorkers()),
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
        m.info["workers"] = std::to_string(mWorkers);
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
        while (mEpisodesDone < mEpisodes) {
            Episodes episodes = startEpisodes();
            const bool finished = runEpisodes(episodes, control);
            awaitCritic(episodes);
            if (!finished)
                return;
            for (std::size_t w = 0; w < episodes.rollouts.size(); ++w)
                endEpisode(episodes, w, start, onPoint);
            mEpisodesDone += int(episodes.rollouts.size());
            mTarget = FastMlp(mCritic.weights(), FastMlp::Head::Linear); // θ'_v
        }
    }

private:
    /** The episodes that run at once (TrainOptions::workers), and what each earned. */
    struct Episodes
    {
        std::vector<std::unique_ptr<CmmacRollout>> rollouts;
        std::vector<double> rewards; ///< Σ û over the episode's slots learned from
        std::vector<long> slots;
        std::vector<Losses> losses;

        void add(std::unique_ptr<CmmacRollout> rollout)
        {
            rollouts.push_back(std::move(rollout));
            rewards.push_back(0.0);
            slots.push_back(0);
            losses.emplace_back();
        }
        std::vector<std::size_t> active() const
        {
            std::vector<std::size_t> out;
            for (std::size_t w = 0; w < rollouts.size(); ++w)
                if (!rollouts[w]->done())
                    out.push_back(w);
            return out;
        }
    };

    /**
     * Rounds of Algorithm 1's lines 8–19 until every episode has ended: the episodes
     * advance by a batch of slots each, compute their batches with the critic, and the
     * joined batch updates the critic and the actors. With workers, the critic's step
     * runs on a core of its own while the others step the actors and advance the next
     * round's slots (which act with the actors alone), and is awaited before the
     * critic is read again: the same update as one after the other. False when
     * `control` stopped the training.
     */
    bool runEpisodes(Episodes &episodes, TrainControl &control)
    {
        for (;;) {
            const std::vector<std::size_t> active = episodes.active();
            if (active.empty())
                return true;
            if (!control.checkpoint())
                return false;
            inParallel(int(active.size()), besideCritic(), [&](int i) {
                episodes.rollouts[active[std::size_t(i)]]->advance(kUpdateSlots);
            });
            awaitCritic(episodes);
            control.progress(episodes.rollouts.front()->progress());
            inParallel(int(active.size()), mWorkers, [&](int i) {
                episodes.rollouts[active[std::size_t(i)]]->computeBatch(mValue, mTarget);
            });
            CmmacBatch batch;
            for (std::size_t w : active) {
                CmmacRollout &rollout = *episodes.rollouts[w];
                const std::size_t first = batch.slotRewards.size();
                appendBatch(batch, rollout.takeBatch());
                for (std::size_t s = first; s < batch.slotRewards.size(); ++s)
                    episodes.rewards[w] += batch.slotRewards[s];
                episodes.slots[w] += long(batch.slotRewards.size() - first);
            }
            finishBatch(batch, mKais);
            startCritic(std::move(batch.critic), active);
            stepActors(batch, episodes, active);
        }
    }

    /** The critic's step of eq. 2 on a thread of its own (with workers), else at once. */
    void startCritic(CriticRows rows, std::vector<std::size_t> episodes)
    {
        mCriticEpisodes = std::move(episodes);
        auto step = [this, rows = std::move(rows)] { return mCritic.regressionStep(rows); };
        if (mWorkers > 1) {
            mCriticStep = std::async(std::launch::async, std::move(step));
        } else {
            std::promise<double> done;
            done.set_value(step());
            mCriticStep = done.get_future();
        }
    }

    /** Waits for the critic's step, if one is running, and reads the critic anew. */
    void awaitCritic(Episodes &episodes)
    {
        if (!mCriticStep.valid())
            return;
        const double loss = mCriticStep.get();
        for (std::size_t w : mCriticEpisodes) {
            episodes.losses[w].critic += loss;
            ++episodes.losses[w].criticSteps;
        }
        mValue = FastMlp(mCritic.weights(), FastMlp::Head::Linear);
    }

    /** The threads that work while the critic steps: its step is the longest part of a
     *  round, so it keeps a core to itself. */
    int besideCritic() const { return std::max(1, mWorkers - 1); }

    /** Each actor's step of eq. 6 with eq. 7's advantages, beside the critic's. */
    void stepActors(const CmmacBatch &batch, Episodes &episodes,
                    const std::vector<std::size_t> &active)
    {
        for (std::size_t a = 0; a < mActors.size(); ++a) {
            double loss = 0.0;
            if (!actorStep(a, batch, loss))
                continue;
            for (std::size_t w : active) {
                episodes.losses[w].actor += loss;
                ++episodes.losses[w].actorSteps;
            }
        }
        refreshActors();
        for (std::size_t w : active)
            episodes.rollouts[w]->setActors(mFast);
    }

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

    /** The next round's episodes, each from its own GPG explorer (drawn in order),
     *  built at once. */
    Episodes startEpisodes()
    {
        const int count = std::min(mEpisodes - mEpisodesDone, mWorkers);
        const auto size = static_cast<std::size_t>(count);
        std::vector<std::optional<GpgExplorer>> explorers(size);
        for (int i = 0; i < count && mGpg; ++i) {
            explorers[std::size_t(i)] = mGpg->explorer();
            mGpg->beginEpisode(*explorers[std::size_t(i)],
                               mOptions.seed + std::uint64_t(mEpisodesDone + i));
        }
        std::vector<std::unique_ptr<CmmacRollout>> started(size);
        inParallel(count, mWorkers, [&](int i) {
            started[std::size_t(i)] =
                startEpisode(mEpisodesDone + i, std::move(explorers[std::size_t(i)]));
        });
        Episodes episodes;
        for (auto &rollout : started)
            episodes.add(std::move(rollout));
        return episodes;
    }

    std::unique_ptr<CmmacRollout> startEpisode(int k, std::optional<GpgExplorer> gpg)
    {
        CmmacRollout::Setup setup;
        setup.scenario = &mScenario;
        setup.episode = k;
        setup.episodes = mEpisodes;
        setup.seed = mOptions.seed;
        setup.model = mOptions.initial;
        setup.global = &mGlobal;
        setup.actorOf = &mActorOf;
        setup.epsilon = epsilon();
        return std::make_unique<CmmacRollout>(setup, mFast, std::move(gpg));
    }

    void endEpisode(Episodes &episodes, std::size_t w, std::chrono::steady_clock::time_point start,
                    const std::function<void(const TrainPoint &)> &onPoint)
    {
        CmmacRollout &rollout = *episodes.rollouts[w];
        const Losses &losses = episodes.losses[w];
        const long slots = episodes.slots[w];
        const double rewardSum = episodes.rewards[w];
        const ExperienceCollector &agent = rollout.agent();
        mSteps += agent.decisions;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        TrainPoint p;
        p.episode = rollout.episode();
        p.episodeDone = true;
        p.stage = rollout.stage().name;
        p.steps = mSteps;
        p.reward = slots ? rewardSum / double(slots) : 0.0;
        p.actorLoss = losses.actorSteps ? losses.actor / losses.actorSteps : TrainPoint::kNone;
        p.criticLoss = losses.criticSteps ? losses.critic / losses.criticSteps : TrainPoint::kNone;
        p.entropy =
            agent.decisions ? agent.entropySum / double(agent.decisions) : TrainPoint::kNone;
        p.throughputRate = rollout.engine().metrics().totals().throughputRate();
        p.frames = double(rollout.engine().state().slot) / double(mScenario.time.frame);
        p.stepsPerSecond = seconds > 0 ? double(mSteps) / seconds : 0.0;
        if (mGpg) {
            const GpgEpisode gpg = mGpg->endEpisode(*rollout.gpg(), rollout.engine().state());
            p.orchestrationReward = gpg.meanReward;
            p.orchestrationLoss = gpg.loss;
        }
        if (onPoint)
            onPoint(p);
    }

    /** Actor `a`'s step on its decisions in `batch`; false when it took none. */
    bool actorStep(std::size_t a, const CmmacBatch &batch, double &loss)
    {
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
            return false;
        loss = mActors[a].policyGradientStep(states, masks, actions, advantages, besideCritic());
        return true;
    }

    double epsilon() const { return mOptions.epsilon.value_or(mScenario.policies.kais.epsilon); }

    Scenario mScenario;
    TrainOptions mOptions;
    int mEpisodes;
    int mWorkers; ///< episodes run at once, each round's batches one update
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
    FastMlp
        mTarget; ///< V_θ'v, the target critic: refreshed after each episode (each round of them)
    std::future<double> mCriticStep;          ///< the last update's critic step (its loss)
    std::vector<std::size_t> mCriticEpisodes; ///< whose slots it learns from
};

} // namespace

std::unique_ptr<Trainer> makeCmmacTrainer(const Scenario &scenario, const TrainOptions &options)
{
    return std::make_unique<CmmacTrainer>(scenario, options, options.agent == "kais");
}

} // namespace schedlab
