// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/trainer.h"

#include <algorithm>
#include <thread>

namespace schedlab {

int defaultTrainWorkers()
{
    return int(std::clamp(std::thread::hardware_concurrency(), 1u, unsigned(kMaxTrainWorkers)));
}

bool agentTakesWorkers(const std::string &agent)
{
    return agent == "cmmac" || agent == "kais"; // the CmmacTrainer's rounds of episodes
}

} // namespace schedlab
