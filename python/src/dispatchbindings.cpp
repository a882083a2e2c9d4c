// SPDX-License-Identifier: GPL-3.0-or-later
// _schedlab.DispatchCore and DispatchVecCore: KaiS's dispatch MDP
// (core/env/dispatchenvironment.h) one reset or step a call, alone or n at once, for
// schedlab.DispatchEnv and make_vec (python/schedlab/dispatchenv.py). A step is a
// few microseconds of simulation: it keeps Python's lock.
#include "arguments.h"
#include "bindings.h"
#include "observations.h"

#include "base/suggest.h"
#include "env/dispatchenvironment.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace schedlab::python {

namespace {

constexpr int kMostEnvironments =
    1024; // each holds a whole engine: about a megabyte, more when busy

/** One flag per eAP from None (every eAP), an eAP's name or index, or a list of them. */
std::vector<char> agentEaps(const py::object &given, const Topology &topology)
{
    const int count = int(topology.eaps.size());
    std::vector<char> flags(std::size_t(count), given.is_none() ? 1 : 0);
    if (given.is_none())
        return flags;
    std::vector<std::string> names;
    for (const EapInfo &e : topology.eaps)
        names.push_back(e.name);
    const auto mark = [&](const py::handle &one) {
        if (py::isinstance<py::str>(one)) {
            const std::string name = one.cast<std::string>();
            const auto it = std::find(names.begin(), names.end(), name);
            if (it == names.end())
                throw py::value_error("eap '" + name + "': the scenario has no such eAP" +
                                      didYouMean(name, names) + "; it has " +
                                      joinAlternatives(names));
            flags[std::size_t(it - names.begin())] = 1;
        } else if (py::isinstance<py::int_>(one) && !py::isinstance<py::bool_>(one)) {
            const long long b = one.cast<long long>();
            if (b < 0 || b >= count)
                throw py::value_error("eap " + std::to_string(b) + ": give an eAP index 0 to " +
                                      std::to_string(count - 1) + " or its name");
            flags[std::size_t(b)] = 1;
        } else {
            throw py::type_error("eap: give None (every eAP), an eAP's name or index, or a "
                                 "list of them");
        }
    };
    if (py::isinstance<py::str>(given) || py::isinstance<py::int_>(given))
        mark(given);
    else if (py::isinstance<py::iterable>(given))
        for (const py::handle one : given)
            mark(one);
    else
        mark(given);
    if (std::none_of(flags.begin(), flags.end(), [](char f) { return f != 0; }))
        throw py::value_error("eap: the list names no eAP");
    return flags;
}

DispatchReward rewardOf(const std::string &name)
{
    if (name == "kais")
        return DispatchReward::Kais;
    if (name == "throughput")
        return DispatchReward::Throughput;
    throw py::value_error("reward '" + name +
                          "': give kais (e^(-lambda-epsilon*nu), KaiS Sec. III-A) or throughput "
                          "(the slot's requests on time)");
}

/** The environment as configured from Python, with its own copy of the scenario. */
std::unique_ptr<DispatchEnvironment> makeEnvironment(const PyScenario &s, const py::object &eap,
                                                     const std::optional<std::string> &others,
                                                     const std::string &reward,
                                                     const std::optional<double> &epsilon,
                                                     const py::object &duration)
{
    Scenario scenario = s.cluster("DispatchEnv");
    const Topology topology = Topology::build(scenario);
    if (topology.eaps.empty())
        throw py::value_error(s.file + ": DispatchEnv dispatches from eAPs and the scenario "
                                       "has none");
    DispatchEnvConfig config;
    config.agentEaps = agentEaps(eap, topology);
    config.reward = rewardOf(reward);
    if (epsilon && !(*epsilon >= 0.0 && *epsilon < 1e6))
        throw py::value_error("epsilon " + std::to_string(*epsilon) +
                              ": give the weight of load balance, 0 or more (KaiS: 1)");
    config.epsilon = epsilon;
    config.duration = durationOf(duration);
    requireRunSize(scenario, config.duration);
    if (others) {
        PolicySelection check = scenario.policies;
        check.dispatch = *others;
        requireKnownPolicies(check);
        config.others = *others;
    }
    auto env = std::make_unique<DispatchEnvironment>(std::move(scenario), config);
    try { // a centralised or learned policy for the others is refused here, not at reset
        env->reset(env->scenario().seed);
    } catch (const std::invalid_argument &e) {
        throw py::value_error(s.file + ": " + e.what());
    }
    return env;
}

class DispatchCore
{
public:
    DispatchCore(const PyScenario &s, const py::object &eap,
                 const std::optional<std::string> &others, const std::string &reward,
                 const std::optional<double> &epsilon, const py::object &duration)
        : mEnv(makeEnvironment(s, eap, others, reward, epsilon, duration))
    {
    }

