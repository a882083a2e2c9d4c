// SPDX-License-Identifier: GPL-3.0-or-later
// _schedlab.PlacementCore: the DRS scheduling MDP (core/env/drsenvironment.h) one
// reset or step a call, for schedlab.PlacementEnv (python/schedlab/placementenv.py),
// which keeps the Gymnasium contract around it. A step runs the engine for a few
// simulated seconds, microseconds of work: it keeps Python's lock.
#include "arguments.h"
#include "bindings.h"
#include "observations.h"

#include "env/drsenvironment.h"
#include "scenario/metrickeys.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace schedlab::python {

namespace {

constexpr int kMostEpisodePods = 1000000; // beyond any scenario a run holds in memory

RewardSettings rewardOf(const std::string &name, const py::object &alpha, const py::object &beta)
{
    RewardSettings settings;
    const std::optional<RewardKind> kind = rewardKindFromName(name);
    if (!kind)
        throw py::value_error("reward '" + name +
                              "': give drs (eq. 14), rlsk, deeprm or multi-deeprm");
    settings.kind = *kind;
    const bool eq14 = *kind == RewardKind::Drs || *kind == RewardKind::Rlsk;
    const auto factor = [&](const py::object &value, const char *what, double &into) {
        if (value.is_none())
            return;
        if (!eq14)
            throw py::value_error(std::string(what) + " weighs eq. 14; the " + name +
                                  " reward has no " + what);
        into = value.cast<double>();
        if (!std::isfinite(into))
            throw py::value_error(std::string(what) + " must be a finite number");
    };
    factor(alpha, "alpha", settings.alpha);
    factor(beta, "beta", settings.beta);
    return settings;
}

/** DrsEnvironment with its own copy of the scenario, which it refers to. */
class PlacementCore
{
public:
    PlacementCore(const PyScenario &scenario, const std::string &reward, const py::object &alpha,
                  const py::object &beta, int episodePods, double settle)
        : mScenario(scenario.cluster("PlacementEnv"))
    {
        if (!mScenario.hasDeployments())
            throw py::value_error(scenario.file + ": PlacementEnv places pods and the scenario "
                                                  "has none: give it workload.deployments");
        if (episodePods < 1 || episodePods > kMostEpisodePods)
            throw py::value_error("episode_pods " + std::to_string(episodePods) + ": give 1 to " +
                                  std::to_string(kMostEpisodePods));
        if (!(settle >= 0.0) || !std::isfinite(settle))
            throw py::value_error("settle " + py::repr(py::float_(settle)).cast<std::string>() +
                                  ": give the seconds from an action to its reward, 0 or more");
        DrsEnvConfig config;
        config.episodePods = episodePods;
        config.settle = settle;
        config.reward = rewardOf(reward, alpha, beta);
        try {
            mEnv = std::make_unique<DrsEnvironment>(mScenario, config);
        } catch (const std::invalid_argument &e) {
            throw py::value_error(scenario.file + ": " + e.what());
        }
        const Topology topology = Topology::build(mScenario);
        for (int a = 0; a < mEnv->nodeCount(); ++a)
            mNodeNames.push_back(topology.nodes[mEnv->engineNode(a)].name);
        mEpisodePods = episodePods;
    }

    py::tuple reset(std::uint64_t seed)
    {
        mEnv->reset(seed);
        mStarted = true;
        if (mEnv->done())
            throw py::value_error("the scenario's duration ends before a pod of the episode is "
                                  "due: there is nothing to place");
        py::dict info = stepInfo();
        info["node_names"] = mNodeNames;
        return py::make_tuple(observation(), info);
    }

    py::tuple step(int action)
    {
        if (mEnv->done() || mEnv->pendingPod() < 0)
            throw std::logic_error("PlacementCore.step with no pod to place: reset first");
        if (action < 0 || action >= mEnv->nodeCount())
            throw py::value_error("action " + std::to_string(action) + ": give a node 0 to " +
                                  std::to_string(mEnv->nodeCount() - 1));
        const int pod = mEnv->pendingPod();
        const StepResult r = mEnv->act(action);
        const bool terminated = r.done && mEnv->podsResolved() >= episodeTarget();
        const bool truncated = r.done && !terminated;
        py::dict info = stepInfo();
        info["placed_pod"] = pod;
        info["bound"] = r.bound;
        return py::make_tuple(observation(), r.reward, terminated, truncated, info);
    }

