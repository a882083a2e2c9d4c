// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/trainers.h"

#include "engine/engine.h"
#include "learn/cmmacmodel.h"
#include "learn/fastmlp.h"
#include "learn/globalstate.h"
#include "model/scenario.h"
#include "registry/buildpolicies.h"
#include "train/cmmacexperience.h"
#include "train/cmmacnets.h"
#include "train/curriculum.h"
#include "train/gpglearner.h"
#include "env/kaisreward.h"

#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>

namespace schedlab {

namespace {

/**
 * Discount γ of eq. 3 and 7; KaiS does not state it. A slot's reward already counts
 * the outcomes of that slot's own requests (SlotRecord), so a short horizon loses
 * little, and it keeps the bootstrap from a young critic small: at γ = 0.9 the
 * critic's V(ŝ_{t+1}), lower after requests join edge queues, outweighed the
 * rewards and drove the actors to the cloud (tutorial, ε = 0: throughput 0.904
 * against 0.929 at γ = 0.5).
 */
constexpr int kDefaultEpisodes = 40; ///< the documented default budget (README, "Training")
constexpr int kUpdateSlots = 16;     ///< slots of experience per update (Algorithm 1, l. 19)

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
          mTopology(Topology::build(scenario)), mGlobal(mTopology, int(scenario.services.size())),
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
        const CurriculumStage stage = curriculumStage(k, mEpisodes);
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
                agent.closeAll();
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

    /**
     * Algorithm 1, lines 18–19, over the slots since the last update: the critic
     * regresses V(ŝ_t) on V* = û_t + γ V_θ'v(ŝ_{t+1}) (eq. 2–3: the agents share the
     * reward, so eq. 3's π-weighted sum over their actions is this one target), then
     * each actor takes the policy-gradient step of eq. 6 with the advantage of eq. 7,
     * A = V* − V_θv(ŝ_t), for every decision of the slot; advantages are standardised
     * over the batch, as is usual for stable steps.
     */
    double update(const std::deque<SlotRecord> &records, int n, Losses &losses)
    {
        const std::size_t width = std::size_t(mGlobal.size());
        std::vector<float> before, targets(static_cast<std::size_t>(n)), values(targets.size());
        before.reserve(width * std::size_t(n));
        double rewardSum = 0.0;
        for (int i = 0; i < n; ++i) {
            const SlotRecord &r = records[std::size_t(i)];
            const double u = kaisDispatchReward(r.lambda(), r.xi, epsilon());
            rewardSum += u;
            targets[std::size_t(i)] = float(u) + float(mScenario.policies.kais.discount) * mTarget.forward(r.after)[0];
            values[std::size_t(i)] = mValue.forward(r.before)[0];
            before.insert(before.end(), r.before.begin(), r.before.end());
        }
        losses.critic += mCritic.regressionStep(before, targets);
        ++losses.criticSteps;
        mValue = FastMlp(mCritic.weights(), FastMlp::Head::Linear);

        std::vector<const Decision *> decisions;
        std::vector<float> advantages;
        for (int i = 0; i < n; ++i)
            for (const Decision &d : records[std::size_t(i)].decisions) {
                decisions.push_back(&d);
                advantages.push_back(targets[std::size_t(i)] - values[std::size_t(i)]);
            }
        if (decisions.empty())
            return rewardSum;
        double mean = 0.0, square = 0.0;
        for (float v : advantages) {
            mean += v;
            square += double(v) * v;
        }
        mean /= double(advantages.size());
        const double sd =
            std::sqrt(std::max(0.0, square / double(advantages.size()) - mean * mean));
        for (float &v : advantages)
            v = float((v - mean) / (sd + 1e-6));

        for (std::size_t a = 0; a < mActors.size(); ++a) {
            std::vector<float> states, advantageRows;
            std::vector<std::uint8_t> masks;
            std::vector<int> actions;
            for (std::size_t i = 0; i < decisions.size(); ++i) {
                const Decision &d = *decisions[i];
                if (d.actor != int(a))
                    continue;
                states.insert(states.end(), d.state.begin(), d.state.end());
                masks.insert(masks.end(), d.mask.begin(), d.mask.end());
                actions.push_back(d.action);
                advantageRows.push_back(advantages[i]);
            }
            if (actions.empty())
                continue;
            losses.actor += mActors[a].policyGradientStep(states, masks, actions, advantageRows);
            ++losses.actorSteps;
            mFast[a] = FastMlp(mActors[a].weights(), FastMlp::Head::ReluPlusOne);
        }
        return rewardSum;
    }

    double epsilon() const { return mOptions.epsilon.value_or(mScenario.policies.kais.epsilon); }

    Scenario mScenario;
    TrainOptions mOptions;
    int mEpisodes;
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