    py::tuple reset(std::uint64_t seed)
    {
        mEnv->reset(seed);
        return py::make_tuple(numpyArray<float>(mEnv->observe()), info());
    }

    py::tuple step(int action)
    {
        if (mEnv->done())
            throw std::logic_error("DispatchCore.step with no request to dispatch: reset first");
        if (action < 0 || action >= mEnv->actionCount())
            throw py::value_error("action " + std::to_string(action) + ": give 0 (the cloud) to " +
                                  std::to_string(mEnv->actionCount() - 1));
        const double reward = mEnv->act(action);
        py::dict stepped = info();
        stepped["sent"] = mEnv->sentAction();
        return py::make_tuple(numpyArray<float>(mEnv->observe()), reward, false, mEnv->done(),
                              stepped);
    }

    py::dict metrics()
    {
        py::dict out;
        for (const MetricValue &m : mEnv->finish().metrics)
            out[py::str(m.name)] = m.value;
        return out;
    }

    const DispatchEnvironment &env() const { return *mEnv; }
    std::vector<std::string> eapNames() const
    {
        std::vector<std::string> names;
        for (const EapInfo &e : topology().eaps)
            names.push_back(e.name);
        return names;
    }
    /** Per action of each eAP: "cloud", then its pool's node names ("" past its pool). */
    std::vector<std::vector<std::string>> actionNames() const
    {
        std::vector<std::vector<std::string>> out;
        for (int b = 0; b < mEnv->observation().eaps(); ++b) {
            std::vector<std::string> names(std::size_t(mEnv->actionCount()));
            names[0] = "cloud";
            const std::vector<int> &pool = mEnv->observation().local(b).pool();
            for (std::size_t j = 0; j < pool.size(); ++j)
                names[j + 1] = topology().nodes[std::size_t(pool[j])].name;
            out.push_back(std::move(names));
        }
        return out;
    }

private:
    const Topology &topology() const { return mEnv->engine().topology(); }

    py::dict info() const
    {
        return dispatchInfo(mEnv->mask(), mEnv->eap(),
                            [&](auto load, auto memory) { mEnv->writeLoads(load, memory); });
    }

    std::unique_ptr<DispatchEnvironment> mEnv;
};

/**
 * n environments stepped in one call, their arrays stacked. A finished environment
 * starts its next episode (seed + n) in the same step, so every row always holds
 * a decision: same-step autoreset. Sequential: a step is microseconds, less than
 * handing it to another thread costs.
 */
class DispatchVecCore
{
public:
    DispatchVecCore(const PyScenario &s, int n, const py::object &eap,
                    const std::optional<std::string> &others, const std::string &reward,
                    const std::optional<double> &epsilon, const py::object &duration)
    {
        if (n < 1 || n > kMostEnvironments)
            throw py::value_error("n " + std::to_string(n) + ": give 1 to " +
                                  std::to_string(kMostEnvironments) + " environments");
        for (int i = 0; i < n; ++i)
            mEnvs.push_back(makeEnvironment(s, eap, others, reward, epsilon, duration));
        mSeeds.assign(std::size_t(n), 0);
    }

    int count() const { return int(mEnvs.size()); }
    const DispatchEnvironment &first() const { return *mEnvs.front(); }

    py::tuple reset(const std::vector<std::uint64_t> &seeds)
    {
        if (seeds.size() != mEnvs.size())
            throw py::value_error("reset: give " + std::to_string(mEnvs.size()) + " seeds");
        for (std::size_t i = 0; i < mEnvs.size(); ++i) {
            mSeeds[i] = seeds[i];
            mEnvs[i]->reset(seeds[i]);
        }
        py::array_t<bool> restarted(py::ssize_t(mEnvs.size()));
        std::fill_n(restarted.mutable_data(), mEnvs.size(), false);
        return py::make_tuple(observations(), infos(restarted));
    }

    py::tuple step(const py::array_t<long long, py::array::c_style | py::array::forcecast> &actions)
    {
        const auto n = py::ssize_t(mEnvs.size());
        if (actions.ndim() != 1 || actions.shape(0) != n)
            throw py::value_error("step: give one action per environment (" + std::to_string(n) +
                                  ")");
        py::array_t<double> rewards(n);
        py::array_t<bool> terminated(n), truncated(n);
        const long long *a = actions.data();
        for (py::ssize_t i = 0; i < n; ++i) {
            DispatchEnvironment &env = *mEnvs[std::size_t(i)];
            if (a[i] < 0 || a[i] >= env.actionCount())
                throw py::value_error("action " + std::to_string(a[i]) + " of environment " +
                                      std::to_string(i) + ": give 0 to " +
                                      std::to_string(env.actionCount() - 1));
            rewards.mutable_data()[i] = env.act(int(a[i]));
            terminated.mutable_data()[i] = false;
            truncated.mutable_data()[i] = env.done();
            if (env.done()) {
                mSeeds[std::size_t(i)] += std::uint64_t(n);
                env.reset(mSeeds[std::size_t(i)]);
            }
        }
        return py::make_tuple(observations(), rewards, terminated, truncated, infos(truncated));
    }

private:
    py::array_t<float> observations() const
    {
        const auto n = py::ssize_t(mEnvs.size());
        const auto size = py::ssize_t(first().observationSize());
        py::array_t<float> out({n, size});
        float *data = out.mutable_data();
        for (const auto &env : mEnvs)
            data = std::copy(env->observe().begin(), env->observe().end(), data);
        return out;
    }

