// SPDX-License-Identifier: GPL-3.0-or-later
#include "starterscenario.h"

namespace schedlab::ui {

Scenario starterScenario()
{
    constexpr double MB = 1e6;
    Scenario s;
    s.name = "untitled";
    s.description = "A new scenario";
    s.time.duration = 120.0;
    s.time.dispatchPerSlot = 0; // every queued request each slot: no artificial cap to start with
    s.layers = {{"debian-12", 49 * MB}};
    ImageSpec image{"app:1", true, {}};
    for (const char *arch : {"amd64", "arm64"})
        image.variants.push_back({arch, "", {{"debian-12", 49 * MB}, {std::string("sha256:app-") + arch, 12 * MB}}});
    s.images = {image};

    ServiceSpec app;
    app.name = "app";
    app.image = "app:1";
    app.work = {Distribution::Kind::Exp, 0.04, 0.0};
    app.profile = {0.9, 0.3, 0.1, 0.1, 0.0, 0.05};
    app.replicas = {2, 0, 8};
    s.services = {app};

    s.workload.requests.kind = RequestWorkloadKind::Poisson;
    s.workload.requests.rate = 10.0;
    return s;
}

} // namespace schedlab::ui
