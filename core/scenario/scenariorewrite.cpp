// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioio.h"
#include "scenario/yamlpatch.h"

namespace schedlab {

ScenarioRewrite rewriteScenarioText(const std::string &original, const Scenario &loaded,
                                    const Scenario &edited, const std::string &fileName)
{
    ScenarioRewrite out;
    const std::string after = saveScenarioText(edited);
    YamlPatch patch = carryYamlChanges(original, saveScenarioText(loaded), after);
    if (!patch.ok()) {
        out.error = patch.error;
        return out;
    }
    const ScenarioLoad back = loadScenarioText(patch.text, fileName);
    if (!back.ok() || saveScenarioText(*back.scenario) != after) {
        out.error = back.ok()
                        ? "the file's own structure differs from the model's"
                        : "the edited file would not read back: " + back.errors.front().format();
        return out;
    }
    out.text = std::move(patch.text);
    return out;
}

} // namespace schedlab