    py::dict infos(const py::array_t<bool> &restarted) const
    {
        const auto n = py::ssize_t(mEnvs.size());
        const auto actions = py::ssize_t(first().actionCount());
        py::array_t<std::int8_t> masks({n, actions});
        py::array_t<double> load({n, actions}), memory({n, actions});
        py::array_t<int> eaps(n);
        for (py::ssize_t i = 0; i < n; ++i) {
            const DispatchEnvironment &env = *mEnvs[std::size_t(i)];
            std::copy(env.mask().begin(), env.mask().end(), masks.mutable_data(i, 0));
            env.writeLoads({load.mutable_data(i, 0), std::size_t(actions)},
                           {memory.mutable_data(i, 0), std::size_t(actions)});
            eaps.mutable_data()[i] = env.eap();
        }
        py::dict info;
        info["action_mask"] = masks;
        info["eap"] = eaps;
        info["load"] = load;
        info["memory"] = memory;
        info["restarted"] = restarted;
        return info;
    }

    std::vector<std::unique_ptr<DispatchEnvironment>> mEnvs;
    std::vector<std::uint64_t> mSeeds;
};

} // namespace

void bindDispatch(py::module_ &m)
{
    py::class_<DispatchCore>(m, "DispatchCore",
                             "KaiS's dispatch MDP over the engine, one reset or step a call; "
                             "schedlab.DispatchEnv wraps it")
        .def(py::init<const PyScenario &, const py::object &, const std::optional<std::string> &,
                      const std::string &, const std::optional<double> &, const py::object &>(),
             py::arg("scenario"), py::kw_only(), py::arg("eap") = py::none(),
             py::arg("others") = py::none(), py::arg("reward") = "kais",
             py::arg("epsilon") = py::none(), py::arg("duration") = py::none())
        .def("reset", &DispatchCore::reset, py::arg("seed"))
        .def("step", &DispatchCore::step, py::arg("action"))
        .def("metrics", &DispatchCore::metrics,
             "The episode's run metrics by name, as schedlab.run gives them (ends the episode)")
        .def_property_readonly("observation_size",
                               [](const DispatchCore &c) { return c.env().observationSize(); })
        .def_property_readonly("action_count",
                               [](const DispatchCore &c) { return c.env().actionCount(); })
        .def_property_readonly("scenario_seed",
                               [](const DispatchCore &c) { return c.env().scenario().seed; })
        .def_property_readonly("eap_names", &DispatchCore::eapNames)
        .def_property_readonly("action_names", &DispatchCore::actionNames)
        .def_property_readonly("time",
                               [](const DispatchCore &c) { return c.env().engine().state().now; })
        .def_property_readonly("steps", [](const DispatchCore &c) { return c.env().steps(); })
        .def_property_readonly("done", [](const DispatchCore &c) { return c.env().done(); });

    py::class_<DispatchVecCore>(m, "DispatchVecCore",
                                "n DispatchCores stepped in one call; schedlab.make_vec wraps it")
        .def(py::init<const PyScenario &, int, const py::object &,
                      const std::optional<std::string> &, const std::string &,
                      const std::optional<double> &, const py::object &>(),
             py::arg("scenario"), py::arg("n"), py::kw_only(), py::arg("eap") = py::none(),
             py::arg("others") = py::none(), py::arg("reward") = "kais",
             py::arg("epsilon") = py::none(), py::arg("duration") = py::none())
        .def("reset", &DispatchVecCore::reset, py::arg("seeds"))
        .def("step", &DispatchVecCore::step, py::arg("actions"))
        .def_property_readonly("count", &DispatchVecCore::count)
        .def_property_readonly("observation_size",
                               [](const DispatchVecCore &c) { return c.first().observationSize(); })
        .def_property_readonly("action_count",
                               [](const DispatchVecCore &c) { return c.first().actionCount(); })
        .def_property_readonly("scenario_seed",
                               [](const DispatchVecCore &c) { return c.first().scenario().seed; });
}

} // namespace schedlab::python
