# SPDX-License-Identifier: GPL-3.0-or-later
# schedlab.load, validate and Scenario.get/set: the CLI's loader, messages and --set.
import copy
import pathlib
import pickle
import re

import pytest

import schedlab
from conftest import GLOBAL, INVALID, TUTORIAL, cli


def test_load_reads_the_file(tutorial):
    assert tutorial.name == "tutorial"
    assert tutorial.seed == 1
    assert tutorial.file == TUTORIAL
    assert not tutorial.is_global
    assert cli("validate", TUTORIAL)[1].strip() == f"{TUTORIAL}: ok ({tutorial.summary})"
    assert tutorial.text == pathlib.Path(TUTORIAL).read_text()
    assert schedlab.load(pathlib.Path(TUTORIAL)).name == "tutorial"


def test_errors_are_located_as_the_cli_locates_them():
    with pytest.raises(schedlab.ScenarioError) as caught:
        schedlab.load(INVALID)
    error = caught.value
    assert isinstance(error, ValueError)
    # The CLI's lines, but its count: file:line:column: key: message
    expected = cli("validate", INVALID, check=False)[2].splitlines()[:-1]
    assert str(error).splitlines() == expected
    assert len(error.errors) == 3
    assert (error.file, error.line, error.column, error.key) == (INVALID, 4, 14, "time.slot")
    assert error.message.startswith("expected a duration with a unit")
    assert [str(p) for p in schedlab.validate(INVALID)] == expected
    again = pickle.loads(pickle.dumps(error))
    assert (again.errors, str(again), again.line) == (error.errors, str(error), 4)


def test_a_missing_file_is_said():
    with pytest.raises(FileNotFoundError, match="no-such.yaml: cannot read the file"):
        schedlab.load("no-such.yaml")


def test_validate_a_good_file_and_a_loaded_scenario(tutorial):
    assert all(p.warning for p in schedlab.validate(TUTORIAL))
    assert schedlab.validate(tutorial) == tutorial.warnings


def test_get_and_set_by_the_sweep_path_syntax(tutorial):
    assert tutorial.get("workload.requests.rate") == "5/s"
    assert tutorial.get("services.web.request.deadline") == "1s"
    assert tutorial.get("services[0].name") == "web"
    tutorial.set("workload.requests.rate", "20/s")
    assert tutorial.get("workload.requests.rate") == "20/s"
    tutorial.set("seed", 7)
    assert tutorial.seed == 7
    tutorial.set("services.web.perf_base", 1.5)
    assert tutorial.get("services.web.perf_base") == "1.5"
    tutorial.set("policies.dispatch", "random")
    assert tutorial.get("policies.dispatch") == "random"
    # Only the values changed: comments and layout are the file's.
    assert tutorial.text.count("\n") == pathlib.Path(TUTORIAL).read_text().count("\n")
    assert "# or {kind: pattern" in tutorial.text


def test_copies_are_independent(tutorial):
    other = copy.copy(tutorial)
    other.set("workload.requests.rate", "9/s")
    assert tutorial.get("workload.requests.rate") == "5/s"
    assert tutorial.copy().get("workload.requests.rate") == "5/s"


def test_a_bad_path_is_refused_with_the_cli_words(tutorial):
    with pytest.raises(ValueError, match=re.escape(
            "tutorial.yaml: no value at 'workload.requests.rat': 'workload.requests' has no key "
            "'rat' (did you mean 'rate'?); its keys: kind, rate")) as caught:
        tutorial.get("workload.requests.rat")
    assert not isinstance(caught.value, schedlab.ScenarioError)
    with pytest.raises(ValueError, match="'services' is a list with no item 'wbe'"):
        tutorial.set("services.wbe.request.deadline", "2s")
    with pytest.raises(ValueError, match="not a single value"):
        tutorial.set("workload.requests", "5/s")
    with pytest.raises(TypeError):
        tutorial.set("seed", [1])


def test_a_refused_value_leaves_the_scenario_as_it_was(tutorial):
    _, _, said = cli("run", TUTORIAL, "--set", "workload.requests.rat=2/s", check=False)
    with pytest.raises(schedlab.ScenarioError) as caught:
        tutorial.set("workload.requests.rat", "2/s")  # added to the flow map, then refused
    assert str(caught.value) == said.strip()
    assert caught.value.key == "workload.requests.rat"
    with pytest.raises(schedlab.ScenarioError, match="time.slot"):
        tutorial.set("time.slot", "250")
    assert tutorial.get("time.slot") == "250ms"
    assert tutorial.text == pathlib.Path(TUTORIAL).read_text()


def test_a_global_scenario_loads_but_does_not_run():
    scenario = schedlab.load(GLOBAL)
    assert scenario.is_global
    with pytest.raises(ValueError, match="is a global scenario"):
        schedlab.run(scenario)
