// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"
#include "train/trainers.h"

#include <memory>

namespace schedlab::test {

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
