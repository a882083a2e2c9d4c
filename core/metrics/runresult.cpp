// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/runresult.h"

namespace schedlab {

const MetricValue *RunResult::find(const std::string &name) const
{
    for (const auto &m : metrics)
        if (m.name == name)
            return &m;
    return nullptr;
}

double RunResult::value(const std::string &name) const
{
    const MetricValue *m = find(name);
    return m ? m->value : 0.0;
}

} // namespace schedlab
