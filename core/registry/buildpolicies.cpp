// SPDX-License-Identifier: GPL-3.0-or-later
#include "registry/buildpolicies.h"

#include "registry/registry.h"

#include <stdexcept>

namespace schedlab {

namespace {
struct Choice
{
    Plane plane;
    const std::string *name;
};

std::vector<Choice> choices(const PolicySelection &s)
{
    return {{Plane::Dispatch, &s.dispatch},
            {Plane::Dequeue, &s.dequeue},
            {Plane::Orchestration, &s.orchestration},
            {Plane::Placement, &s.placement}};
}

bool isSet(const PolicySet &set, Plane plane)
{
    switch (plane) {
    case Plane::Dispatch: return bool(set.dispatch);
    case Plane::Dequeue: return bool(set.dequeue);
    case Plane::Orchestration: return bool(set.orchestration);
    case Plane::Placement: return bool(set.placement);
    case Plane::Global: break;
    }
    return false;
}

bool setsItself(const PolicyInfo &info, const std::string &plugin)
{
    for (const OwnWeight &own : info.ownWeights)
        if (own.plugin == plugin)
            return true;
    return false;
}
} // namespace

PolicySet buildPolicySet(const PolicySelection &selection,
                         std::shared_ptr<const LearnedModel> model, PolicySet given)
{
    PolicySet set = std::move(given);
    for (const Choice &c : choices(selection)) {
        if (isSet(set, c.plane))
            continue;
        const PolicyInfo *info = findPolicy(c.plane, *c.name);
        if (!info)
            throw std::invalid_argument(unknownPolicyMessage(c.plane, *c.name));
        if (!info->agent.empty() && !model)
            throw std::invalid_argument(needsCheckpointMessage(*info));
        info->make(set, model.get());
        if (c.plane == Plane::Placement && selection.percentageOfNodesToScore)
            set.placement->setPercentageOfNodesToScore(*selection.percentageOfNodesToScore);
        if (c.plane == Plane::Placement)
            for (const auto &[plugin, weight] : selection.placementWeights)
                if (setsItself(*info, plugin) || !set.placement->setWeight(plugin, weight))
                    throw std::invalid_argument("placement policy '" + selection.placement +
                                                "' has no weight to set for plugin '" + plugin +
                                                "'");
    }
    set.model = std::move(model);
    return set;
}

std::vector<PolicyProblem> policyProblems(const PolicySelection &selection)
{
    std::vector<PolicyProblem> problems;
    for (const Choice &c : choices(selection))
        if (!isKnownPolicy(c.plane, *c.name))
            problems.push_back({"policies." + planeName(c.plane), unknownPolicyMessage(c.plane, *c.name)});
    const PolicyInfo *placement = findPolicy(Plane::Placement, selection.placement);
    if (!placement || !placement->agent.empty())
        return problems; // an unknown policy's weights, or a learned one's, are not known
    for (const auto &[plugin, weight] : selection.placementWeights)
        if (const std::string why = placementWeightProblem(selection.placement, plugin); !why.empty())
            problems.push_back({"policies.placement_weights." + plugin, why});
    return problems;
}

} // namespace schedlab
