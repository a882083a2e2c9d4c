// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "preferences.h"

#include <QDir>
#include <QFileInfo>

namespace schedlab::ui {

/** Where the workbench keeps its experiment store (a preference; the CLI takes --db);
 *  its folder is made if missing, as it is on a first start. */
inline QString experimentsDbPath()
{
    const QString path = experimentsDatabase().get();
    QDir().mkpath(QFileInfo(path).absolutePath());
    return path;
}

} // namespace schedlab::ui
