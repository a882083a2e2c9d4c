# SPDX-License-Identifier: GPL-3.0-or-later
# Python functions as policies: a greedy written in Python compares equal to
# `schedlab-cli compare --dispatch greedy`, runs land in the store under the function's
# name, placement functions see PlacementEnv's observation, and a function's mistakes
# end its runs with a message that names it.
import numpy as np
import pytest

import schedlab
from conftest import SOURCE, TUTORIAL, cli_json, measured
from test_compare import rows
from test_dispatchenv import greedy

DRS = str(SOURCE / "scenarios" / "drs-five-node.yaml")


def python_greedy(state, mask, info):
    return greedy(state, mask, info)


def test_a_python_greedy_compares_equal_to_the_built_in():
    table = schedlab.compare(TUTORIAL, dispatch=[python_greedy], seeds=3, duration="90s")
    printed = cli_json("compare", TUTORIAL, "--dispatch", "greedy", "--seeds", "3",
                       "--duration", "90s")
    expected = [(name, m["mean"], m["ci95"], m["n"])
                for p in printed["policies"] for name, m in p["metrics"].items()
                if not measured(name)]
    got = [(r["metric"], r["mean"], r["ci95"], r["n"]) for r in rows(table)
           if not measured(r["metric"])]
    assert {r["policy"] for r in rows(table)} == {"python_greedy"}
    assert got == expected


def test_a_python_policy_runs_beside_the_built_ins_into_the_store(tutorial, tmp_path):
    db = str(tmp_path / "runs.db")
    calls = []

    def cloud_first(state, mask):  # two arguments: no info
        calls.append(mask.copy())
        return 0

    table = rows(schedlab.compare(tutorial, dispatch=["greedy", cloud_first, "random"],
                                  seeds=2, duration="30s", db=db))
    fraction = {r["policy"]: r["mean"] for r in table if r["metric"] == "to_cloud_fraction"}
    assert list(fraction) == ["greedy", "cloud_first", "random"]
    assert fraction["cloud_first"] == 1.0 > fraction["greedy"]
    assert calls and all(m.dtype == np.int8 and m[0] == 1 for m in calls)
    runs = rows(schedlab.Store(db).runs())
    assert sorted({r["dispatch"] for r in runs}) == ["cloud_first", "greedy", "random"]
    assert all(r["status"] == "complete" for r in runs)
    # A stateful function sees the same calls in the same order every time.
    first = len(calls)
    schedlab.compare(tutorial, dispatch=[cloud_first], seeds=2, duration="30s", jobs=4)
    assert len(calls) == 2 * first
    assert all(np.array_equal(a, b) for a, b in zip(calls[:first], calls[first:]))


def test_run_takes_a_python_policy(tutorial):
    same = schedlab.run(tutorial, dispatch=python_greedy, seed=5, duration="60s")
    built_in = schedlab.run(tutorial, dispatch="greedy", seed=5, duration="60s")
    assert {k: v for k, v in same.items() if not measured(k)} == \
        {k: v for k, v in built_in.items() if not measured(k)}


def test_a_placement_function_sees_what_placement_env_shows():
    env = schedlab.PlacementEnv(DRS)
    seen = []

    def first_fit(state, mask, info):
        seen.append((state.dtype, state.shape, mask.dtype, info["pod"]))
        assert state in env.observation_space
        feasible = np.flatnonzero(mask)
        return int(feasible[0]) if feasible.size else 0

    table = rows(schedlab.compare(DRS, placement=["kube-default", first_fit], seeds=2,
                                  duration="60s"))
    placed = {r["policy"]: r["mean"] for r in table if r["metric"] == "pods_placed"}
    assert placed["first_fit"] > 0 and "kube-default" in placed
    assert seen and all(s[:3] == (np.float32, env.observation_space.shape, np.int8)
                        for s in seen)


def test_a_policys_mistakes_are_named():
    def refused(match, policy, error=RuntimeError, **options):
        with pytest.raises(error, match=match):
            schedlab.compare(TUTORIAL, dispatch=[policy], seeds=1, duration="10s", **options)

    def too_far(state, mask):
        return 99

    def a_float(state, mask):
        return 1.5

    def broken(state, mask):
        raise ZeroDivisionError("the agent divided by zero")

    refused(r"dispatch policy 'too_far' gave action 99: give 0 to 6", too_far)
    refused(r"dispatch policy 'a_float' gave 1.5: give an action index", a_float)
    refused(r"dispatch policy 'broken' raised ZeroDivisionError: the agent divided by zero",
            broken)
    refused("has no name: define it with def", lambda s, m: 0, ValueError)
    refused("'greedy' is a built-in policy's name", type("P", (), {
        "name": "greedy", "__call__": lambda self, s, m: 0})(), ValueError)
    refused("Python policies run on the dispatch and placement planes", "greedy", TypeError,
            orchestration=[lambda s, m: 0])
    with pytest.raises(TypeError, match="neither a policy name nor a function"):
        schedlab.compare(TUTORIAL, dispatch=["greedy", 3], seeds=1)
