// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace schedlab::ui {

/**
 * The folder of the scenarios that come with SchedLab: beside an installed program
 * (`<prefix>/share/schedlab/scenarios`), in the source tree of a build inside it
 * (`<source>/build/app/schedlab`), or `scenarios/` of the working folder. Empty when
 * none holds the tutorial.
 */
QString bundledScenarioDir(const QString &programDir);
/** The bundled request-plane scenarios, sorted by file name; global scenarios, which
 *  run from the command line, are left out. */
QStringList bundledScenarios(const QString &programDir);
/** Whether `path` is one of the bundled scenarios (in bundledScenarioDir()): a
 *  template that Save writes under a new name, never over itself. */
bool isBundledScenario(const QString &path, const QString &programDir);

} // namespace schedlab::ui
