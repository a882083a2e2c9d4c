# SPDX-License-Identifier: GPL-3.0-or-later
# schedlab.compare: `schedlab-cli compare`'s summary, as a DataFrame or rows; Ctrl-C.
import os
import signal
import threading
import time

import pytest

import schedlab
import schedlab.tables
from conftest import TUTORIAL, cli_json, measured


def rows(table):
    return table.to_dict("records") if hasattr(table, "to_dict") else table


def test_a_comparison_gives_the_cli_numbers(tutorial):
    table = schedlab.compare(tutorial, dispatch="greedy,random", seeds=3, duration="60s")
    printed = cli_json("compare", TUTORIAL, "--dispatch", "greedy,random", "--seeds", "3",
                       "--duration", "60s")
    expected = [(p["name"], name, m["mean"], m["ci95"], m["n"])
                for p in printed["policies"] for name, m in p["metrics"].items()]
    got = [(r["policy"], r["metric"], r["mean"], r["ci95"], r["n"]) for r in rows(table)]
    assert [g[:2] for g in got] == [e[:2] for e in expected]
    assert [g for g in got if not measured(g[1])] == [e for e in expected if not measured(e[1])]


def test_the_table_names_units_and_is_a_dataframe_with_pandas(tutorial, monkeypatch):
    pandas = pytest.importorskip("pandas")
    table = schedlab.compare(tutorial, dispatch=["greedy"], seeds=2, duration="30s")
    assert isinstance(table, pandas.DataFrame)
    assert list(table.columns) == ["policy", "metric", "unit", "mean", "ci95", "n"]
    units = dict(zip(table["metric"], table["unit"]))
    assert units["response_ms_mean"] == "ms"
    monkeypatch.setattr(schedlab.tables, "pandas", None)
    plain = schedlab.compare(tutorial, dispatch=["greedy"], seeds=2, duration="30s")
    assert isinstance(plain, list) and isinstance(plain[0], dict)
    assert [r["metric"] for r in plain] == list(table["metric"])


def test_results_do_not_depend_on_jobs_or_how_seeds_are_given(tutorial):
    def numbers(**options):
        table = rows(schedlab.compare(tutorial, dispatch="greedy,round-robin",
                                      duration="30s", **options))
        return [(r["policy"], r["metric"], r["mean"], r["ci95"]) for r in table
                if not measured(r["metric"])]
    one = numbers(seeds=3, jobs=1)
    assert numbers(seeds=3, jobs=2) == one
    assert numbers(seeds=[1, 2, 3], jobs=3) == one
    assert numbers(seeds=[4, 5], jobs=1) != one


def test_bad_arguments_are_refused(tutorial):
    with pytest.raises(ValueError, match="seeds 0: give 1 to 10000"):
        schedlab.compare(tutorial, seeds=0)
    with pytest.raises(ValueError, match="seed: must be a whole number"):
        schedlab.compare(tutorial, seeds=[1, -2])
    with pytest.raises(ValueError, match="dispatch: 'greedy' is given twice"):
        schedlab.compare(tutorial, dispatch="greedy,greedy")
    with pytest.raises(ValueError, match="dispatch: an empty policy name in 'greedy,'"):
        schedlab.compare(tutorial, dispatch="greedy,")
    with pytest.raises(ValueError, match="unknown placement policy 'kube'"):
        schedlab.compare(tutorial, placement=["kube"])
    with pytest.raises(ValueError, match="jobs -1: give 0 to 1024"):
        schedlab.compare(tutorial, jobs=-1)


def test_ctrl_c_stops_a_long_comparison(tutorial):
    # 40 runs of 100 simulated hours take minutes; the interrupt ends them in well under.
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        schedlab.compare(tutorial, dispatch="greedy,random", seeds=20, jobs=2, duration="100h")
    assert time.monotonic() - started < 10
    # The module works on afterwards.
    assert schedlab.run(tutorial, duration="10s")["arrived"] > 0
