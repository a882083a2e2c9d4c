// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/curriculum.h"

#include "model/scenario.h"

#include <algorithm>

namespace schedlab {

CurriculumStage curriculumStage(int episode, int episodes, const std::string &kind)
{
    const bool staged = episodes >= 4 && kind != "none";
    const bool light = kind == "light" || kind == "poisson-first";
    if (staged && episode < episodes / 4)
        return {"simple", 0.25, light ? 0.5 : 1.0, kind == "poisson-first"};
    if (staged && episode < episodes / 2)
        return {"medium", 0.5, light ? 0.75 : 1.0, false};
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
