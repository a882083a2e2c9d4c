// SPDX-License-Identifier: GPL-3.0-or-later
// schedlab.run and schedlab.compare: a run and a comparison as `schedlab-cli run` and
// `schedlab-cli compare` do them (same seeds, same numbers), and the tables that name
// what they report: the metric catalog and the policy registry.
#include "arguments.h"
#include "bindings.h"
#include "pythonpolicies.h"

#include "engine/engine.h"
#include "engine/stopwatcher.h"
#include "experiment/comparison.h"
#include "experiment/comparisonrecorder.h"
#include "experiment/storedcomparison.h"
#include "metrics/metriccatalog.h"
#include "registry/buildpolicies.h"
#include "registry/registry.h"
#include "store/experimentstore.h"

#include <pybind11/stl.h>

#include <filesystem>
#include <map>
#include <thread>

namespace schedlab::python {

namespace {

std::string text(std::string_view s)
{
    return std::string(s);
}

py::list metricTable()
{
    py::list rows;
    for (const MetricInfo &m : metricCatalog())
        rows.append(py::dict(
            py::arg("name") = text(m.name), py::arg("label") = text(m.label),
            py::arg("unit") = text(m.unit), py::arg("better") = text(betterName(m.better)),
            py::arg("group") = text(groupName(m.group)), py::arg("wall_clock") = m.wallClock,
            py::arg("key") = m.key, py::arg("meaning") = text(m.meaning)));
    return rows;
}

py::list policyTable()
{
    py::list rows;
    for (const PolicyInfo &p : policyCatalog())
        rows.append(py::dict(py::arg("plane") = planeName(p.plane), py::arg("name") = p.name,
                             py::arg("summary") = p.summary, py::arg("source") = p.source));
    return rows;
}

/** The Python functions a run or comparison was given, by plane and name
 *  (schedlab/__init__.py's _policies() gives {name: (function, with_info)}). */
struct PythonPlanes
{
    std::map<std::string, PythonPolicy> dispatch, placement;

    PythonPlanes(const py::dict &d, const py::dict &p)
    {
        read(d, dispatch);
        read(p, placement);
    }
    bool any() const { return !dispatch.empty() || !placement.empty(); }

