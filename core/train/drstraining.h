// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "env/drsenvironment.h"
#include "learn/learnedmodel.h"
#include "learn/trainer.h"
#include "state/random.h"
#include "train/replaymemory.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace schedlab {

// What the DRS-family trainers share: the environment they train on, the state
// as floats, the feasible mask, and the facts a model records.

/** options.reward as RewardSettings; throws std::invalid_argument for an unknown name. */
DrsEnvConfig drsEnvConfig(const TrainOptions &options, int episodePods);

std::vector<float> toFloats(const std::vector<double> &state);
/** The feasible actions as a mask; all of them when none is (the pod then backs off). */
std::vector<std::uint8_t> feasibleMask(DrsEnvironment &env);

/** agent, info (scenario, nodes, state_size, reward, episodes, seed). */
LearnedModel drsModelHeader(const std::string &agent, const Scenario &scenario,
                            const DrsEnvironment &env, const TrainOptions &options, int episodes);

/** The initial model's network `name` with the shape of `expected`, or CheckpointError. */
const MlpWeights &requireDrsNet(const TrainOptions &options, const std::string &name,
                                const MlpWeights &expected);

/**
 * The factor rewards are learnt at: `eq14Scale` for eq. 14 and RLSK's form (~±20
 * per step), 10 for DeepRM's slowdown (−Σ 1/T_j is ~−0.07 with 20 pods of ~400 s
 * in the system), so that both reach the networks at about ±0.2. The greedy
 * policy does not depend on the scale; learning at a sensible one does.
 */
double learnedRewardScale(const TrainOptions &options, double eq14Scale);

/**
 * One decision as the replay pool keeps it: `state` and its `feasible` mask before
 * it, `action`, `reward`, and the state and mask `env` shows after it. At the end
 * of an episode there is no successor (y = r, Algorithm 2 line 13); the row keeps
 * its shape with the state before.
 */
Transition transitionOf(std::vector<float> state, std::vector<std::uint8_t> feasible, int action,
                        float reward, bool done, DrsEnvironment &env);

/** An action drawn from the policy `p` (which sums to 1) with `rng`. */
int drawAction(const std::vector<float> &p, Rng &rng);

/** How much of the episode's simulated time `env` has run, 0 to 1 (an episode may
 *  end sooner, once its pods are all placed or failed). */
double simulatedFraction(const DrsEnvironment &env);

/** Steps per second since `start`. */
double stepsPerSecond(long steps, std::chrono::steady_clock::time_point start);

} // namespace schedlab
