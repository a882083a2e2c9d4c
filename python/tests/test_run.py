# SPDX-License-Identifier: GPL-3.0-or-later
# schedlab.run: the numbers of `schedlab-cli run`, deterministic, bad input refused.
import pytest

import schedlab
from conftest import TUTORIAL, cli, cli_json, measured


def same_as_cli(result, printed):
    """`result` has the CLI's metrics, in its order, with its values but the clock's."""
    names = [n for n in printed if n not in ("scenario", "seed", "policies",
                                             "throughput_per_frame")]
    assert list(result) == names
    for name in names:
        if not measured(name):
            assert result[name] == printed[name], name


def test_a_run_gives_the_cli_numbers(tutorial):
    result = schedlab.run(tutorial, dispatch="random", seed=3, duration="60s")
    same_as_cli(result, cli_json("run", TUTORIAL, "--dispatch", "random", "--seed", "3",
                                 "--duration", "60s"))


def test_set_values_run_as_the_cli_sets_them(tutorial):
    tutorial.set("workload.requests.rate", "20/s")
    result = schedlab.run(tutorial, duration=60)
    same_as_cli(result, cli_json("run", TUTORIAL, "--set", "workload.requests.rate=20/s",
                                 "--duration", "1m"))
    assert result["arrived"] > schedlab.run(TUTORIAL, duration=60)["arrived"]


def test_runs_are_deterministic(tutorial):
    def numbers(seed):
        result = schedlab.run(tutorial, dispatch="greedy", seed=seed, duration="30s")
        return {n: v for n, v in result.items() if not measured(n)}
    assert numbers(5) == numbers(5)
    assert numbers(5) != numbers(6)
    assert numbers(2**64 - 1) == numbers(2**64 - 1)


def test_metrics_name_every_reported_number_with_its_unit(tutorial):
    table = {m["name"]: m for m in schedlab._schedlab.metrics()}
    result = schedlab.run(tutorial, duration="30s")
    assert set(result) <= set(table)
    assert list(result.units) == list(result)
    assert result.units["response_ms_mean"] == "ms" and result.units["arrived"] == ""
    assert table["response_ms_mean"]["unit"] == "ms"
    assert table["throughput_rate"]["unit"] == ""
    assert table["wall_seconds"]["wall_clock"]
    names = [p["name"] for p in schedlab._schedlab.policies() if p["plane"] == "dispatch"]
    assert "greedy" in names and "round-robin" in names


def test_bad_arguments_are_refused_in_the_cli_words(tutorial):
    said = cli("run", TUTORIAL, "--dispatch", "greedyy", check=False)[2]
    with pytest.raises(ValueError) as caught:
        schedlab.run(tutorial, dispatch="greedyy")
    assert "error: " + str(caught.value) == said.strip()
    for seed in (-1, 2**64, "1", 1.0, True):
        with pytest.raises(ValueError, match="seed: must be a whole number from 0 to "
                                             "18446744073709551615"):
            schedlab.run(tutorial, seed=seed)
    with pytest.raises(ValueError, match="duration: "):
        schedlab.run(tutorial, duration="ten minutes")
    with pytest.raises(ValueError, match="duration: must be positive"):
        schedlab.run(tutorial, duration=0)
    with pytest.raises(ValueError, match="a run takes one policy"):
        schedlab.run(tutorial, dispatch="greedy,random")
    with pytest.raises(ValueError, match="no-such.ckpt"):
        schedlab.run(tutorial, checkpoint="no-such.ckpt")
    with pytest.raises(TypeError):
        schedlab.run(tutorial, "greedy")  # options are named


def test_a_run_of_its_own_length_is_checked_for_it(tutorial, tmp_path):
    """A file too long to run as a whole loads; a run of a length that is not too
    long runs, and the file's own length is refused when it is the run's."""
    long = tutorial.copy()
    long.set("time.duration", "100000h")  # 1.44e9 slots of 250 ms
    file = tmp_path / "long.yaml"
    file.write_text(long.text)
    assert any("slots, more than 100,000,000" in str(p) for p in schedlab.validate(file))
    assert schedlab.load(file).name == "tutorial"
    assert schedlab.run(long, duration="10s")["arrived"] > 0
    with pytest.raises(ValueError, match="time.slot: a run of 3.6e[+]08 s"):
        schedlab.run(long)
    with pytest.raises(ValueError, match="duration: a run of 7.2e[+]08 s"):
        schedlab.run(long, duration="200000h")

