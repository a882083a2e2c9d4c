// SPDX-License-Identifier: GPL-3.0-or-later
// The `gpg` trainer: KaiS GPG (Sec. III-B, eq. 10–12) on its own, dispatch by the
// scenario's policy.
#include "engine/engine.h"
#include "registry/buildpolicies.h"
#include "registry/registry.h"
#include "train/gpglearner.h"
#include "train/trainers.h"

#include <chrono>
#include <stdexcept>

namespace schedlab {

namespace {

/**
 * Episode k runs the scenario's workload with seed options.seed + k, its dispatch,
 * dequeue and placement policies, and a GpgLearner as the orchestration plane; the
 * eq. 12 update follows each episode. The control is consulted between frames; a
 * stop inside an episode discards it (no update from a partial trajectory).
 */
class GpgTrainer final : public Trainer
{
public:
    static constexpr int kDefaultEpisodes = 30;

    GpgTrainer(const Scenario &scenario, const TrainOptions &options)
        : mScenario(scenario), mOptions(options),
          mLearner(int(scenario.services.size()), GpgLearner::Options::of(scenario, options.seed),
                   options.initial.get())
    {
        const PolicyInfo *dispatch = findPolicy(Plane::Dispatch, scenario.policies.dispatch);
        if (dispatch && !dispatch->agent.empty())
            throw std::invalid_argument(
                "gpg trains with the scenario's dispatch policy, and '" + dispatch->name +
                "' is learned: set a heuristic one (e.g. greedy) in the scenario");
    }

    int plannedEpisodes() const override
    {
        return mOptions.episodes > 0 ? mOptions.episodes : kDefaultEpisodes;
    }

    void train(TrainControl &control,
               const std::function<void(const TrainPoint &)> &onPoint) override
    {
        long steps = 0;
        for (int k = 0; k < plannedEpisodes(); ++k) {
            if (!control.checkpoint())
                return;
            const auto t0 = std::chrono::steady_clock::now();
            const std::uint64_t seed = mOptions.seed + std::uint64_t(k);
            mLearner.beginEpisode(seed);
            RunOptions run;
            run.seed = seed;
            run.policies = mScenario.policies;
            PolicySet given;
            given.orchestration = PolicySlot<OrchestrationPolicy>::lent(mLearner);
            Engine engine(mScenario, buildPolicySet(run, std::move(given)), run.config());
            const long frame = mScenario.time.frame;
            for (bool more = true; more;) {
                more = engine.stepSlot();
                control.progress(double(engine.state().slot) / double(engine.totalSlots()));
                if (more && engine.state().slot % frame == 0 && !control.checkpoint())
                    return;
            }
            const RunResult result = engine.finish();
            const GpgEpisode episode = mLearner.endEpisode(engine.state());
            steps += episode.decisions;
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

            TrainPoint point;
            point.episode = k;
            point.episodeDone = true;
            point.steps = steps;
            point.reward = episode.meanReward;
            point.actorLoss = episode.loss;
            point.entropy = episode.entropy;
            point.throughputRate = result.value("throughput_rate");
            point.stepsPerSecond = seconds > 0 ? episode.decisions / seconds : 0.0;
            onPoint(point);
        }
    }

    LearnedModel model() const override { return mLearner.model(); }

private:
    const Scenario &mScenario;
    TrainOptions mOptions;
    GpgLearner mLearner;
};

} // namespace

std::unique_ptr<Trainer> makeGpgTrainer(const Scenario &scenario, const TrainOptions &options)
{
    return std::make_unique<GpgTrainer>(scenario, options);
}

} // namespace schedlab
