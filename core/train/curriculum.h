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
 * then moderately introduce[s] more sophisticated request sequences step by step";
 * it does not say how. `kind` (KaisParameters::curriculum) chooses a reading:
 * - "short" (the default): the first quarter of the episodes runs a quarter of the
 *   scenario's duration ("simple"), the second quarter half of it ("medium"), the
 *   rest the scenario itself ("full"), always at the scenario's own rate;
 * - "light": as "short", at half and three quarters of the rate. On a light load
 *   every request is on time wherever it goes, so λ says nothing and ν alone
 *   teaches: with ε = 1 the actors learn to keep the edge idle and do not unlearn
 *   it (user guide, "How KaiS trains");
 * - "poisson-first": as "light", the first stage a steady Poisson stream (which on
 *   a pattern drawn from a trace trains on synthetic requests);
 * - "none": the scenario throughout.
 * With fewer than 4 episodes every one is "full".
 */
CurriculumStage curriculumStage(int episode, int episodes, const std::string &kind = "short");

/** The scenario as `stage` shapes it (a trace workload keeps its rate). */
Scenario stageScenario(const Scenario &scenario, const CurriculumStage &stage);

} // namespace schedlab
