// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario loader on any bytes: it never crashes or throws, every error has a
// place, and a scenario that loads is validated and saves to text that loads again.
#include "scenario/scenarioio.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace schedlab;
    const std::string text(reinterpret_cast<const char *>(data), size);
    const ScenarioLoad load = loadScenarioText(text, "fuzz.yaml");
    if (!load.ok()) {
        for (const ScenarioError &error : load.errors)
            if (error.message.empty())
                std::abort();
        return 0;
    }
    validateScenario(*load.scenario);
    if (!loadScenarioText(saveScenarioText(*load.scenario), "saved.yaml").ok())
        std::abort();
    return 0;
}
