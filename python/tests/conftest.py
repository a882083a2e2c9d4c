# SPDX-License-Identifier: GPL-3.0-or-later
# ctest runs these with PYTHONPATH=<build>/python, SCHEDLAB_SOURCE_DIR and SCHEDLAB_CLI set.
import json
import os
import pathlib
import subprocess

import pytest

import schedlab

SOURCE = pathlib.Path(os.environ.get("SCHEDLAB_SOURCE_DIR",
                                     pathlib.Path(__file__).resolve().parents[2]))
TUTORIAL = str(SOURCE / "scenarios" / "tutorial.yaml")
INVALID = str(SOURCE / "tests" / "data" / "scenarios" / "invalid-units.yaml")
GLOBAL = str(SOURCE / "scenarios" / "global-multicluster.yaml")


def cli(*args, check=True):
    """schedlab-cli's result for `args`: (exit code, stdout, stderr)."""
    program = os.environ.get("SCHEDLAB_CLI")
    if not program:
        pytest.skip("SCHEDLAB_CLI names no schedlab-cli to compare with")
    done = subprocess.run([program, *args], capture_output=True, text=True)
    if check:
        assert done.returncode == 0, done.stderr
    return done.returncode, done.stdout, done.stderr


def cli_json(*args):
    return json.loads(cli(*args, "--json")[1])


def measured(name):
    """True for a metric this machine's clock measures: it differs between equal runs."""
    return any(m["name"] == name and m["wall_clock"] for m in schedlab._schedlab.metrics())


@pytest.fixture
def tutorial():
    return schedlab.load(TUTORIAL)
