// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/curriculum.h"

#include "model/scenario.h"

#include <algorithm>

namespace schedlab {

CurriculumStage curriculumStage(int episode, int episodes)
{
    if (episodes >= 4 && episode < episodes / 4)
        return {"simple", 0.25, 0.5, true};
    if (episodes >= 4 && episode < episodes / 2)
        return {"medium", 0.5, 0.75, false};
    return {"full", 1.0, 1.0, false};
}

Scenario stageScenario(const Scenario &scenario, const CurriculumStage &stage)
{
    Scenario s = scenario;
    s.time.duration = std::max(s.time.slot, s.time.duration * stage.durationShare);
    RequestWorkload &w = s.workload.requests;
    if (w.kind == RequestWorkloadKind::Poisson || w.kind == RequestWorkloadKind::Pattern) {
        w.rate *= stage.rateScale;
        if (stage.steady)
            w.kind = RequestWorkloadKind::Poisson;
    }
    return s;
}

} // namespace schedlab