    int observationSize() const { return mEnv->stateSize(); }
    int actionCount() const { return mEnv->nodeCount(); }
    std::uint64_t scenarioSeed() const { return mScenario.seed; }
    const std::vector<std::string> &nodeNames() const { return mNodeNames; }
    int episodePods() const { return mEpisodePods; }
    double now() const { return mStarted ? mEnv->engine().state().now : 0.0; }
    int pendingPod() const { return mEnv->pendingPod(); }
    int podsResolved() const { return mEnv->podsResolved(); }
    int steps() const { return mEnv->steps(); }

    /** Per node "node1.cpu", ..., then "pod.cpu", ...: what each value of an observation is. */
    std::vector<std::string> observationNames() const
    {
        std::vector<std::string> names;
        for (const std::string &owner : mNodeNames)
            for (const char *key : kMetricKeys)
                names.push_back(owner + "." + key);
        for (const char *key : kMetricKeys)
            names.push_back(std::string("pod.") + key);
        return names;
    }

    /** The pending pod's deployment and template, "even/video"; empty when none is. */
    std::string pendingName() const
    {
        if (!mStarted || mEnv->pendingPod() < 0)
            return {};
        const Pod &pod = mEnv->engine().state().pods[mEnv->pendingPod()];
        const DeploymentStream &stream = mScenario.workload.deployments[pod.stream];
        return stream.name + "/" + stream.pods[pod.templ].name;
    }

private:
    int episodeTarget() const
    {
        return std::min<int>(mEpisodePods, int(mEnv->engine().state().pods.size()));
    }

    py::array_t<float> observation() const { return numpyArray<float>(mEnv->observe()); }

    py::dict stepInfo()
    {
        py::dict info;
        info["action_mask"] = numpyArray<std::int8_t>(mEnv->feasibleActions());
        info["pod"] = mEnv->pendingPod();
        info["time"] = mEnv->engine().state().now;
        info["pods_resolved"] = mEnv->podsResolved();
        return info;
    }

    Scenario mScenario; // before mEnv, which refers to it
    std::unique_ptr<DrsEnvironment> mEnv;
    std::vector<std::string> mNodeNames;
    int mEpisodePods = 0;
    bool mStarted = false; ///< the engine exists once reset ran
};

} // namespace

void bindPlacement(py::module_ &m)
{
    py::class_<PlacementCore>(m, "PlacementCore",
                              "The DRS scheduling MDP over the engine, one reset or step a call; "
                              "schedlab.PlacementEnv wraps it")
        .def(py::init<const PyScenario &, const std::string &, const py::object &,
                      const py::object &, int, double>(),
             py::arg("scenario"), py::kw_only(), py::arg("reward") = "drs",
             py::arg("alpha") = py::none(), py::arg("beta") = py::none(),
             py::arg("episode_pods") = 300, py::arg("settle") = 5.0)
        .def("reset", &PlacementCore::reset, py::arg("seed"),
             "Starts the episode of `seed` and runs to its first pod: (obs, info)")
        .def("step", &PlacementCore::step, py::arg("action"),
             "Places the pending pod on worker `action`: (obs, reward, terminated, truncated, "
             "info)")
        .def_property_readonly("observation_size", &PlacementCore::observationSize)
        .def_property_readonly("action_count", &PlacementCore::actionCount)
        .def_property_readonly("scenario_seed", &PlacementCore::scenarioSeed)
        .def_property_readonly("node_names", &PlacementCore::nodeNames,
                               "The workers, action 0 first")
        .def_property_readonly("observation_names", &PlacementCore::observationNames)
        .def_property_readonly("episode_pods", &PlacementCore::episodePods)
        .def_property_readonly("pending_pod", &PlacementCore::pendingPod)
        .def_property_readonly("pending_name", &PlacementCore::pendingName)
        .def_property_readonly("pods_resolved", &PlacementCore::podsResolved)
        .def_property_readonly("steps", &PlacementCore::steps)
        .def_property_readonly("time", &PlacementCore::now);
}

} // namespace schedlab::python
