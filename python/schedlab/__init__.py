# SPDX-License-Identifier: GPL-3.0-or-later
"""SchedLab from Python: the simulator that `schedlab-cli` runs, as a module.

    import schedlab
    s = schedlab.load("scenarios/tutorial.yaml")
    s.set("workload.requests.rate", "20/s")
    schedlab.run(s, dispatch="greedy", seed=1)  # {"throughput_rate": ..., ...}
    schedlab.compare(s, dispatch="greedy,random", seeds=5)  # a DataFrame

Runs and comparisons give the numbers `schedlab-cli run` and `compare` give for the
same scenario, policies and seeds. Tables are pandas DataFrames when pandas is
installed, else lists of dicts.
"""

from . import _schedlab, spaces
from ._schedlab import Scenario, __version__, load, validate
from .errors import Problem, ScenarioError
from .dispatchenv import DispatchEnv, DispatchVecEnv, make_vec
from .placementenv import PlacementEnv
from .pythonpolicies import split as _python_policies
from .tables import table

__all__ = ["DispatchEnv", "DispatchVecEnv", "Metrics", "PlacementEnv", "Problem", "Scenario",
           "ScenarioError", "Store", "compare", "load", "make_vec", "metrics", "policies", "run", "spaces", "validate"]

SUMMARY_COLUMNS = ["policy", "metric", "unit", "mean", "ci95", "n"]


class Metrics(dict):
    """A run's metrics by name, in report order; `units` names each one's unit."""

    @property
    def units(self):
        known = {m["name"]: m["unit"] for m in _schedlab.metrics()}
        return {name: known.get(name, "") for name in self}


def _scenario(scenario):
    return scenario if isinstance(scenario, Scenario) else load(scenario)


def run(scenario, **options):
    """One run, as `schedlab-cli run`: {metric name: value} in report order.

    `scenario` is a Scenario or a file name. Options: dispatch, dequeue,
    orchestration, placement (a policy name each; default the scenario's), seed
    (default the scenario's), duration ("10m" or seconds), checkpoint (a file of
    trained weights for learned policies). A dispatch or placement policy may be a
    Python function policy(state, mask[, info]) -> action, which sees what
    DispatchEnv's or PlacementEnv's agent sees. `.units` names each metric's unit,
    from the metric table (schedlab.metrics()).
    """
    return Metrics(_schedlab.run(_scenario(scenario), **_python_policies(options)))


def compare(scenario, **options):
    """Policies side by side on the same seeds, as `schedlab-cli compare`: one row per
    policy and metric with its unit, mean, 95% confidence interval and run count.

    Options: dispatch, dequeue, orchestration, placement (a name, names separated by
    commas, or a list; every combination runs), seeds (a count from the scenario's
    seed, default 10, or a list of seeds), jobs (parallel runs; 0, the default, is one
    per core), duration, checkpoint, db (an experiment store to record the runs in).
    Dispatch and placement lists may hold Python functions beside the names:
    policy(state, mask[, info]) -> action, as an agent acts in DispatchEnv or
    PlacementEnv, named by their `name` attribute or __name__; with one, the runs go
    one at a time. Ctrl-C stops the runs at their next slot and raises KeyboardInterrupt.
    """
    options = _python_policies(options)
    return table(_schedlab.compare(_scenario(scenario), **options), SUMMARY_COLUMNS)


def metrics():
    """Every metric a run can report, in report order, with its label and unit."""
    return table(_schedlab.metrics())


def policies():
    """Every built-in policy by plane, with what it does and where it comes from."""
    return table(_schedlab.policies())


class Store:
    """An experiment store (`--db` of schedlab-cli, the workbench's store), read-only."""

    def __init__(self, path):
        self._store = _schedlab.Store(path)

    @property
    def path(self):
        return self._store.path

    def comparisons(self):
        """The stored comparisons, oldest first: label, scenario, started_at, variants, runs."""
        return table(self._store.comparisons(),
                     ["label", "scenario", "started_at", "variants", "runs"])

    def comparison(self, label):
        """A stored comparison's summary, as compare() gives it."""
        return table(self._store.comparison(label), SUMMARY_COLUMNS)

    def runs(self, comparison=None):
        """Every run (or a comparison's): its policies, seed, status and metrics."""
        return table(self._store.runs(comparison))

    def frames(self, run):
        """A run's per-frame series (throughput, utilisation, ...) by the frame's end."""
        return table(self._store.frames(run))

    def cdf(self, run):
        """A run's response-time CDF: response_s, fraction."""
        return table(self._store.cdf(run), ["response_s", "fraction"])

    def training_sessions(self):
        """The training sessions, oldest first, with the names of their curves."""
        return table(self._store.training_sessions(), ["id", "name", "started_at", "metrics"])

    def training_curves(self, session=None):
        """Every training curve (or a session's), one row per step and metric."""
        return table(self._store.training_curves(session),
                     ["session", "name", "metric", "step", "value"])

    def sweeps(self):
        """The stored sweeps: label, scenario, parameter, created_at, points (value,
        comparison), whose comparisons comparison() reads."""
        return table(self._store.sweeps(),
                     ["label", "scenario", "parameter", "created_at", "points"])

    def __repr__(self):
        return f"<schedlab.Store {self.path}>"
