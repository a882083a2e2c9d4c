# SPDX-License-Identifier: GPL-3.0-or-later
# The README's "From Python" runs as written, from a folder that has the scenarios.
import ast
import os
import re
import subprocess
import sys

import pytest

from conftest import SOURCE


def section():
    readme = (SOURCE / "README.md").read_text()
    return readme.split("\n## From Python\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_example_runs(tmp_path):
    pytest.importorskip("pandas")
    code = re.search(r"```python\n(.*?)```", section(), re.S).group(1)
    assert len(code.splitlines()) <= 12
    (tmp_path / "scenarios").symlink_to(SOURCE / "scenarios")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert "throughput_rate" in done.stdout and "random" in done.stdout
    assert (tmp_path / "results" / "py.db").exists()


def test_the_readme_command_runs(tmp_path):
    commands = re.search(r"```sh\n(.*?)```", section(), re.S).group(1).splitlines()
    assert commands[0].startswith("export PYTHONPATH=$PWD/build/python")
    program = ast.literal_eval(commands[1].split(" -c ", 1)[1])
    (tmp_path / "scenarios").symlink_to(SOURCE / "scenarios")
    done = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, capture_output=True,
                          text=True, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert ast.literal_eval(done.stdout)["arrived"] > 0


def test_every_python_example_of_the_section_runs(tmp_path):
    pytest.importorskip("pandas")
    blocks = re.findall(r"```python\n(.*?)```", section(), re.S)
    assert len(blocks) >= 2
    (tmp_path / "scenarios").symlink_to(SOURCE / "scenarios")
    for code in blocks[1:]:
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                              text=True)
        assert done.returncode == 0, code + done.stderr
