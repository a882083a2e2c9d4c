// SPDX-License-Identifier: GPL-3.0-or-later
// Python functions as dispatch and placement policies: each decision takes Python's
// lock, hands the function the observation an environment's agent sees, and turns
// its answer into the engine's target. A Python error ends the run with its message.
#include "pythonpolicies.h"

#include "observations.h"

#include "env/dispatchobservation.h"
#include "learn/drsdecision.h"
#include "placement/agentplacement.h"
#include "policy/dispatchpolicy.h"
#include "state/topology.h"

#include <optional>
#include <stdexcept>
#include <vector>

namespace schedlab::python {

namespace {

/** The function's answer as an action in [0, actions); std::invalid_argument otherwise. */
int actionOf(const py::object &answer, int actions, const std::string &what)
{
    if (!PyIndex_Check(answer.ptr()) || PyBool_Check(answer.ptr()))
        throw std::invalid_argument(what + " gave " + std::string(py::repr(answer)) +
                                    ": give an action index (an int)");
    const Py_ssize_t a = PyNumber_AsSsize_t(answer.ptr(), nullptr);
    if (a < 0 || a >= actions)
        throw std::invalid_argument(what + " gave action " + std::to_string(a) + ": give 0 to " +
                                    std::to_string(actions - 1));
    return int(a);
}

/** Calls the policy; a Python exception becomes a std::runtime_error naming it. */
int ask(const PythonPolicy &policy, const std::string &what, const py::object &state,
        const py::object &mask, const std::function<py::dict()> &info, int actions)
{
    try {
        const py::object answer =
            policy.withInfo ? policy.function(state, mask, info()) : policy.function(state, mask);
        return actionOf(answer, actions, what);
    } catch (py::error_already_set &e) {
        throw std::runtime_error(what + " raised " + e.what());
    }
}

class PythonDispatch final : public DispatchPolicy
{
public:
    explicit PythonDispatch(const PythonPolicy &policy)
        : mPolicy(policy), mWhat("dispatch policy '" + policy.name + "'")
    {
    }

    void reset(const SimState &state) override
    {
        mObservation.emplace(*state.topology, state.serviceCount);
        mState.assign(std::size_t(mObservation->size()), 0.0f);
        mMask.assign(std::size_t(mObservation->actions()), 0);
    }

    int dispatch(const DispatchContext &ctx) override
    {
        mObservation->write(ctx, mState, mMask);
        const int actions = mObservation->actions();
        py::gil_scoped_acquire gil;
        const auto info = [&] {
            return dispatchInfo(mMask, ctx.eap, [&](auto load, auto memory) {
                mObservation->writeLoads(ctx.state, ctx.cpuLoads, ctx.memAllocated, ctx.eap, load,
                                         memory);
            });
        };
        const int action = ask(mPolicy, mWhat, numpyArray<float>(mState),
                               numpyArray<std::int8_t>(mMask), info, actions);
        return mObservation->target(ctx.eap, action);
    }

private:
    PythonPolicy mPolicy;
    std::string mWhat;
    std::optional<DispatchObservation> mObservation;
    std::vector<float> mState;
    std::vector<std::uint8_t> mMask;
};

class PythonPlacementAgent final : public PlacementAgent
{
public:
    explicit PythonPlacementAgent(const PythonPolicy &policy)
        : mPolicy(policy), mWhat("placement policy '" + policy.name + "'")
    {
    }

    int choose(const PodRequest &pod, const ClusterView &view) override
    {
        mDecision.read(pod, view);
        const int actions = mDecision.layout().nodeCount();
        py::gil_scoped_acquire gil;
        const auto info = [&] {
            py::dict d;
            d["action_mask"] = numpyArray<std::int8_t>(mDecision.feasible());
            d["pod"] = pod.pod;
            return d;
        };
        const int action = ask(mPolicy, mWhat, numpyArray<float>(mDecision.state()),
                               numpyArray<std::int8_t>(mDecision.feasible()), info, actions);
        return mDecision.layout().engineNode(action);
    }

private:
    PythonPolicy mPolicy;
    std::string mWhat;
    DrsDecision mDecision;
};

} // namespace

std::function<PolicySet()> pythonPolicies(const PythonPolicy *dispatch,
                                          const PythonPolicy *placement)
{
    std::optional<PythonPolicy> d, p;
    if (dispatch)
        d = *dispatch;
    if (placement)
        p = *placement;
    return [d, p] {
        PolicySet set;
        if (d)
            set.dispatch = std::make_unique<PythonDispatch>(*d);
        if (p)
            set.placement = std::make_unique<AgentPlacement>(
                std::make_unique<PythonPlacementAgent>(*p), p->name);
        return set;
    };
}

} // namespace schedlab::python
