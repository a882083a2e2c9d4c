// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "preferences.h"

#include <QStandardPaths>
#include <QString>

namespace schedlab::ui {

/** Where the workbench keeps its experiment store (a preference; the CLI takes --db). */
inline QString experimentsDbPath()
{
    static const Preference<QString> path(
        "experiments/database",
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/experiments.db");
    return path.get();
}

} // namespace schedlab::ui
