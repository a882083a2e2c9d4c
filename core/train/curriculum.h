// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace schedlab {

struct Scenario;

/** One step of KaiS's progressive training (Sec. IV-C). */
struct CurriculumStage
{
    std::string name;
    double durationShare = 1.0; ///< of the scenario's duration
    double rateScale = 1.0;     ///< of its request rate
    bool steady = false;        ///< time-varying patterns replaced by a steady Poisson stream
};

/**
 * KaiS Sec. IV-C trains "first [on] simple and short service request sequences,
 * then moderately introduce[s] more sophisticated request sequences step by step".
 * Here: the first quarter of the episodes sees a steady stream at half the rate
 * for a quarter of the duration ("simple"), the second quarter three quarters of
 * the rate for half the duration with the scenario's pattern ("medium"), the rest
 * the scenario itself ("full"). With fewer than 4 episodes every one is "full".
 */
CurriculumStage curriculumStage(int episode, int episodes);

/** The scenario as `stage` shapes it (a trace workload keeps its rate). */
Scenario stageScenario(const Scenario &scenario, const CurriculumStage &stage);

} // namespace schedlab
