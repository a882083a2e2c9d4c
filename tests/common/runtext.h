// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/runresult.h"

#include <QByteArray>
#include <string>

namespace schedlab::test {

/** A run's numbers but the wall-clock ones, to 17 digits: equal iff the runs agree. */
inline std::string deterministicPart(const RunResult &r)
{
    std::string out;
    for (const MetricValue &m : r.metrics)
        if (!m.wallClock)
            out += m.name + "=" + QByteArray::number(m.value, 'g', 17).toStdString() + ";";
    for (const FramePoint &f : r.frames)
        out += QByteArray::number(f.throughput, 'g', 17).toStdString() + ",";
    return out;
}

} // namespace schedlab::test
