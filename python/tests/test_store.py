# SPDX-License-Identifier: GPL-3.0-or-later
# schedlab.Store: comparisons, runs, frames, CDFs and training curves read back.
import sqlite3

import pytest

import schedlab
from conftest import TUTORIAL, cli, measured


def rows(table):
    return table.to_dict("records") if hasattr(table, "to_dict") else table


def numbers(table):
    return [(r["policy"], r["metric"], r["mean"], r["ci95"], r["n"]) for r in rows(table)
            if not measured(r["metric"])]


@pytest.fixture
def store_path(tmp_path, tutorial):
    path = tmp_path / "experiments.db"
    schedlab.compare(tutorial, dispatch="greedy,random", seeds=2, duration="30s", db=str(path))
    return path


def test_a_recorded_comparison_reads_back(store_path, tutorial):
    store = schedlab.Store(store_path)
    comparisons = rows(store.comparisons())
    assert len(comparisons) == 1
    label = comparisons[0]["label"]
    assert label.startswith("tutorial @ ")
    assert comparisons[0]["runs"] == 4
    assert list(comparisons[0]["variants"]) == ["greedy", "random"]
    again = schedlab.compare(tutorial, dispatch="greedy,random", seeds=2, duration="30s")
    assert numbers(store.comparison(label)) == numbers(again)


def test_a_cli_comparison_reads_as_the_cli_ran_it(tmp_path):
    path = tmp_path / "cli.db"
    out = tmp_path / "out"
    cli("compare", TUTORIAL, "--dispatch", "round-robin", "--seeds", "2", "--duration", "30s",
        "--db", str(path), "--out", str(out))
    store = schedlab.Store(str(path))
    label = rows(store.comparisons())[0]["label"]
    summary = {(r["policy"], r["metric"]): r for r in rows(store.comparison(label))}
    lines = (out / "summary.csv").read_text().splitlines()[1:]
    assert len(lines) == len(summary)
    for line in lines:
        policy, metric, mean, ci95, n = line.split(",")
        if not measured(metric):
            assert float(mean) == pytest.approx(summary[policy, metric]["mean"], rel=1e-12)
            assert int(n) == summary[policy, metric]["n"]


def test_runs_frames_and_cdf(store_path):
    store = schedlab.Store(store_path)
    label = rows(store.comparisons())[0]["label"]
    runs = rows(store.runs(label))
    assert len(runs) == 4
    assert {r["status"] for r in runs} == {"complete"}
    assert sorted((r["variant"], r["seed"]) for r in runs) == [
        ("greedy", 1), ("greedy", 2), ("random", 1), ("random", 2)]
    assert all(r["dispatch"] == r["variant"] for r in runs)
    assert all(0 <= r["throughput_rate"] <= 1 for r in runs)
    assert rows(store.runs("no such comparison")) == []
    frames = rows(store.frames(runs[0]["id"]))
    assert len(frames) >= 1
    assert {"time_s", "throughput", "avg_util"} <= set(frames[0])
    assert [f["time_s"] for f in frames] == sorted(f["time_s"] for f in frames)
    cdf = rows(store.cdf(runs[0]["id"]))
    assert cdf and cdf[-1]["fraction"] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="has no run 999"):
        store.frames(999)


def test_training_curves(store_path):
    # The trainers write sessions through the store's own API; here SQLite writes two.
    with sqlite3.connect(store_path) as db:
        db.execute("INSERT INTO training_session (id, name, started_at) "
                   "VALUES (1, 'ppo', '2026-01-01T00:00:00.000Z'), "
                   "(2, 'dqn', '2026-01-02T00:00:00.000Z')")
        db.executemany("INSERT INTO training_point VALUES (1, ?, ?, ?)",
                       [("reward", 2, -0.5), ("reward", 1, -1.0), ("loss", 1, 3.0)])
    store = schedlab.Store(store_path)
    sessions = rows(store.training_sessions())
    assert [(s["id"], s["name"], list(s["metrics"])) for s in sessions] == [
        (1, "ppo", ["loss", "reward"]), (2, "dqn", [])]
    curves = rows(store.training_curves(1))
    assert [(c["metric"], c["step"], c["value"]) for c in curves] == [
        ("loss", 1, 3.0), ("reward", 1, -1.0), ("reward", 2, -0.5)]
    assert len(rows(store.training_curves())) == 3
    with pytest.raises(ValueError, match="no training session 7"):
        store.training_curves(7)


def test_what_is_not_a_store_is_said(tmp_path, store_path):
    with pytest.raises(FileNotFoundError, match="nothing.db"):
        schedlab.Store(tmp_path / "nothing.db")
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    with pytest.raises(ValueError, match="notes.txt"):
        schedlab.Store(text)
    with pytest.raises(ValueError, match="no-such-label"):
        schedlab.Store(store_path).comparison("no-such-label")
