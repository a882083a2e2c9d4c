// SPDX-License-Identifier: GPL-3.0-or-later
// `sweep --train`: the models a sweep's learned policies run, trained for it.
#include "command.h"
#include "sweepcommand.h"
#include "trainedmodel.h"

#include "registry/registry.h"
#include "scenario/scenarioio.h"

#include <cstdio>

namespace schedlab::cli {

namespace {
/** True when a policy of some variant runs weights `agent` trains. */
bool runsAgent(const ComparisonSpec &spec, const std::string &agent)
{
    for (const Variant &v : spec.variants)
        for (const auto &[plane, name] :
             {std::pair{Plane::Dispatch, &v.policies.dispatch},
              std::pair{Plane::Dequeue, &v.policies.dequeue},
              std::pair{Plane::Orchestration, &v.policies.orchestration},
              std::pair{Plane::Placement, &v.policies.placement}})
            if (const PolicyInfo *info = findPolicy(plane, *name);
                info && agentTrains(agent, *info))
                return true;
    return false;
}
} // namespace

int setUpSweepTraining(SweepArgs &a, const SweepPlan &plan, SweepSpec &spec)
{
    const bool served =
        plan.global || runsAgent(comparisonSpecFor(spec, plan.points.front()), a.train);
    if (a.trainFromPreset && !served)
        a.train.clear();
    if (a.train.empty() && a.trainOnce && !a.trainFromPreset) {
        std::fprintf(stderr, "error: --train-once goes with --train AGENT\n");
        return BadInput;
    }
    if (a.train.empty())
        return Ok;
    if (!a.checkpoint.empty()) {
        std::fprintf(stderr, "error: give --train or --checkpoint, not both\n");
        return BadInput;
    }
    if (!served) {
        std::fprintf(stderr,
                     "error: --train %s: no policy of the sweep runs a %s model; choose its "
                     "learned policies (e.g. --dispatch cmmac --orchestration gpg for kais)\n",
                     a.train.c_str(), a.train.c_str());
        return BadInput;
    }
    if (a.trainOnCluster)
        return Ok; // the cluster plan's training tasks make the models
    if (!a.trainOnce) {
        spec.modelFor = [&a, &plan](const SweepPoint &p, std::string *error) {
            return trainSweepModel(a, plan, int(&p - plan.points.data()), error);
        };
        return Ok;
    }
    const ScenarioLoad base = loadScenarioFile(a.scenario);
    if (!base.ok()) {
        for (const ScenarioError &e : base.errors)
            std::fprintf(stderr, "%s\n", e.format().c_str());
        return BadInput;
    }
    std::string why;
    spec.model = trainSweepModel(a, plan, 0, &why);
    if (!spec.model) {
        std::fprintf(stderr, "error: --train %s: %s\n", a.train.c_str(), why.c_str());
        return RunFailed;
    }
    return Ok;
}

int sweepModelCount(const SweepArgs &a, const SweepPlan &plan)
{
    return a.train.empty() ? 0 : a.trainOnce ? 1 : int(plan.points.size());
}

std::shared_ptr<const LearnedModel> trainSweepModel(const SweepArgs &a, const SweepPlan &plan,
                                                    int model, std::string *error)
{
    if (!a.trainOnce) {
        const SweepPoint &p = plan.points[model];
        const std::uint64_t seed = a.trainSeed.value_or(p.scenario.seed);
        std::fprintf(stderr, "training %s for %s=%s (seed %llu)\n", a.train.c_str(),
                     plan.parameter.c_str(), p.value.c_str(),
                     static_cast<unsigned long long>(seed));
        return trainModel(p.scenario, a.train, seed, a.trainEpisodes, a.trainWorkers, error);
    }
    // On the file as given: `set` values shape what is compared (a clip of the
    // workload), not what the agent learns from.
    const ScenarioLoad base = loadScenarioFile(a.scenario);
    if (!base.ok()) {
        *error = a.scenario + " does not load: " + base.errors.front().format();
        return nullptr;
    }
    std::fprintf(stderr, "training %s on the scenario\n", a.train.c_str());
    return trainModel(*base.scenario, a.train, a.trainSeed.value_or(base.scenario->seed),
                      a.trainEpisodes, a.trainWorkers, error);
}

} // namespace schedlab::cli
