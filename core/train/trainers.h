// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"

namespace schedlab {

/** The agents `train --agent` accepts, in the order help lists them. */
const std::vector<std::string> &trainableAgents();
/** True for the agents whose reward TrainOptions::reward chooses (the DRS family). */
bool agentTakesReward(const std::string &agent);

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
 *  `dueling-dqn`, `ppo`. */
std::unique_ptr<Trainer> makeDrsTrainer(const Scenario &scenario, const TrainOptions &options);

} // namespace schedlab