    /** The registry's check of `selection`, Python names aside. */
    void requireKnown(PolicySelection selection, const PolicySelection &base) const
    {
        if (dispatch.count(selection.dispatch))
            selection.dispatch = dispatch.count(base.dispatch) ? "greedy" : base.dispatch;
        if (placement.count(selection.placement))
            selection.placement = placement.count(base.placement) ? "kube-default" : base.placement;
        requireKnownPolicies(selection);
    }
    /** What runs the Python planes of `selection`; empty when it names none. */
    std::function<PolicySet()> given(const PolicySelection &selection) const
    {
        const auto d = dispatch.find(selection.dispatch);
        const auto p = placement.find(selection.placement);
        if (d == dispatch.end() && p == placement.end())
            return {};
        return pythonPolicies(d == dispatch.end() ? nullptr : &d->second,
                              p == placement.end() ? nullptr : &p->second);
    }

private:
    static void read(const py::dict &from, std::map<std::string, PythonPolicy> &into)
    {
        for (const auto &[name, entry] : from) {
            const auto pair = entry.cast<py::tuple>();
            into[name.cast<std::string>()] = {name.cast<std::string>(), pair[0],
                                              pair[1].cast<bool>()};
        }
    }
};

/** The one policy of a plane a run takes, if given. */
void takeOne(const py::object &given, const char *plane, std::string &into)
{
    const std::vector<std::string> names = policyNames(given, plane);
    if (names.size() > 1)
        throw py::value_error(std::string(plane) +
                              ": a run takes one policy; schedlab.compare runs several");
    if (!names.empty())
        into = names.front();
}

py::dict run(const PyScenario &s, const py::object &dispatch, const py::object &dequeue,
             const py::object &orchestration, const py::object &placement, const py::object &seed,
             const py::object &duration, const std::optional<std::string> &checkpoint,
             const py::dict &pythonDispatch, const py::dict &pythonPlacement)
{
    const PythonPlanes python(pythonDispatch, pythonPlacement);
    const Scenario scenario = s.cluster("schedlab.run"); // a copy: set() may run meanwhile
    RunOptions options;
    options.policies = scenario.policies;
    takeOne(dispatch, "dispatch", options.policies.dispatch);
    takeOne(dequeue, "dequeue", options.policies.dequeue);
    takeOne(orchestration, "orchestration", options.policies.orchestration);
    takeOne(placement, "placement", options.policies.placement);
    python.requireKnown(options.policies, scenario.policies);
    options.duration = durationOf(duration);
    requireRunSize(scenario, options.duration);
    options.seed = seed.is_none() ? scenario.seed : seedOf(seed);
    options.model = checkpointOf(checkpoint);

    RunResult result;
    std::atomic<bool> stop{false};
    runInterruptibly(
        [&] {
            const auto given = python.given(options.policies);
            Engine engine(scenario, buildPolicySet(options, given ? given() : PolicySet{}),
                          options.config());
            StopWatcher watcher(stop);
            engine.addObserver(&watcher);
            result = engine.run();
        },
        stop);
    py::dict out;
    for (const MetricValue &m : result.metrics)
        out[py::str(m.name)] = m.value;
    return out;
}

std::vector<std::uint64_t> seedList(const py::object &seeds, std::uint64_t first)
{
    std::vector<std::uint64_t> out;
    if (py::isinstance<py::int_>(seeds) && !py::isinstance<py::bool_>(seeds)) {
        const long long count = seeds.cast<long long>();
        if (count < 1 || count > 10000)
            throw py::value_error("seeds " + std::to_string(count) + ": give 1 to 10000");
        for (long long i = 0; i < count; ++i)
            out.push_back(first + std::uint64_t(i));
        return out;
    }
    if (py::isinstance<py::str>(seeds) || !py::isinstance<py::iterable>(seeds))
        throw py::type_error("seeds: give a count (the scenario's seed, +1, ...) or a list");
    for (const py::handle seed : seeds)
        out.push_back(seedOf(seed));
    if (out.empty() || out.size() > 10000)
        throw py::value_error("seeds: give 1 to 10000 seeds");
    return out;
}

py::list compare(const PyScenario &s, const py::object &dispatch, const py::object &dequeue,
                 const py::object &orchestration, const py::object &placement,
                 const py::object &seeds, int jobs, const py::object &duration,
                 const std::optional<std::string> &checkpoint, const std::optional<std::string> &db,
                 const py::dict &pythonDispatch, const py::dict &pythonPlacement)
{
    const Scenario scenario = s.cluster("schedlab.compare");
    const PythonPlanes python(pythonDispatch, pythonPlacement);
    ComparisonSpec spec;
    spec.variants = crossVariants(
        scenario.policies, policyNames(dispatch, "dispatch"), policyNames(dequeue, "dequeue"),
        policyNames(orchestration, "orchestration"), policyNames(placement, "placement"));
    for (Variant &v : spec.variants) {
        python.requireKnown(v.policies, scenario.policies);
        v.given = python.given(v.policies);
    }
    spec.seeds = seedList(seeds, scenario.seed);
    if (jobs < 0 || jobs > 1024)
        throw py::value_error("jobs " + std::to_string(jobs) + ": give 0 to 1024");
    spec.jobs = jobs > 0 ? jobs : int(std::max(1u, std::thread::hardware_concurrency()));
    if (python.any())
        spec.jobs = 1; // one run at a time calls Python: a stateful function sees the same order
    spec.duration = durationOf(duration);
    requireRunSize(scenario, spec.duration);
    spec.model = checkpointOf(checkpoint);

    std::unique_ptr<ExperimentStore> store;
    if (db) {
        std::error_code ec; // a missing folder is made, as `--db` makes it
        if (const auto folder = std::filesystem::path(*db).parent_path(); !folder.empty())
            std::filesystem::create_directories(folder, ec);
        std::string error;
        if (!(store = ExperimentStore::open(*db, &error)))
            throw py::value_error(error);
    }
    std::atomic<bool> stop{false};
    ComparisonHooks hooks;
    hooks.stopRuns = &stop;
    std::optional<ComparisonRecorder> recorder;
    if (store) {
        recorder.emplace(*store, scenario, spec, comparisonLabel(scenario));
        recorder->attach(hooks);
        if (!recorder->ok())
            throw std::runtime_error(recorder->error() + "; nothing was run");
    }
    std::vector<CellResult> cells;
    runInterruptibly([&] { cells = runComparison(scenario, spec, {}, &stop, hooks); }, stop);

    std::string failures;
    for (const CellResult &c : cells)
        if (!c.error.empty())
            failures += (failures.empty() ? "" : "\n") + spec.variants[c.variant].label + " seed " +
                        std::to_string(spec.seeds[c.seedIndex]) + ": " + c.error;
    if (recorder && !recorder->ok())
        failures += (failures.empty() ? "" : "\n") + recorder->error();
    if (!failures.empty())
        throw std::runtime_error(failures);
    return summaryRows(summarise(spec, cells));
}

} // namespace

void bindRun(py::module_ &m)
{
    m.def("metrics", &metricTable,
          "Every metric a run can report, in report order: name, label, unit, better, group, "
          "wall_clock, key, meaning");
    m.def("policies", &policyTable, "Every built-in policy: plane, name, summary, source");
    m.def("run", &run, py::arg("scenario"), py::kw_only(), py::arg("dispatch") = py::none(),
          py::arg("dequeue") = py::none(), py::arg("orchestration") = py::none(),
          py::arg("placement") = py::none(), py::arg("seed") = py::none(),
          py::arg("duration") = py::none(), py::arg("checkpoint") = py::none(),
          py::arg("python_dispatch") = py::dict(), py::arg("python_placement") = py::dict(),
          "One run, as `schedlab-cli run`: the metrics by name, in report order");
    m.def("compare", &compare, py::arg("scenario"), py::kw_only(), py::arg("dispatch") = py::none(),
          py::arg("dequeue") = py::none(), py::arg("orchestration") = py::none(),
          py::arg("placement") = py::none(), py::arg("seeds") = 10, py::arg("jobs") = 0,
          py::arg("duration") = py::none(), py::arg("checkpoint") = py::none(),
          py::arg("db") = py::none(), py::arg("python_dispatch") = py::dict(),
          py::arg("python_placement") = py::dict(),
          "A comparison, as `schedlab-cli compare`: one row per policy and metric");
}

} // namespace schedlab::python
