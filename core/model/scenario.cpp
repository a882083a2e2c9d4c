// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/scenario.h"

#include <cmath>
#include <sstream>

namespace schedlab {

const ImageVariant *ImageSpec::variantFor(const std::string &arch) const
{
    for (const auto &v : variants)
        if (v.arch == arch)
            return &v;
    return nullptr;
}

std::string NodeSpec::nameOf(int i) const
{
    const auto at = name.find("{i}");
    if (at == std::string::npos)
        return count > 1 ? name + "-" + std::to_string(i) : name;
    std::string out = name;
    out.replace(at, 3, std::to_string(i));
    return out;
}

const ServiceSpec *Scenario::service(const std::string &n) const
{
    for (const auto &s : services)
        if (s.name == n)
            return &s;
    return nullptr;
}

const ImageSpec *Scenario::image(const std::string &n) const
{
    for (const auto &i : images)
        if (i.name == n)
            return &i;
    return nullptr;
}

std::pair<const ImageSpec *, const ImageVariant *>
Scenario::podImage(const std::string &ref) const
{
    if (const ImageSpec *i = image(ref)) {
        if (!i->index)
            for (const auto &v : i->variants)
                if (v.name == ref)
                    return {i, &v};
        return {i, nullptr};
    }
    for (const auto &i : images)
        if (!i.index)
            for (const auto &v : i.variants)
                if (v.name == ref)
                    return {&i, &v};
    return {nullptr, nullptr};
}

bool Scenario::operator==(const Scenario &o) const
{
    return schema == o.schema && name == o.name && description == o.description &&
           seed == o.seed && time == o.time && network == o.network && layers == o.layers &&
           images == o.images && services == o.services && sites == o.sites &&
           links == o.links && workload == o.workload && policies == o.policies &&
           layout == o.layout;
}

std::optional<RunSizeProblem> runSizeProblem(const Scenario &scenario, double duration)
{
    constexpr double kMaxSlots = 1e8, kMaxRequests = 1e9;
    const double run = duration > 0 ? duration : scenario.time.duration;
    const double slot = scenario.time.slot;
    const auto number = [](double v) {
        std::ostringstream text;
        text << v;
        return text.str();
    };
    if (!(run > 0) || !(slot > 0))
        return std::nullopt; // the validator says what is wrong with them
    if (!(run / slot <= kMaxSlots))
    {
        const double slots = std::ceil(run / slot);
        return RunSizeProblem{"time.slot", "a run of " + number(run) + " s in slots of " +
                                               number(slot) + " s is " +
                                               (std::isfinite(slots)
                                                    ? number(slots) + " slots, more than 100,000,000"
                                                    : std::string("more than 100,000,000 slots")) +
                                               ": give a longer slot or a shorter duration"};
    }
    if (slot > run)
        return RunSizeProblem{"time.slot", "the slot (" + number(slot) +
                                               " s) is longer than the run (" + number(run) + " s)"};
    const RequestWorkload &w = scenario.workload.requests;
    if (w.kind != RequestWorkloadKind::Trace && !(w.rate * run <= kMaxRequests))
        return RunSizeProblem{"workload.requests.rate",
                              "the request rate (" + number(w.rate) + "/s) over " + number(run) +
                                  " s is " + number(w.rate * run) +
                                  " requests, more than 1,000,000,000"};
    const double perSlot = w.rate * slot;
    if (w.kind != RequestWorkloadKind::Trace && !(perSlot <= double(kMaxRequestsInFlight)))
        return RunSizeProblem{"workload.requests.rate",
                              "the request rate (" + number(w.rate) + "/s) brings " +
                                  number(perSlot) + " requests in a slot of " + number(slot) +
                                  " s, more than " + std::to_string(kMaxRequestsInFlight) +
                                  " in flight at once: give a lower rate or a shorter slot"};
    return std::nullopt;
}

} // namespace schedlab
