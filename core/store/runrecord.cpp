// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/runrecord.h"

namespace schedlab {

const char *runStatusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Running:
        return "running";
    case RunStatus::Complete:
        return "complete";
    case RunStatus::Failed:
        return "failed";
    case RunStatus::Cancelled:
        return "cancelled";
    }
    return "failed";
}

std::optional<RunStatus> runStatusFromName(std::string_view name)
{
    for (RunStatus s :
         {RunStatus::Running, RunStatus::Complete, RunStatus::Failed, RunStatus::Cancelled})
        if (name == runStatusName(s))
            return s;
    return std::nullopt;
}

} // namespace schedlab
