// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/scenarioio.h"

#include <QtGlobal>

#include <string>

namespace schedlab::test {

/** The bundled scenarios/<name>.yaml; a suite that cannot load it stops, saying why. */
inline Scenario bundledScenario(const std::string &name)
{
    const ScenarioLoad load =
        loadScenarioFile(std::string(SCHEDLAB_SOURCE_DIR "/scenarios/") + name + ".yaml");
    if (!load.ok())
        qFatal("cannot load %s: %s", name.c_str(), load.errors.front().format().c_str());
    return *load.scenario;
}

} // namespace schedlab::test
