// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"

namespace schedlab {

/** The agents `train --agent` accepts, in the order help lists them. */
const std::vector<std::string> &trainableAgents();
/** True for the agents whose reward TrainOptions::reward chooses (the DRS family). */
bool agentTakesReward(const std::string &agent);
/** True for the agents whose reward TrainOptions::epsilon weighs (cMMAC's, in `cmmac` and `kais`).
 */
bool agentTakesEpsilon(const std::string &agent);

/** Throws std::invalid_argument for an unknown agent or a scenario it cannot train
 *  on, and CheckpointError when options.initial does not fit. */
std::unique_ptr<Trainer> makeTrainer(const Scenario &scenario, const TrainOptions &options);

// One factory per family of agents; makeTrainer (trainer.cpp) picks by name.

/** KaiS cMMAC (Sec. III-A, eq. 2–7): `cmmac`; with GPG in the same episodes
 *  (Algorithm 1): `kais`. */
std::unique_ptr<Trainer> makeCmmacTrainer(const Scenario &scenario, const TrainOptions &options);

/** KaiS GPG (Sec. III-B, eq. 10–12): `gpg`, orchestration, dispatch by the scenario's policy. */
std::unique_ptr<Trainer> makeGpgTrainer(const Scenario &scenario, const TrainOptions &options);

/** The DRS family (DRS Algorithm 2, Sec. 5.3.2) by options.agent: `drs`, `double-dqn`,
 *  `dueling-dqn`, `ppo`, `sac`, and the reward settings of Table 5 (`rlsk`, `deeprm`,
 *  `multi-deeprm`) on DRS's DQN. */
std::unique_ptr<Trainer> makeDrsTrainer(const Scenario &scenario, const TrainOptions &options);

/** The agents `drs-family` trains, one after another. */
const std::vector<std::string> &drsFamilyMembers();
/** `drs-family`: every agent of DRS's comparisons trained in turn on the same
 *  scenario and seed, their networks in one model that each of their placement
 *  policies runs (a preset compares them all from one training). options.episodes
 *  is each member's budget (0: each its own default). */
std::unique_ptr<Trainer> makeDrsFamilyTrainer(const Scenario &scenario,
                                              const TrainOptions &options);

} // namespace schedlab
