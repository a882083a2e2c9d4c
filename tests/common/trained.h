// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"
#include "train/trainers.h"

#include <cstdint>
#include <memory>
#include <string>

namespace schedlab::test {

/** Training `agent` for `episodes` episodes (0: its default budget) from `seed`, one
 *  episode at a time whatever the machine's cores (TrainOptions::workers). */
inline TrainOptions trainOptions(const std::string &agent, int episodes, std::uint64_t seed = 1)
{
    TrainOptions o;
    o.agent = agent;
    o.episodes = episodes;
    o.seed = seed;
    o.workers = 1;
    return o;
}

/** Trains to the end of the options' budget and returns the weights, ready to run. */
inline std::shared_ptr<const LearnedModel> trained(const Scenario &scenario,
                                                   const TrainOptions &options)
{
    auto trainer = makeTrainer(scenario, options);
    TrainControl control;
    trainer->train(control, {});
    return std::make_shared<const LearnedModel>(trainer->model());
}

} // namespace schedlab::test
