// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <thread>

namespace schedlab::test {

/**
 * A trainer without networks for the GUI suites: `episodes` episodes of
 * `stepsPerEpisode` steps, each step waiting `stepDelay` and asking the control
 * before it starts and reporting the share of the episode done after it. The
 * "model" (of `agent`) counts the whole steps taken.
 */
class FakeTrainer : public Trainer
{
public:
    FakeTrainer(int episodes, int stepsPerEpisode, std::chrono::microseconds stepDelay,
                std::shared_ptr<std::atomic<long>> steps = std::make_shared<std::atomic<long>>(0),
                std::string agent = "fake")
        : mEpisodes(episodes), mStepsPerEpisode(stepsPerEpisode), mDelay(stepDelay),
          mSteps(std::move(steps)), mAgent(std::move(agent))
    {
    }

    int plannedEpisodes() const override { return mEpisodes; }

    void train(TrainControl &control,
               const std::function<void(const TrainPoint &)> &onPoint) override
    {
        for (int e = 0; e < mEpisodes; ++e) {
            for (int s = 0; s < mStepsPerEpisode; ++s) {
                if (!control.checkpoint())
                    return;
                if (mDelay.count() > 0)
                    std::this_thread::sleep_for(mDelay);
                ++*mSteps;
                control.progress(double(s + 1) / mStepsPerEpisode);
                if (s % 5 == 4 && s + 1 < mStepsPerEpisode)
                    onPoint(point(e, false));
            }
            onPoint(point(e, true));
        }
    }

    LearnedModel model() const override
    {
        LearnedModel m;
        m.agent = mAgent;
        m.info["steps"] = std::to_string(mSteps->load());
        return m;
    }

    double throughputSlope = 0.01; ///< per episode; 0: a flat curve, which converges

    TrainPoint point(int episode, bool done) const
    {
        TrainPoint p;
        p.episode = episode;
        p.episodeDone = done;
        p.steps = mSteps->load();
        p.reward = -1.0 + 0.1 * episode;
        p.actorLoss = 1.0 / (1 + episode);
        p.criticLoss = 2.0 / (1 + episode);
        p.throughputRate = done ? 0.5 + throughputSlope * episode : TrainPoint::kNone;
        p.stepsPerSecond = 1000;
        return p;
    }

private:
    int mEpisodes, mStepsPerEpisode;
    std::chrono::microseconds mDelay;
    std::shared_ptr<std::atomic<long>> mSteps;
    std::string mAgent;
};

} // namespace schedlab::test
