// SPDX-License-Identifier: GPL-3.0-or-later
// schedlab.Store: an experiment store read as tables (rows of dicts, which the package
// turns into DataFrames): comparisons, runs, their frames and CDFs, training curves.
#include "arguments.h"
#include "bindings.h"

#include "experiment/storedcomparison.h"
#include "experiment/storedruns.h"
#include "metrics/metriccatalog.h"
#include "store/experimentstore.h"

#include <pybind11/stl.h>

#include <filesystem>
#include <map>

namespace schedlab::python {

namespace {

class PyStore
{
public:
    explicit PyStore(const py::object &path)
        : mPath(py::str(py::module_::import("os").attr("fspath")(path)).cast<std::string>())
    {
        std::error_code ec;
        if (!std::filesystem::exists(mPath, ec)) {
            PyErr_SetString(PyExc_FileNotFoundError, (mPath + ": no such file").c_str());
            throw py::error_already_set();
        }
        std::string error;
        mStore = ExperimentStore::openForReading(mPath, &error);
        if (!mStore)
            throw py::value_error(error);
    }

    const std::string &path() const { return mPath; }

    py::list comparisons() const
    {
        py::list rows;
        for (const StoredComparison &c : checked(listComparisons(*mStore)))
            rows.append(py::dict(py::arg("label") = c.label, py::arg("scenario") = c.scenarioName,
                                 py::arg("started_at") = c.startedAt,
                                 py::arg("variants") = c.variants, py::arg("runs") = c.runs));
        return rows;
    }

    py::list comparison(const std::string &label) const
    {
        ComparisonSpec spec;
        std::vector<CellResult> cells;
        std::string error;
        if (!loadComparison(*mStore, label, spec, cells, &error))
            throw py::value_error(error);
        return summaryRows(summarise(spec, cells));
    }

    py::list runs(const std::optional<std::string> &comparison) const
    {
        py::list rows;
        for (const RunSummary &run : checked(mStore->runs())) {
            if (comparison && attributeOf(run, kComparisonAttribute) != *comparison)
                continue;
            py::dict row(py::arg("id") = run.id, py::arg("scenario") = run.scenarioName,
                         py::arg("seed") = run.seed, py::arg("status") = run.status,
                         py::arg("started_at") = run.startedAt,
                         py::arg("finished_at") = run.finishedAt);
            for (const char *plane : {"dispatch", "dequeue", "orchestration", "placement"}) {
                const auto it = run.policies.find(plane);
                row[plane] = it == run.policies.end() ? "" : it->second;
            }
            row["comparison"] = attributeOf(run, kComparisonAttribute);
            row["variant"] = attributeOf(run, kVariantAttribute);
            // The metrics in report order, then any the catalog does not know.
            std::map<std::string, double> rest = run.scalars;
            for (const MetricInfo &m : metricCatalog())
                if (const auto it = rest.find(std::string(m.name)); it != rest.end()) {
                    row[py::str(it->first)] = it->second;
                    rest.erase(it);
                }
            for (const auto &[name, value] : rest)
                row[py::str(name)] = value;
            rows.append(row);
        }
        return rows;
    }

    /** The run's per-frame series side by side, one row per frame end. */
    py::list frames(std::int64_t runId) const
    {
        requireRun(runId);
        std::map<double, py::dict> byTime;
        for (const std::string &name : checked(mStore->vectorNames(runId))) {
            if (name == "response_cdf")
                continue;
            for (const auto &[time, value] : checked(mStore->vector(runId, name))) {
                py::dict &row = byTime[time];
                if (row.empty())
                    row["time_s"] = time;
                row[py::str(name)] = value;
            }
        }
        py::list rows;
        for (const auto &[time, row] : byTime)
            rows.append(row);
        return rows;
    }

    py::list cdf(std::int64_t runId) const
    {
        requireRun(runId);
        py::list rows;
        for (const auto &[seconds, fraction] : checked(mStore->vector(runId, "response_cdf")))
            rows.append(py::dict(py::arg("response_s") = seconds, py::arg("fraction") = fraction));
        return rows;
    }

    py::list trainingSessions() const
    {
        py::list rows;
        for (const TrainingSession &s : checked(mStore->trainingSessions()))
            rows.append(py::dict(py::arg("id") = s.id, py::arg("name") = s.name,
                                 py::arg("started_at") = s.startedAt,
                                 py::arg("metrics") = s.metrics));
        return rows;
    }

    py::list trainingCurves(const std::optional<std::int64_t> &session) const
    {
        py::list rows;
        bool found = false;
        for (const TrainingSession &s : checked(mStore->trainingSessions())) {
            if (session && s.id != *session)
                continue;
            found = true;
            for (const std::string &metric : s.metrics)
                for (const auto &[step, value] : checked(mStore->trainingCurve(s.id, metric)))
                    rows.append(py::dict(py::arg("session") = s.id, py::arg("name") = s.name,
                                         py::arg("metric") = metric, py::arg("step") = step,
                                         py::arg("value") = value));
        }
        if (session && !found)
            throw py::value_error(mPath + " has no training session " + std::to_string(*session));
        return rows;
    }

    py::list sweeps() const
    {
        py::list rows;
        for (const SweepRecord &s : checked(mStore->sweeps())) {
            py::list points;
            for (const auto &[value, comparison] : s.points)
                points.append(
                    py::dict(py::arg("value") = value, py::arg("comparison") = comparison));
            rows.append(py::dict(py::arg("label") = s.label, py::arg("scenario") = s.scenarioName,
                                 py::arg("parameter") = s.parameter,
                                 py::arg("created_at") = s.createdAt, py::arg("points") = points));
        }
        return rows;
    }

private:
    /** `result`, or RuntimeError with the store's reason when the read failed. */
    template <class T> T checked(T result) const
    {
        if (!mStore->lastError().empty())
            throw std::runtime_error(mStore->lastError());
        return result;
    }

    void requireRun(std::int64_t runId) const
    {
        if (!mStore->run(runId)) // a failed read says no more than that
            throw py::value_error(mPath + " has no run " + std::to_string(runId));
    }

    std::string mPath;
    std::unique_ptr<ExperimentStore> mStore;
};

} // namespace

void bindStore(py::module_ &m)
{
    py::class_<PyStore>(m, "Store", "An experiment store (SQLite), opened to read")
        .def(py::init<const py::object &>(), py::arg("path"))
        .def_property_readonly("path", &PyStore::path)
        .def("comparisons", &PyStore::comparisons)
        .def("comparison", &PyStore::comparison, py::arg("label"))
        .def("runs", &PyStore::runs, py::arg("comparison") = py::none())
        .def("frames", &PyStore::frames, py::arg("run"))
        .def("cdf", &PyStore::cdf, py::arg("run"))
        .def("training_sessions", &PyStore::trainingSessions)
        .def("training_curves", &PyStore::trainingCurves, py::arg("session") = py::none())
        .def("sweeps", &PyStore::sweeps);
}

} // namespace schedlab::python
