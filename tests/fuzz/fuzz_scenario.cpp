// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario loader on any bytes: it never crashes or throws, every error has a
// place, and a scenario that loads is validated and saves to text that loads again;
// an edit written into the file's own text reads back as the edited scenario.
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
    // Edits of the kinds the editor makes: a value changed, an entry added.
    Scenario edited = *load.scenario;
    edited.seed += 1;
    edited.layout["fuzz-added"] = {1, 2};
    const ScenarioRewrite rewrite = rewriteScenarioText(text, *load.scenario, edited, "fuzz.yaml");
    if (rewrite.ok()) {
        const ScenarioLoad back = loadScenarioText(rewrite.text, "fuzz.yaml");
        if (!back.ok() || saveScenarioText(*back.scenario) != saveScenarioText(edited))
            std::abort();
    }
    return 0;
}
