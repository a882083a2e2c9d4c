// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/scenarioio.h"

#include <QString>
#include <QStringList>

namespace schedlab::test {

inline QString qs(const std::string &s) { return QString::fromStdString(s); }

/** Every error of a load, one per line, for failure messages. */
inline QString allErrors(const ScenarioLoad &load)
{
    QStringList out;
    for (const ScenarioError &e : load.errors)
        out << qs(e.format());
    return out.join('\n');
}

} // namespace schedlab::test
